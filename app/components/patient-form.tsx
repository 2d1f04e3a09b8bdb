import { Form, Link, useNavigation } from '@remix-run/react';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Label } from 'radix-ui';
import { useState, type ReactNode } from 'react';
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

function Field({
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
  children: ReactNode;
}) {
  const error = errors?.[name];
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <Label.Root htmlFor={name}>{label}</Label.Root>
      {children}
      {hint && !error ? (
        <p className="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
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
          <Field name="nameGiven" label="Voornamen" errors={errors} hint="Gescheiden door spaties">
            {input('nameGiven', { autoComplete: 'off' })}
          </Field>
          <Field name="namePrefix" label="Voorvoegsel" errors={errors} hint="Bijvoorbeeld: van der">
            {input('namePrefix', { autoComplete: 'off' })}
          </Field>
          <Field name="familyName" label="Achternaam" errors={errors}>
            {input('familyName', { autoComplete: 'off' })}
          </Field>
        </div>
        <div className="grid grid-3">
          <Field name="bsn" label="BSN" errors={errors} hint="9 cijfers">
            {input('bsn', { inputMode: 'numeric', autoComplete: 'off', maxLength: 11 })}
          </Field>
          <Field name="birthDate" label="Geboortedatum" errors={errors}>
            {input('birthDate', { type: 'date' })}
          </Field>
          <Field name="gender" label="Geslacht" errors={errors}>
            <select id="gender" name="gender" defaultValue={values.gender || 'unknown'}>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {genderLabels[gender]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {showStatus ? (
          <div className="grid grid-3">
            <Field name="episodeStatus" label="Status zorgtraject" errors={errors}>
              <select id="episodeStatus" name="episodeStatus" defaultValue={values.episodeStatus}>
                {episodeStatuses.map((status) => (
                  <option key={status} value={status}>
                    {episodeStatusLabels[status]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="form-section">
        <legend>Verblijf op de afdeling</legend>
        <div className="grid grid-3">
          <Field name="room" label="Kamer / bed" errors={errors} hint="Bijvoorbeeld K12 of Kamer 3 bed 2; leeg als er geen kamer is">
            {input('room', { autoComplete: 'off', maxLength: roomMaxLength })}
          </Field>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Adres en contact</legend>
        <div className="grid grid-3">
          <Field name="address.street" label="Straat en huisnummer" errors={errors}>
            {input('address.street', { autoComplete: 'off' })}
          </Field>
          <Field name="address.postalCode" label="Postcode" errors={errors} hint="Bijvoorbeeld 1234 AB">
            {input('address.postalCode', { autoComplete: 'off', maxLength: 7 })}
          </Field>
          <Field name="address.city" label="Woonplaats" errors={errors}>
            {input('address.city', { autoComplete: 'off' })}
          </Field>
        </div>
        <div className="grid grid-3">
          <Field name="contact.phone" label="Telefoon" errors={errors}>
            {input('contact.phone', { type: 'tel', autoComplete: 'off' })}
          </Field>
          <Field name="contact.email" label="E-mailadres" errors={errors}>
            {input('contact.email', { type: 'email', autoComplete: 'off' })}
          </Field>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Verzekering</legend>
        <div className="grid grid-3">
          <Field name="insurance.company" label="Zorgverzekeraar" errors={errors}>
            {input('insurance.company', { autoComplete: 'off' })}
          </Field>
          <Field name="insurance.policyNumber" label="Polisnummer" errors={errors}>
            {input('insurance.policyNumber', { autoComplete: 'off' })}
          </Field>
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
