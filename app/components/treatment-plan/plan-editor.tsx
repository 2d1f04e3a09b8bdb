import { Form, useNavigation } from '@remix-run/react';
import { CheckIcon, ExclamationTriangleIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useState, type ReactNode } from 'react';
import { Field } from '../field';
import {
  classificationKindLabels,
  classificationKinds,
  consentLabels,
  consentStatuses,
  planLimits,
  type TreatmentPlanContent,
} from '../../../domain/treatment-plan/treatment-plan.schemas';

type Errors = Record<string, string | undefined>;

/** Enough rows to read the text without scrolling inside the field, within bounds. */
function rowsFor(text: string, charsPerLine: number, min: number, max = 14): number {
  const lines = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);
  return Math.min(max, Math.max(min, lines + 1));
}

function FieldError({ message }: { message?: string }) {
  return message ? <p className="field-error">{message}</p> : null;
}

function TextField({
  name,
  label,
  value,
  errors,
  hint,
  rows,
  charsPerLine = 95,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  errors: Errors;
  hint?: string;
  /** A textarea of at least this many rows; more when the text needs them. */
  rows?: number;
  charsPerLine?: number;
  placeholder?: string;
}) {
  return (
    <Field id={name} label={label} error={errors[name]} hint={hint} hintFirst>
      {rows ? (
        <textarea name={name} rows={rowsFor(value, charsPerLine, rows)} defaultValue={value} placeholder={placeholder} />
      ) : (
        <input name={name} type="text" defaultValue={value} placeholder={placeholder} />
      )}
    </Field>
  );
}

/** A list the clinician types one item per line: the form's lightest way to edit a list. */
function LinesField({ name, label, value, errors, hint }: { name: string; label: string; value: string[]; errors: Errors; hint?: string }) {
  const error = errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
  return (
    <Field id={name} label={label} error={error} hint={hint ?? 'Eén per regel.'} hintFirst>
      <textarea name={name} rows={rowsFor(value.join('\n'), 42, 3)} defaultValue={value.join('\n')} />
    </Field>
  );
}

/**
 * Rows the clinician adds and removes (goals, classifications, practitioners, evaluations). Inputs
 * stay uncontrolled; each row keeps its key so removing one leaves the others' typing alone.
 */
function Rows<T>({
  name,
  legend,
  initial,
  blank,
  addLabel,
  errors,
  max = planLimits.rows,
  children,
}: {
  name: string;
  legend: string;
  initial: T[];
  blank: T;
  addLabel: string;
  errors: Errors;
  max?: number;
  children: (row: T, prefix: string, index: number) => ReactNode;
}) {
  const [rows, setRows] = useState(() => initial.map((value, key) => ({ key, value })));
  const [next, setNext] = useState(initial.length);
  return (
    <fieldset className={errors[name] ? 'plan-rows has-error' : 'plan-rows'}>
      <legend className="visually-hidden">{legend}</legend>
      <FieldError message={errors[name]} />
      {rows.length === 0 ? <p className="muted small">Nog niets ingevuld.</p> : null}
      <ol className="plan-row-list">
        {rows.map((row, index) => (
          <li key={row.key} className="plan-row">
            <div className="plan-row-fields">{children(row.value, `${name}.${index}`, index)}</div>
            <button
              type="button"
              className="plan-remove"
              aria-label={`Regel ${index + 1} verwijderen`}
              title="Verwijderen"
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              <TrashIcon aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
      {rows.length < max ? (
        <button
          type="button"
          className="button plan-add"
          onClick={() => {
            setRows((current) => [...current, { key: next, value: blank }]);
            setNext(next + 1);
          }}
        >
          <PlusIcon aria-hidden="true" /> {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

export interface PlanEditorProps {
  planId: string;
  version: number;
  values: TreatmentPlanContent;
  errors?: Record<string, string>;
  message?: string;
  canApprove: boolean;
  today: string;
}

/**
 * The draft, every section editable. "Concept opslaan" keeps it a draft; "Goedkeuren" saves what
 * is on the screen and approves it in one step, so no edit is lost between the two.
 */
export function PlanEditor({ planId, version, values, errors: given, message, canApprove, today }: PlanEditorProps) {
  const errors: Errors = given ?? {};
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : '';
  const errorCount = Object.keys(errors).length;

  return (
    <Form method="post" className="plan-editor" noValidate aria-label={`Concept versie ${version} bewerken`}>
      <input type="hidden" name="planId" value={planId} />
      {message ? (
        <div className="notice notice-danger" role="alert">
          <ExclamationTriangleIcon aria-hidden="true" />
          <div>
            <p>{message}</p>
            {errorCount > 1 ? <p className="small">{errorCount} onderdelen vragen aandacht; ze zijn hieronder gemarkeerd.</p> : null}
          </div>
        </div>
      ) : null}

      <section className="plan-edit-section">
        <h3>Hulpvraag en probleemanalyse</h3>
        <TextField
          name="hulpvraag"
          label="Hulpvraag"
          value={values.hulpvraag}
          errors={errors}
          rows={3}
          hint="In de woorden van de patiënt: waarmee wil de patiënt geholpen worden?"
        />
        <TextField
          name="probleemanalyse"
          label="Probleemanalyse"
          value={values.probleemanalyse}
          errors={errors}
          rows={5}
          hint="Klachten, beloop, risico's en beschermende factoren."
        />
      </section>

      <section className="plan-edit-section">
        <h3>DSM-5-classificatie</h3>
        <Rows
          name="classificatie"
          legend="Classificaties"
          initial={values.classificatie}
          blank={{ code: '', omschrijving: '', soort: 'neven' }}
          addLabel="Classificatie toevoegen"
          errors={errors}
        >
          {(row, prefix) => (
            <div className="plan-grid plan-grid-classification">
              <TextField name={`${prefix}.code`} label="Code" value={row.code} errors={errors} />
              <TextField name={`${prefix}.omschrijving`} label="Omschrijving" value={row.omschrijving} errors={errors} />
              <div className="field">
                <label htmlFor={`${prefix}.soort`}>Soort</label>
                <select id={`${prefix}.soort`} name={`${prefix}.soort`} defaultValue={row.soort}>
                  {classificationKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {classificationKindLabels[kind]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </Rows>
      </section>

      <section className="plan-edit-section">
        <h3>Doelen</h3>
        <p className="field-hint">
          SMART: specifiek, meetbaar, acceptabel, realistisch en tijdgebonden. Elk doel heeft een evaluatiedatum.
        </p>
        <Rows
          name="doelen"
          legend="Doelen"
          initial={values.doelen}
          blank={{ omschrijving: '', evaluatiedatum: '' }}
          addLabel="Doel toevoegen"
          errors={errors}
          max={planLimits.goals}
        >
          {(goal, prefix, index) => (
            <div className="plan-grid plan-grid-goal">
              <TextField
                name={`${prefix}.omschrijving`}
                label={`Doel ${index + 1}`}
                value={goal.omschrijving}
                errors={errors}
                rows={2}
                charsPerLine={70}
              />
              <Field id={`${prefix}.evaluatiedatum`} label="Evaluatiedatum" error={errors[`${prefix}.evaluatiedatum`]}>
                <input name={`${prefix}.evaluatiedatum`} type="date" defaultValue={goal.evaluatiedatum} min={today} />
              </Field>
            </div>
          )}
        </Rows>
      </section>

      <section className="plan-edit-section">
        <h3>Interventies, medicatie, frequentie en duur</h3>
        <div className="plan-grid plan-grid-2">
          <LinesField name="interventies" label="Interventies" value={values.interventies} errors={errors} />
          <LinesField
            name="medicatie"
            label="Medicatie"
            value={values.medicatie}
            errors={errors}
            hint="Middel, dosering en moment; één per regel."
          />
          <TextField
            name="frequentie"
            label="Frequentie"
            value={values.frequentie}
            errors={errors}
            rows={2}
            charsPerLine={42}
            placeholder="Bijvoorbeeld: wekelijks een behandelgesprek"
          />
          <TextField
            name="duur"
            label="Duur"
            value={values.duur}
            errors={errors}
            rows={2}
            charsPerLine={42}
            placeholder="Bijvoorbeeld: 3 maanden"
          />
        </div>
      </section>

      <section className="plan-edit-section">
        <h3>Verantwoordelijke behandelaren</h3>
        <Rows
          name="behandelaren"
          legend="Behandelaren"
          initial={values.behandelaren}
          blank={{ naam: '', rol: '' }}
          addLabel="Behandelaar toevoegen"
          errors={errors}
        >
          {(person, prefix) => (
            <div className="plan-grid plan-grid-2">
              <TextField name={`${prefix}.naam`} label="Naam" value={person.naam} errors={errors} />
              <TextField name={`${prefix}.rol`} label="Rol" value={person.rol} errors={errors} />
            </div>
          )}
        </Rows>
      </section>

      <section className="plan-edit-section">
        <h3>Signalerings- en crisisplan</h3>
        <div className="plan-grid plan-grid-2">
          <LinesField name="crisisplan.signalen" label="Vroege signalen" value={values.crisisplan.signalen} errors={errors} />
          <LinesField
            name="crisisplan.acties"
            label="Afspraken: wat doen de patiënt en het team dan?"
            value={values.crisisplan.acties}
            errors={errors}
          />
        </div>
        <TextField name="crisisplan.contact" label="Bij crisis bereikbaar" value={values.crisisplan.contact} errors={errors} />
      </section>

      <section className="plan-edit-section">
        <h3>Evaluatiemomenten</h3>
        <Rows
          name="evaluatiemomenten"
          legend="Evaluatiemomenten"
          initial={values.evaluatiemomenten}
          blank={{ datum: '', omschrijving: '' }}
          addLabel="Evaluatiemoment toevoegen"
          errors={errors}
        >
          {(moment, prefix) => (
            <div className="plan-grid plan-grid-moment">
              <Field id={`${prefix}.datum`} label="Datum" error={errors[`${prefix}.datum`]}>
                <input name={`${prefix}.datum`} type="date" defaultValue={moment.datum} min={today} />
              </Field>
              <TextField
                name={`${prefix}.omschrijving`}
                label="Omschrijving"
                value={moment.omschrijving}
                errors={errors}
                rows={1}
                charsPerLine={60}
              />
            </div>
          )}
        </Rows>
      </section>

      <section className="plan-edit-section">
        <h3>Instemming van de patiënt</h3>
        <div className="plan-grid plan-grid-2">
          <Field id="toestemming.status" label="Status" error={errors['toestemming.status']}>
            <select name="toestemming.status" defaultValue={values.toestemming.status}>
              {consentStatuses.map((status) => (
                <option key={status} value={status}>
                  {consentLabels[status]}
                </option>
              ))}
            </select>
          </Field>
          <TextField
            name="toestemming.toelichting"
            label="Toelichting"
            value={values.toestemming.toelichting}
            errors={errors}
            rows={2}
            charsPerLine={42}
          />
        </div>
      </section>

      <div className="plan-editor-actions">
        <p className="muted small">
          {canApprove
            ? 'Na goedkeuren is deze versie alleen nog te lezen; bijstellen gaat via een nieuw concept.'
            : 'Goedkeuren kan alleen een psychiater (regiebehandelaar).'}
        </p>
        <div className="form-actions">
          <button type="submit" name="intent" value="opslaan" className="button button-secondary" disabled={busyWith !== ''}>
            {busyWith === 'opslaan' ? 'Bezig met opslaan…' : 'Concept opslaan'}
          </button>
          <button
            type="submit"
            name="intent"
            value="goedkeuren"
            className="button button-primary"
            disabled={!canApprove || busyWith !== ''}
          >
            <CheckIcon aria-hidden="true" /> {busyWith === 'goedkeuren' ? 'Bezig met goedkeuren…' : 'Goedkeuren'}
          </button>
        </div>
      </div>
    </Form>
  );
}
