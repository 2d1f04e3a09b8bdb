import { Form, Link, useNavigation } from '@remix-run/react';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Label } from 'radix-ui';
import { useState, type ReactElement } from 'react';
import { Field } from './field';
import type { PatientFormValues } from '../../domain/patient/patient.form';
import { episodeStatuses, episodeStatusLabels, genderLabels, genders, roomMaxLength } from '../../domain/patient/patient.schemas';

interface Props {
  values: PatientFormValues;
  errors?: Record<string, string>;
  message?: string;
  submitLabel: string;
  cancelTo: string;
  showStatus?: boolean;
}

/** A field of the patient form: its hint gives way to the error when there is one. */
function PatientField({
  name,
  label,
  errors,
  hint,
  children,
}: {
  name: string;
  label: string;
  errors?: Record<string, string>;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const error = errors?.[name];
  return (
    <Field id={name} label={label} error={error} hint={error ? undefined : hint}>
      {children}
    </Field>
  );
}

/** Works without JavaScript: a plain POST, server-side Dutch validation, values kept after an error. */
export function PatientForm({ values, errors, message, submitLabel, cancelTo, showStatus }: Props) {
  const navigation = useNavigation();
  const [johnDoe, setJohnDoe] = useState(values.johnDoe === 'on');
  const busy = navigation.state === 'submitting';
  const input = (name: keyof PatientFormValues, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      id={name}
      name={name}
      defaultValue={values[name]}
      aria-invalid={errors?.[name] ? true : undefined}
      aria-describedby={errors?.[name] ? `${name}-error` : undefined}
      {...props}
    />
  );

  return (
    <Form method="post" className="patient-form" noValidate>
      {message && errors && Object.keys(errors).length > 0 ? (
        <div className="notice notice-danger" role="alert">
          <strong>{message}</strong> {Object.keys(errors).length === 1 ? 'Eén veld vraagt' : `${Object.keys(errors).length} velden vragen`}{' '}
          je aandacht.
        </div>
      ) : null}

      <fieldset className="form-section">
        <legend>Identiteit</legend>
        <div className="checkbox-field">
          <input
            type="checkbox"
            id="johnDoe"
            name="johnDoe"
            defaultChecked={values.johnDoe === 'on'}
            onChange={(event) => setJohnDoe(event.currentTarget.checked)}
          />
          <div>
            <Label.Root htmlFor="johnDoe">Onbekende patiënt (NN, crisisopname)</Label.Root>
            <p className="field-hint">Alleen als de identiteit nog niet vastgesteld kan worden. Het BSN is dan niet verplicht.</p>
          </div>
        </div>
        {johnDoe ? (
          <div className="notice notice-warning" role="status">
            <ExclamationTriangleIcon aria-hidden="true" /> Deze patiënt wordt geregistreerd zonder BSN. Het dossier blijft zichtbaar
            gemarkeerd tot het BSN is aangevuld.
          </div>
        ) : null}
        <div className="grid grid-3">
          <PatientField name="nameGiven" label="Voornamen" errors={errors} hint="Gescheiden door spaties">
            {input('nameGiven', { autoComplete: 'off' })}
          </PatientField>
          <PatientField name="namePrefix" label="Voorvoegsel" errors={errors} hint="Bijvoorbeeld: van der">
            {input('namePrefix', { autoComplete: 'off' })}
          </PatientField>
          <PatientField name="familyName" label="Achternaam" errors={errors}>
            {input('familyName', { autoComplete: 'off' })}
          </PatientField>
        </div>
        <div className="grid grid-3">
          <PatientField name="bsn" label="BSN" errors={errors} hint="9 cijfers">
            {input('bsn', { inputMode: 'numeric', autoComplete: 'off', maxLength: 11 })}
          </PatientField>
          <PatientField name="birthDate" label="Geboortedatum" errors={errors}>
            {input('birthDate', { type: 'date' })}
          </PatientField>
          <PatientField name="gender" label="Geslacht" errors={errors}>
            <select id="gender" name="gender" defaultValue={values.gender || 'unknown'}>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {genderLabels[gender]}
                </option>
              ))}
            </select>
          </PatientField>
        </div>
        {showStatus ? (
          <div className="grid grid-3">
            <PatientField name="episodeStatus" label="Status zorgtraject" errors={errors}>
              <select id="episodeStatus" name="episodeStatus" defaultValue={values.episodeStatus}>
                {episodeStatuses.map((status) => (
                  <option key={status} value={status}>
                    {episodeStatusLabels[status]}
                  </option>
                ))}
              </select>
            </PatientField>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="form-section">
        <legend>Verblijf op de afdeling</legend>
        <div className="grid grid-3">
          <PatientField name="room" label="Kamer / bed" errors={errors} hint="Bijvoorbeeld K12 of Kamer 3 bed 2; leeg als er geen kamer is">
            {input('room', { autoComplete: 'off', maxLength: roomMaxLength })}
          </PatientField>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Adres en contact</legend>
        <div className="grid grid-3">
          <PatientField name="address.street" label="Straat en huisnummer" errors={errors}>
            {input('address.street', { autoComplete: 'off' })}
          </PatientField>
          <PatientField name="address.postalCode" label="Postcode" errors={errors} hint="Bijvoorbeeld 1234 AB">
            {input('address.postalCode', { autoComplete: 'off', maxLength: 7 })}
          </PatientField>
          <PatientField name="address.city" label="Woonplaats" errors={errors}>
            {input('address.city', { autoComplete: 'off' })}
          </PatientField>
        </div>
        <div className="grid grid-3">
          <PatientField name="contact.phone" label="Telefoon" errors={errors}>
            {input('contact.phone', { type: 'tel', autoComplete: 'off' })}
          </PatientField>
          <PatientField name="contact.email" label="E-mailadres" errors={errors}>
            {input('contact.email', { type: 'email', autoComplete: 'off' })}
          </PatientField>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Verzekering</legend>
        <div className="grid grid-3">
          <PatientField name="insurance.company" label="Zorgverzekeraar" errors={errors}>
            {input('insurance.company', { autoComplete: 'off' })}
          </PatientField>
          <PatientField name="insurance.policyNumber" label="Polisnummer" errors={errors}>
            {input('insurance.policyNumber', { autoComplete: 'off' })}
          </PatientField>
        </div>
      </fieldset>

      <div className="form-actions">
        <Link to={cancelTo} className="button button-secondary">
          Annuleren
        </Link>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Bezig met opslaan…' : submitLabel}
        </button>
      </div>
    </Form>
  );
}
