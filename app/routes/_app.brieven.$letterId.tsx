import { formatWhen } from '../../domain/shared/clinical-time';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  ArrowLeftIcon,
  CheckIcon,
  CheckCircledIcon,
  DownloadIcon,
  ExclamationTriangleIcon,
  InfoCircledIcon,
  PaperPlaneIcon,
  ResetIcon,
} from '@radix-ui/react-icons';
import { useDeferredValue, useState } from 'react';
import { appointmentTypeLabels, type AppointmentType } from '../../domain/agenda/agenda.schemas';
import { gpLetterEventLabels, maySignGpLetter, onlySignerApproves } from '../../domain/gp-letter/gp-letter.schemas';
import { AppError } from '../../domain/shared/errors';
import { requireUser } from '../auth.server';
import { Field } from '../components/field';
import { LetterDiff, LetterStatusBadge } from '../components/gp-letter';
import { PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import {
  approveNoShowLetter,
  chooseLetterGp,
  dispatchGpLetter,
  editGpLetter,
  noShowDeps,
  noShowState,
  rejectNoShowLetter,
  reviewGpLetter,
  withdrawGpLetter,
} from '../noshow.server';
import { formFailure } from '../form.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Brief ${data.letter.patientName}` : 'Brief'} — GGZ-EPD` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const id = params.letterId ?? '';
  const { letter, appointment, knownGps } = await pageData(perform(actor, reviewGpLetter, { letterId: id }));
  // The letter is in the database; the process only adds its reminders. Without Temporal the page still works.
  const process = letter.appointmentId
    ? await noShowDeps()
        .then((deps) => noShowState(deps, actor, letter.appointmentId!))
        .catch(() => null)
    : null;
  return {
    letter,
    appointment,
    knownGps,
    reminders: process?.letterId === letter.id ? process.reminders : 0,
    canApprove: maySignGpLetter(actor.role),
  };
}

interface ActionFailure {
  message: string;
  fields?: Record<string, string>;
  finalText?: string;
  intent?: string;
  /** What was typed in the concept form, given back with its errors. */
  values?: { subject?: string; text?: string };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const id = params.letterId ?? '';
  const form = await request.formData();
  const finalText = typeof form.get('finalText') === 'string' ? String(form.get('finalText')) : undefined;
  const intent = form.get('intent');
  const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : undefined);
  try {
    // The letter's own data: one transaction, no process involved.
    if (intent === 'huisarts' || intent === 'opslaan') {
      if (intent === 'huisarts')
        await perform(actor, chooseLetterGp, {
          letterId: id,
          gp: { gpName: text('gpName'), gpPractice: text('gpPractice'), gpAddress: text('gpAddress') },
        });
      else await perform(actor, editGpLetter, { letterId: id, draft: { subject: text('subject'), text: text('text') } });
      return redirect(`/brieven/${id}`);
    }
    const deps = await noShowDeps();
    if (form.get('intent') === 'approve') await approveNoShowLetter(deps, actor, id, { finalText });
    else if (form.get('intent') === 'dispatch') await dispatchGpLetter(deps, actor, id);
    else if (form.get('intent') === 'withdraw') await withdrawGpLetter(deps, actor, id);
    else if (form.get('intent') === 'reject') await rejectNoShowLetter(deps, actor, id, { reason: text('reason') });
    else throw new AppError('validation_failed', 'Onbekende actie.');
    return redirect(`/brieven/${id}`);
  } catch (error) {
    // Refusals and a Temporal outage are shown beside the letter, with the reviewer's text kept.
    return formFailure(
      error,
      { subject: text('subject'), text: text('text') },
      { shows: 'every-refusal', extra: { finalText, intent: String(intent ?? '') } },
    );
  }
}

const sourceLabels = { taalmodel: 'taalmodel', lokaal: 'lokale standaardalinea (geen taalmodel)' } as const;

function appointmentLabel(appointment: { type: string; start: string }): string {
  return `${appointmentTypeLabels[appointment.type as AppointmentType] ?? appointment.type}, ${formatWhen(appointment.start)}`;
}

export default function LetterReview() {
  const { letter, appointment, knownGps, reminders, canApprove } = useLoaderData<typeof loader>();
  const failure = useActionData<ActionFailure>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const pending = navigation.formData?.get('intent');
  const [text, setText] = useState(failure?.finalText ?? letter.rewrittenText ?? '');
  const compared = useDeferredValue(text);
  const editFailure = failure?.intent === 'opslaan' ? failure : undefined;

  return (
    <>
      <Link to="/brieven" className="back-link">
        <ArrowLeftIcon aria-hidden="true" /> Alle brieven
      </Link>
      <PageHeader
        title={`Huisartsbrief ${letter.patientName}`}
        description={letter.subject}
        actions={<LetterStatusBadge status={letter.status} />}
      />

      <dl className="letter-facts">
        <div>
          <dt>Patiënt</dt>
          <dd>
            <Link to={`/patients/${letter.patientId}`}>{letter.patientName}</Link>
          </dd>
        </div>
        <div>
          <dt>Huisarts</dt>
          <dd>{letter.gp.name ? `${letter.gp.name}${letter.gp.practice ? `, ${letter.gp.practice}` : ''}` : 'Onbekend'}</dd>
        </div>
        {appointment ? (
          <div>
            <dt>Gemiste afspraak</dt>
            <dd>{appointmentLabel(appointment)}</dd>
          </div>
        ) : null}
        {letter.rewrite ? (
          <div>
            <dt>Herschreven</dt>
            <dd>
              {formatWhen(letter.rewrite.at)} door {sourceLabels[letter.rewrite.source]}
            </dd>
          </div>
        ) : null}
        {letter.reviewer && letter.reviewedAt ? (
          <div>
            <dt>Beoordeeld</dt>
            <dd>
              {`${letter.reviewer.name}${letter.reviewer.title ? ` (${letter.reviewer.title})` : ''}, ${formatWhen(letter.reviewedAt)}`}
            </dd>
          </div>
        ) : null}
      </dl>

      {failure ? (
        <p className="notice notice-danger" role="alert">
          <ExclamationTriangleIcon aria-hidden="true" /> {failure.message}
        </p>
      ) : null}
      {letter.rewrite?.note ? (
        <p className="notice notice-warning">
          <InfoCircledIcon aria-hidden="true" /> {letter.rewrite.note}
        </p>
      ) : null}
      {reminders > 0 && letter.status === 'ter_beoordeling' ? (
        <p className="notice notice-warning">
          <InfoCircledIcon aria-hidden="true" /> Deze brief wacht al langer dan drie dagen op beoordeling; de collega’s hebben een
          herinnering gekregen.
        </p>
      ) : null}

      {!letter.gp.name && (letter.status === 'concept' || letter.status === 'ter_beoordeling') ? (
        <section className="card letter-gp" aria-labelledby="gp-title">
          <h2 id="gp-title" className="section-title">
            Huisarts kiezen
          </h2>
          <p className="notice notice-warning" id="gp-missing">
            <ExclamationTriangleIcon aria-hidden="true" /> Deze brief heeft nog geen huisarts. Kies eerst aan welke huisarts de brief gaat
            {letter.status === 'ter_beoordeling' ? '; daarna kun je hem goedkeuren' : ''}.
          </p>
          <GpForm knownGps={knownGps} failure={failure?.intent === 'huisarts' ? failure : undefined} busy={busy} />
        </section>
      ) : letter.status === 'concept' || letter.status === 'ter_beoordeling' ? (
        <details className="letter-gp-change" open={failure?.intent === 'huisarts'}>
          <summary>Andere huisarts kiezen</summary>
          <GpForm knownGps={knownGps} failure={failure?.intent === 'huisarts' ? failure : undefined} busy={busy} current={letter.gp} />
        </details>
      ) : null}

      {letter.status === 'ter_beoordeling' ? (
        <Form method="post" className="letter-review">
          <LetterDiff original={letter.originalText} revised={compared} revisedLabel="Nieuwe versie" />
          <div className="field letter-editor">
            <label htmlFor="finalText">Tekst van de brief — pas aan waar nodig</label>
            <textarea
              id="finalText"
              name="finalText"
              rows={18}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={failure?.fields?.finalText ? true : undefined}
              aria-describedby={failure?.fields?.finalText ? 'finalText-error' : 'finalText-hint'}
            />
            {failure?.fields?.finalText ? (
              <p className="field-error" id="finalText-error">
                {failure.fields.finalText}
              </p>
            ) : (
              <p className="muted small" id="finalText-hint">
                De vergelijking hierboven volgt jouw wijzigingen. Met goedkeuren leg je deze tekst vast als definitieve brief.
              </p>
            )}
          </div>
          <div className="letter-actions">
            <button
              type="submit"
              name="intent"
              value="approve"
              className="button button-primary"
              disabled={busy || !letter.gp.name || !canApprove}
              aria-describedby={!canApprove ? 'approve-who' : letter.gp.name ? undefined : 'gp-missing'}
            >
              <CheckIcon aria-hidden="true" /> {pending === 'approve' ? 'Bezig met goedkeuren…' : 'Goedkeuren'}
            </button>
            <button
              type="submit"
              name="intent"
              value="withdraw"
              className="button button-secondary"
              disabled={busy}
              aria-describedby="withdraw-hint"
            >
              <ResetIcon aria-hidden="true" /> {pending === 'withdraw' ? 'Bezig met intrekken…' : 'Niet verschenen intrekken'}
            </button>
            {canApprove ? null : (
              <p className="muted small" id="approve-who">
                {onlySignerApproves}
              </p>
            )}
            <p className="muted small" id="withdraw-hint">
              Intrekken zet de afspraak terug en de brief terug naar concept; er wordt niets verstuurd.
            </p>
          </div>
          <details className="letter-reject" open={failure?.intent === 'reject'}>
            <summary>Herschrijving afwijzen</summary>
            <p className="muted small">
              De registratie ‘niet verschenen’ blijft staan; de brief gaat terug naar de oorspronkelijke tekst als concept. De reden komt in
              de versiegeschiedenis.
            </p>
            <Field id="reason" label="Reden van afwijzen" error={failure?.intent === 'reject' ? failure.fields?.reason : undefined}>
              <textarea name="reason" rows={2} maxLength={500} />
            </Field>
            <button type="submit" name="intent" value="reject" className="button button-danger" disabled={busy}>
              {pending === 'reject' ? 'Bezig met afwijzen…' : 'Afwijzen'}
            </button>
          </details>
        </Form>
      ) : null}

      {letter.status === 'goedgekeurd' || letter.status === 'verzendklaar' ? (
        <section className="letter-review">
          {letter.status === 'verzendklaar' ? (
            <p className="notice notice-success" role="status">
              <CheckCircledIcon aria-hidden="true" /> Verzendklaar sinds {formatWhen(letter.dispatchedAt ?? letter.updatedAt)}. De brief kan
              naar de huisarts.
            </p>
          ) : null}
          {letter.status === 'verzendklaar' ? (
            <div className="letter-actions">
              <a className="button button-primary" href={`/brieven/${letter.id}/pdf`} download>
                <DownloadIcon aria-hidden="true" /> PDF downloaden
              </a>
              <Link className="button button-secondary" to={`/brieven/${letter.id}/afdrukken`}>
                Afdrukweergave
              </Link>
            </div>
          ) : (
            <Form method="post" className="letter-actions letter-dispatch">
              <p className="notice notice-success" role="status">
                <CheckCircledIcon aria-hidden="true" /> Goedgekeurd. Maak de brief verzendklaar om hem te versturen.
              </p>
              <button type="submit" name="intent" value="dispatch" className="button button-primary" disabled={busy}>
                <PaperPlaneIcon aria-hidden="true" /> {busy ? 'Bezig…' : 'Verzendklaar maken'}
              </button>
            </Form>
          )}
          <LetterDiff original={letter.originalText} revised={letter.finalText ?? ''} revisedLabel="Goedgekeurde versie" />
        </section>
      ) : null}

      {letter.status === 'concept' ? (
        <section className="letter-review">
          <p className="notice notice-info">
            <InfoCircledIcon aria-hidden="true" /> Dit is een concept. Het wordt herschreven zodra je in de assistent meldt dat{' '}
            {letter.patientName} niet is verschenen op een afspraak.
          </p>
          {letter.workflowId ? (
            <article className="letter-sheet letter-sheet-single">
              <h3>Concept</h3>
              <div className="letter-text" data-authored>
                {letter.originalText}
              </div>
            </article>
          ) : (
            <Form method="post" className="stack-form letter-edit" key={letter.version}>
              <input type="hidden" name="intent" value="opslaan" />
              <Field id="subject" label="Onderwerp" error={editFailure?.fields?.subject}>
                <input type="text" name="subject" maxLength={200} defaultValue={editFailure?.values?.subject ?? letter.subject} />
              </Field>
              <Field id="text" label="Tekst van het concept" error={editFailure?.fields?.text}>
                <textarea name="text" rows={14} defaultValue={editFailure?.values?.text ?? letter.originalText} />
              </Field>
              <button type="submit" className="button button-primary" disabled={busy}>
                Concept opslaan
              </button>
            </Form>
          )}
        </section>
      ) : null}

      <section className="letter-history" aria-labelledby="history-title">
        <h2 id="history-title" className="section-title">
          Versiegeschiedenis
        </h2>
        <ol>
          {[...letter.versions].reverse().map((version) => (
            <li key={version.version}>
              <details>
                <summary>
                  <span className="letter-version">v{version.version}</span> {gpLetterEventLabels[version.event]}
                  <span className="muted">
                    {' '}
                    · {formatWhen(version.at)}
                    {version.by ? ` · ${version.by}` : ''}
                  </span>
                </summary>
                {version.note ? <p className="letter-version-note">{`Reden: ${version.note}`}</p> : null}
                <div className="letter-text letter-version-text" data-authored>
                  {version.text}
                </div>
              </details>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** The GP the letter goes to: one of the record's GPs in one click, or typed in (name, practice, address). */
function GpForm({
  knownGps,
  failure,
  busy,
  current,
}: {
  knownGps: { id: string; name: string }[];
  failure?: ActionFailure;
  busy: boolean;
  current?: { name: string | null; practice: string | null; address: string | null };
}) {
  return (
    <div className="gp-chooser">
      {knownGps.length > 0 ? (
        <ul className="gp-known" aria-label="Huisartsen in het dossier">
          {knownGps.map((gp) => (
            <li key={gp.id}>
              <Form method="post">
                <input type="hidden" name="intent" value="huisarts" />
                <input type="hidden" name="gpName" value={gp.name} />
                <button type="submit" className="button button-secondary" disabled={busy}>
                  {gp.name} kiezen
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="stack-form">
        <input type="hidden" name="intent" value="huisarts" />
        <Field id="gpName" label="Naam van de huisarts" error={failure?.fields?.gpName}>
          <input type="text" name="gpName" maxLength={120} defaultValue={current?.name ?? ''} />
        </Field>
        <Field id="gpPractice" label="Praktijk" error={failure?.fields?.gpPractice}>
          <input type="text" name="gpPractice" maxLength={120} defaultValue={current?.practice ?? ''} />
        </Field>
        <Field
          id="gpAddress"
          label="Adres"
          hint="Straat en huisnummer, postcode en plaats, elk op een regel."
          error={failure?.fields?.gpAddress}
        >
          <textarea name="gpAddress" rows={3} maxLength={300} defaultValue={current?.address ?? ''} />
        </Field>
        <button type="submit" className="button button-primary" disabled={busy}>
          Huisarts vastleggen
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/brieven" backLabel="Naar de brieven" />;
}
