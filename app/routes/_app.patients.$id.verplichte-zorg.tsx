import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  coerciveMeasureKindKeys,
  coerciveMeasureKinds,
  emergencyLabel,
  legalStatusKindKeys,
  legalStatusKinds,
} from '../../domain/coercive-care/coercive-care.vocabulary';
import { clinicalToday, formatDate, formatWhen, wallClockOf } from '../../domain/shared/clinical-time';
import { uuidOrNull } from '../../domain/shared/ids';
import { Field } from '../components/field';
import { formFailure, parseInstant, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import {
  compulsoryCareTab,
  correctLegalStatusEntry,
  endCoerciveMeasure,
  evaluateCoerciveMeasure,
  registerCoerciveMeasure,
  registerLegalStatusEntry,
} from '../patients.server';
import { perform } from '../tenant.server';

/*
 * The record's "Verplichte zorg" tab: the legal status with its history, and the measures of
 * compulsory care (register, evaluate, end). Every form is a plain post with a redirect after
 * success; the correct/evaluate/end forms open through links (?corrigeer=, ?evalueer=, ?beeindig=).
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, user, patientId } = await patientPage({ request, params, context });
  const url = new URL(request.url);
  const data = await pageData(perform(actor, compulsoryCareTab, { patientId }));
  const open = (name: string) => uuidOrNull(url.searchParams.get(name));
  return {
    ...data,
    correcting: data.legal.history.find((entry) => entry.id === open('corrigeer') && !entry.correctedAt) ?? null,
    evaluating: open('evalueer'),
    ending: data.measures.find((measure) => measure.id === open('beeindig') && !measure.endedAt)?.id ?? null,
    now: wallClockOf(new Date()),
    userName: user.displayName,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const values = valuesOf(await request.formData());
  const page = `/patients/${patientId}/verplichte-zorg`;
  const id = values.id ?? '';
  const legalStatus = { kind: values.kind, startsOn: values.startsOn, endsOn: values.endsOn, note: values.note };
  try {
    switch (values.intent) {
      case 'rechtspositie':
        await perform(actor, registerLegalStatusEntry, { patientId, status: legalStatus });
        break;
      case 'rechtspositie-corrigeren':
        await perform(actor, correctLegalStatusEntry, { id, correction: { ...legalStatus, reason: values.reason }, patientId });
        break;
      case 'maatregel':
        await perform(actor, registerCoerciveMeasure, {
          patientId,
          measure: {
            kind: values.kind,
            startedAt: parseInstant(values.datum, values.tijd).instant,
            legalBasis: values.legalBasis,
            decidedBy: values.decidedBy,
            note: values.note,
          },
        });
        break;
      case 'evalueren':
        await perform(actor, evaluateCoerciveMeasure, {
          id,
          evaluation: { evaluatedAt: parseInstant(values.datum, values.tijd).instant, evaluatedBy: values.evaluatedBy, text: values.text },
          patientId,
        });
        break;
      case 'beeindigen':
        await perform(actor, endCoerciveMeasure, {
          id,
          end: { endedAt: parseInstant(values.datum, values.tijd).instant, note: values.note },
          patientId,
        });
        break;
      default:
        throw Response.json({ message: 'Onbekende actie.' }, { status: 400 });
    }
    return redirect(`${page}?opgeslagen=${values.intent}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailure(error, values, { shows: ['conflict'] });
  }
}

type Failure = FormFailure;
type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const savedMessages: Record<string, string> = {
  rechtspositie: 'De rechtspositie is vastgelegd.',
  'rechtspositie-corrigeren': 'De correctie is vastgelegd; de oude registratie blijft zichtbaar.',
  maatregel: 'De maatregel is geregistreerd.',
  evalueren: 'De evaluatie is vastgelegd.',
  beeindigen: 'Het einde van de maatregel is vastgelegd.',
};

export default function CompulsoryCare() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<Failure>();
  const [params] = useSearchParams();
  const saved = savedMessages[params.get('opgeslagen') ?? ''];
  return (
    <div className="legal-page">
      {saved && !failure ? (
        <p className="notice notice-success" role="status">
          {saved}
        </p>
      ) : null}
      <LegalStatusSection data={data} failure={failure} />
      <MeasuresSection data={data} failure={failure} />
    </div>
  );
}

/** Errors and typed values of a failed post, only for the form that posted it. */
function formState(failure: Failure | undefined, intent: string, id?: string) {
  const mine = failure && failure.values.intent === intent && (!id || failure.values.id === id) ? failure : undefined;
  return {
    fields: mine?.fields ?? {},
    message: mine && Object.keys(mine.fields).length === 0 ? mine.message : null,
    typed: (name: string, fallback = '') => mine?.values[name] ?? fallback,
  };
}

function FormMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice-danger" role="alert">
      {message}
    </p>
  ) : null;
}

function LegalStatusFields({ state, initial }: { state: ReturnType<typeof formState>; initial?: Data['legal']['history'][number] }) {
  const { fields, typed } = state;
  return (
    <>
      <Field id={initial ? 'correct-kind' : 'kind'} label="Rechtspositie" error={fields.kind}>
        <select name="kind" defaultValue={typed('kind', initial?.kind ?? '')}>
          <option value="">Kies de rechtspositie</option>
          {legalStatusKindKeys.map((kind) => (
            <option key={kind} value={kind}>
              {legalStatusKinds[kind].label}
            </option>
          ))}
        </select>
      </Field>
      <div className="field-row">
        <Field id={initial ? 'correct-startsOn' : 'startsOn'} label="Ingangsdatum" error={fields.startsOn}>
          <input type="date" name="startsOn" defaultValue={typed('startsOn', initial?.startsOn ?? clinicalToday())} />
        </Field>
        <Field
          id={initial ? 'correct-endsOn' : 'endsOn'}
          label="Einddatum (optioneel)"
          error={fields.endsOn}
          hint="Een crisismaatregel of zorgmachtiging heeft meestal een einddatum."
        >
          <input type="date" name="endsOn" defaultValue={typed('endsOn', initial?.endsOn ?? '')} />
        </Field>
      </div>
      <Field id={initial ? 'correct-note' : 'legal-note'} label="Toelichting (optioneel)" error={fields.note}>
        <textarea name="note" rows={2} defaultValue={typed('note', initial?.note ?? '')} />
      </Field>
    </>
  );
}

function LegalStatusSection({ data, failure }: { data: Data; failure?: Failure }) {
  const busy = useNavigation().state === 'submitting';
  const current = data.legal.current;
  const register = formState(failure, 'rechtspositie');
  const correct = formState(failure, 'rechtspositie-corrigeren', data.correcting?.id);
  return (
    <section className="card" aria-labelledby="legal-title">
      <h2 id="legal-title">Rechtspositie</h2>
      {current ? (
        <p>
          <strong>{current.label}</strong>
          {current.endsOn
            ? ` · ${formatDate(current.startsOn)} t/m ${formatDate(current.endsOn)}`
            : ` · sinds ${formatDate(current.startsOn)}, geen einddatum`}
        </p>
      ) : (
        <p className="muted">Er is geen rechtspositie die vandaag geldt.</p>
      )}

      {data.correcting ? (
        <div className="card-inset" id="corrigeren">
          <h3>Rechtspositie corrigeren</h3>
          <p className="muted small">
            {`${data.correcting.label}, ingang ${formatDate(data.correcting.startsOn)}. De oude registratie blijft zichtbaar als gecorrigeerd.`}
          </p>
          <FormMessage message={correct.message} />
          <Form method="post" className="stack-form" noValidate>
            <input type="hidden" name="intent" value="rechtspositie-corrigeren" />
            <input type="hidden" name="id" value={data.correcting.id} />
            <LegalStatusFields state={correct} initial={data.correcting} />
            <Field id="correct-reason" label="Reden van de correctie" error={correct.fields.reason}>
              <input type="text" name="reason" maxLength={300} defaultValue={correct.typed('reason')} />
            </Field>
            <div className="form-actions">
              <Link to="." className="button button-secondary">
                Annuleren
              </Link>
              <button type="submit" className="button button-primary" disabled={busy}>
                Correctie opslaan
              </button>
            </div>
          </Form>
        </div>
      ) : null}

      {data.legal.history.length ? (
        <>
          <h3>Geschiedenis</h3>
          <ul className="history-list">
            {data.legal.history.map((entry) => (
              <li
                key={entry.id}
                id={`juridisch-${entry.id}`}
                className={`history-entry${entry.current ? ' is-current' : ''}${entry.correctedAt ? ' is-past' : ''}`}
              >
                <div className="history-head">
                  {entry.correctedAt ? <del>{entry.label}</del> : <strong>{entry.label}</strong>}
                  <span className="muted small">
                    {entry.endsOn
                      ? `${formatDate(entry.startsOn)} t/m ${formatDate(entry.endsOn)}`
                      : `vanaf ${formatDate(entry.startsOn)}, geen einddatum`}
                  </span>
                  {entry.current ? <span className="badge badge-small">Huidig</span> : null}
                </div>
                {entry.note ? <p data-authored>{entry.note}</p> : null}
                <p className="muted small">{`Vastgelegd door ${entry.recordedBy}, ${formatWhen(entry.recordedAt)}`}</p>
                {entry.correctionReason ? <p className="small">{`Correctie: ${entry.correctionReason}`}</p> : null}
                {entry.correctedAt ? (
                  <p className="muted small">{`Gecorrigeerd door ${entry.correctedBy ?? 'onbekend'}, ${formatWhen(entry.correctedAt)}`}</p>
                ) : (
                  <div className="history-actions">
                    <Link
                      to={`?corrigeer=${entry.id}#corrigeren`}
                      aria-label={`${entry.label} van ${formatDate(entry.startsOn)} corrigeren`}
                    >
                      Corrigeren
                    </Link>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3>Nieuwe rechtspositie</h3>
      <p className="muted small">Een nieuwe registratie vervangt de oude niet; die blijft in de geschiedenis.</p>
      <FormMessage message={register.message} />
      <Form method="post" className="stack-form" noValidate key={data.legal.history[0]?.id ?? 'leeg'}>
        <input type="hidden" name="intent" value="rechtspositie" />
        <LegalStatusFields state={register} />
        <button type="submit" className="button button-primary" disabled={busy}>
          Rechtspositie vastleggen
        </button>
      </Form>
    </section>
  );
}

function DateTimeFields({
  prefix,
  state,
  now,
  label,
}: {
  prefix: string;
  state: ReturnType<typeof formState>;
  now: string;
  label: string;
}) {
  const [datum, tijd] = now.split('T') as [string, string];
  const error = state.fields.datum ?? state.fields.tijd ?? state.fields.startedAt ?? state.fields.endedAt ?? state.fields.evaluatedAt;
  return (
    <div className="field-row">
      <Field id={`${prefix}-datum`} label={`${label}: datum`} error={error}>
        <input type="date" name="datum" defaultValue={state.typed('datum', datum)} />
      </Field>
      <Field id={`${prefix}-tijd`} label={`${label}: tijd`}>
        <input type="time" name="tijd" defaultValue={state.typed('tijd', tijd)} />
      </Field>
    </div>
  );
}

function MeasuresSection({ data, failure }: { data: Data; failure?: Failure }) {
  const busy = useNavigation().state === 'submitting';
  const open = data.measures.filter((measure) => !measure.endedAt);
  const ended = data.measures.filter((measure) => measure.endedAt);
  const register = formState(failure, 'maatregel');
  return (
    <section className="card" aria-labelledby="measures-title">
      <h2 id="measures-title">Verplichte zorg</h2>
      {open.length === 0 ? <p className="muted">Geen lopende maatregelen.</p> : null}
      {open.length ? (
        <ul className="history-list" aria-label="Lopende maatregelen">
          {open.map((measure) => (
            <Measure key={measure.id} measure={measure} data={data} failure={failure} busy={busy} />
          ))}
        </ul>
      ) : null}

      <h3>Maatregel registreren</h3>
      <FormMessage message={register.message} />
      {/* Keyed by the newest measure and the ground: after a save, or a new legal status, the form starts afresh. */}
      <Form method="post" className="stack-form" noValidate key={`${data.measures[0]?.id ?? 'leeg'}-${data.ground?.label ?? 'geen'}`}>
        <input type="hidden" name="intent" value="maatregel" />
        <Field id="measure-kind" label="Vorm van verplichte zorg" error={register.fields.kind}>
          <select name="kind" defaultValue={register.typed('kind')}>
            <option value="">Kies de vorm</option>
            {coerciveMeasureKindKeys.map((kind) => (
              <option key={kind} value={kind}>
                {coerciveMeasureKinds[kind].label}
              </option>
            ))}
          </select>
        </Field>
        <DateTimeFields prefix="measure" state={register} now={data.now} label="Start" />
        <fieldset className="field" aria-describedby={register.fields.legalBasis ? 'legalBasis-error' : undefined}>
          <legend>Grondslag</legend>
          <label className="radio-field">
            <input
              type="radio"
              name="legalBasis"
              value="maatregel"
              defaultChecked={register.typed('legalBasis', data.ground ? 'maatregel' : '') === 'maatregel'}
            />{' '}
            {data.ground
              ? `Huidige maatregel: ${data.ground.label} (sinds ${formatDate(data.ground.startsOn)})`
              : 'Huidige crisismaatregel of zorgmachtiging (nu niet vastgelegd)'}
          </label>
          <label className="radio-field">
            <input type="radio" name="legalBasis" value="noodsituatie" defaultChecked={register.typed('legalBasis') === 'noodsituatie'} />{' '}
            {emergencyLabel}
          </label>
          {register.fields.legalBasis ? (
            <p id="legalBasis-error" className="field-error">
              {register.fields.legalBasis}
            </p>
          ) : null}
        </fieldset>
        <Field
          id="decidedBy"
          label="Besloten door (verantwoordelijke)"
          error={register.fields.decidedBy}
          hint="De naam van de zorgverantwoordelijke of psychiater die besloot."
        >
          <input type="text" name="decidedBy" maxLength={120} defaultValue={register.typed('decidedBy')} />
        </Field>
        <Field id="measure-note" label="Toelichting (optioneel)" error={register.fields.note}>
          <textarea name="note" rows={2} defaultValue={register.typed('note')} />
        </Field>
        <button type="submit" className="button button-primary" disabled={busy}>
          Maatregel registreren
        </button>
      </Form>

      {ended.length ? (
        <>
          <h3>Beëindigde maatregelen</h3>
          <ul className="history-list" aria-label="Beëindigde maatregelen">
            {ended.map((measure) => (
              <Measure key={measure.id} measure={measure} data={data} failure={failure} busy={busy} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Measure({ measure, data, failure, busy }: { measure: Data['measures'][number]; data: Data; failure?: Failure; busy: boolean }) {
  const evaluate = formState(failure, 'evalueren', measure.id);
  const end = formState(failure, 'beeindigen', measure.id);
  const evaluating =
    data.evaluating === measure.id || Boolean(failure && failure.values.intent === 'evalueren' && failure.values.id === measure.id);
  const ending =
    data.ending === measure.id || Boolean(failure && failure.values.intent === 'beeindigen' && failure.values.id === measure.id);
  return (
    <li className={measure.endedAt ? 'history-entry is-past' : 'history-entry is-open'} id={`maatregel-${measure.id}`}>
      <div className="history-head">
        <strong>{measure.label}</strong>
        <span className="muted small">
          {measure.endedAt
            ? `${formatWhen(measure.startedAt)} tot ${formatWhen(measure.endedAt)}`
            : `sinds ${formatWhen(measure.startedAt)}`}
        </span>
      </div>
      <p className="small">{`Grondslag: ${measure.legalBasisLabel} · besloten door ${measure.decidedBy}`}</p>
      <p className="muted small">{`${measure.article} · geregistreerd door ${measure.recordedBy}, ${formatWhen(measure.recordedAt)}`}</p>
      {measure.note ? <p data-authored>{measure.note}</p> : null}
      {measure.endedAt ? (
        <p className="muted small">
          {`Einde vastgelegd door ${measure.endRecordedBy ?? 'onbekend'}, ${formatWhen(measure.endRecordedAt ?? measure.endedAt)}`}
          {measure.endNote ? `: ${measure.endNote}` : ''}
        </p>
      ) : null}
      {measure.evaluations.length ? (
        <ol className="evaluations" aria-label={`Evaluaties van ${measure.label.toLowerCase()}`}>
          {measure.evaluations.map((evaluation) => (
            <li key={evaluation.id}>
              <span className="small">
                <strong>{formatWhen(evaluation.evaluatedAt)}</strong>
                {` · ${evaluation.evaluatedBy}`}
              </span>
              <p data-authored>{evaluation.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted small">Nog niet geëvalueerd.</p>
      )}
      {evaluating ? (
        <div className="card-inset" id={`evalueren-${measure.id}`}>
          <h4>Evaluatie toevoegen</h4>
          <FormMessage message={evaluate.message} />
          <Form method="post" className="stack-form" noValidate>
            <input type="hidden" name="intent" value="evalueren" />
            <input type="hidden" name="id" value={measure.id} />
            <DateTimeFields prefix={`evaluation-${measure.id}`} state={evaluate} now={data.now} label="Evaluatie" />
            <Field id={`evaluatedBy-${measure.id}`} label="Geëvalueerd door" error={evaluate.fields.evaluatedBy}>
              <input type="text" name="evaluatedBy" maxLength={120} defaultValue={evaluate.typed('evaluatedBy', data.userName)} />
            </Field>
            <Field id={`evaluation-text-${measure.id}`} label="Evaluatie" error={evaluate.fields.text}>
              <textarea name="text" rows={3} defaultValue={evaluate.typed('text')} />
            </Field>
            <div className="form-actions">
              <Link to="." className="button button-secondary">
                Annuleren
              </Link>
              <button type="submit" className="button button-primary" disabled={busy}>
                Evaluatie opslaan
              </button>
            </div>
          </Form>
        </div>
      ) : null}
      {ending ? (
        <div className="card-inset" id={`beeindigen-${measure.id}`}>
          <h4>Maatregel beëindigen</h4>
          <FormMessage message={end.message} />
          <Form method="post" className="stack-form" noValidate>
            <input type="hidden" name="intent" value="beeindigen" />
            <input type="hidden" name="id" value={measure.id} />
            <DateTimeFields prefix={`end-${measure.id}`} state={end} now={data.now} label="Einde" />
            <Field id={`end-note-${measure.id}`} label="Toelichting (optioneel)" error={end.fields.note}>
              <textarea name="note" rows={2} defaultValue={end.typed('note')} />
            </Field>
            <div className="form-actions">
              <Link to="." className="button button-secondary">
                Annuleren
              </Link>
              <button type="submit" className="button button-primary" disabled={busy}>
                Einde vastleggen
              </button>
            </div>
          </Form>
        </div>
      ) : null}
      {!evaluating && !ending ? (
        <div className="history-actions">
          <Link
            to={`?evalueer=${measure.id}#evalueren-${measure.id}`}
            aria-label={`Evaluatie toevoegen aan ${measure.label.toLowerCase()}`}
          >
            Evaluatie toevoegen
          </Link>
          {measure.endedAt ? null : (
            <Link
              to={`?beeindig=${measure.id}#beeindigen-${measure.id}`}
              aria-label={`Maatregel beëindigen: ${measure.label.toLowerCase()}`}
            >
              Maatregel beëindigen
            </Link>
          )}
        </div>
      ) : null}
    </li>
  );
}
