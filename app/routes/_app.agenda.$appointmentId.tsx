import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import {
  appointmentStatusLabels,
  appointmentTypeLabels,
  appointmentTypes,
  cancelAppointmentSchema,
  cancelReasonCodes,
  cancelReasonLabels,
  cancelReasonText,
  cancellationUndoableUntil,
  type AppointmentType,
} from '../../domain/agenda/agenda.schemas';
import { dutchDay, formatTime, isoDay, wallClockOf } from '../../domain/shared/clinical-time';
import { AppError } from '../../domain/shared/errors';
import { uuidOrNull } from '../../domain/shared/ids';
import { ownsAppointment } from '../../domain/shared/ownership';
import { countOf } from '../../domain/shared/text';
import { parseOrThrow } from '../../domain/shared/validation';
import {
  agendaQuery,
  cancelAppointmentOf,
  moveAppointment,
  noShowDeps,
  noShowRefusal,
  readAppointment,
  rescriptNoShow,
  startNoShow,
  undoCancellation,
  undoMove,
} from '../agenda.server';
import { requireUser } from '../auth.server';
import { Field } from '../components/field';
import { UndoNotice } from '../components/undo-notice';
import { RouteError } from '../components/route-error';
import { formFailure, instantOf, valuesOf, type FormFailure } from '../form.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Afspraak — Agenda — GGZ-EPD' }];

const notFound = 'De gevraagde afspraak is niet gevonden.';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = uuidOrNull(params.appointmentId);
  if (!id) throw Response.json({ message: notFound }, { status: 404 });
  const actor = actorFor(user, context, 'web');
  const appointment = await pageData(perform(actor, readAppointment, { id }));
  const url = new URL(request.url);
  // Just moved: what it was before, for "Ongedaan maken".
  const before = url.searchParams.get('vorigeStatus')
    ? {
        start: url.searchParams.get('vorigeStart') ?? '',
        end: url.searchParams.get('vorigeEinde') ?? '',
        status: url.searchParams.get('vorigeStatus') ?? '',
      }
    : null;
  const undoUntil = cancellationUndoableUntil(appointment);
  return {
    appointment,
    own: ownsAppointment(actor, appointment),
    cancelUndoUntil: undoUntil ? formatTime(undoUntil) : null,
    noShowRefusal: noShowRefusal(appointment, new Date()),
    before,
    done: url.searchParams.get('gedaan'),
    context: agendaQuery(url),
  };
}

type Values = { reasonCode: string; reason: string; datum: string; tijd: string };
type Failure = FormFailure<Values> & { intent: string };
/** The step before a cancellation without JavaScript: the reason as it will be kept, asked to confirm. */
type Confirmation = { intent: 'annuleren'; confirm: { reasonCode: string; reason: string; text: string } };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = uuidOrNull(params.appointmentId);
  if (!id) throw Response.json({ message: notFound }, { status: 404 });
  const actor = actorFor(user, context, 'web');
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values: Values = valuesOf(form, ['reasonCode', 'reason', 'datum', 'tijd']);
  const panel = (extra: Record<string, string>, datum?: string) => {
    const search = new URLSearchParams(agendaQuery(url, datum ? { datum } : {}).slice(1));
    for (const [name, value] of Object.entries(extra)) search.set(name, value);
    return `/agenda/${id}?${search}`;
  };
  try {
    switch (intent) {
      case 'verplaatsen': {
        const start = instantOf(values.datum, values.tijd);
        const { before, appointment: after } = await perform(actor, moveAppointment, { appointmentId: id, start });
        return redirect(
          panel(
            { gedaan: 'verplaatst', vorigeStart: before.start, vorigeEinde: before.end, vorigeStatus: before.status },
            isoDay(after.start),
          ),
        );
      }
      case 'ongedaan': {
        const { appointment } = await perform(actor, undoMove, {
          appointmentId: id,
          start: String(form.get('start') ?? ''),
          end: String(form.get('end') ?? ''),
          status: String(form.get('status') ?? ''),
        });
        return redirect(panel({ gedaan: 'teruggezet' }, isoDay(appointment.start)));
      }
      case 'annuleren': {
        const input = { appointmentId: id, reasonCode: values.reasonCode || undefined, reason: values.reason || undefined };
        if (form.get('bevestigd') !== 'ja') {
          // The confirmation step (the dialog is this step with JavaScript): which appointment first
          // (404, 403), then the reason (400), as the cancellation itself checks them.
          const appointment = await perform(actor, readAppointment, { id });
          if (!ownsAppointment(actor, appointment)) throw AppError.forbidden();
          const { reasonCode, reason } = parseOrThrow(cancelAppointmentSchema, input);
          const confirm = { reasonCode: reasonCode ?? '', reason: reason ?? '', text: cancelReasonText(reasonCode, reason) };
          return { intent: 'annuleren', confirm } satisfies Confirmation;
        }
        await perform(actor, cancelAppointmentOf, input);
        return redirect(panel({ gedaan: 'geannuleerd' }));
      }
      case 'annuleren-ongedaan': {
        await perform(actor, undoCancellation, { appointmentId: id });
        return redirect(panel({ gedaan: 'annulering-teruggezet' }));
      }
      case 'niet-verschenen': {
        // The no-show process of the assistant: the appointment is marked, the GP letter rewritten for review.
        const deps = await noShowDeps();
        const { context: started } = await startNoShow(deps, actor, id, {});
        const rewritten = await rescriptNoShow(deps, actor, id).catch(() => started);
        const letter = rewritten.letter ?? started.letter;
        return redirect(letter ? `/brieven/${letter.id}` : panel({ gedaan: 'niet-verschenen' }));
      }
      default:
        // An appointment nobody here can see is a 404, whatever was asked.
        await perform(actor, readAppointment, { id });
        throw AppError.validation({ intent: 'Kies wat er met de afspraak moet gebeuren.' });
    }
  } catch (error) {
    // An undo that comes too late, or after someone changed the appointment, says so beside the panel (409).
    const undo = intent === 'ongedaan' || intent === 'annuleren-ongedaan';
    return formFailure(error, values, { extra: { intent }, shows: undo ? ['conflict'] : [] });
  }
}

const doneMessages: Record<string, string> = {
  verplaatst: 'De afspraak is verplaatst.',
  teruggezet: 'De verplaatsing is ongedaan gemaakt.',
  geannuleerd: 'De afspraak is geannuleerd.',
  'annulering-teruggezet': 'De annulering is ongedaan gemaakt; de afspraak staat weer in de agenda.',
  'niet-verschenen': 'De afspraak staat op niet verschenen. Er is geen conceptbrief aan de huisarts om te herschrijven.',
};

export default function AppointmentPanel() {
  const { appointment, own, cancelUndoUntil, noShowRefusal, before, done, context } = useLoaderData<typeof loader>();
  const answer = useActionData<Failure | Confirmation>();
  const failure = answer && 'fields' in answer ? answer : undefined;
  const confirmation = answer && 'confirm' in answer && appointment.status !== 'geannuleerd' ? answer.confirm : null;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const type = (appointmentTypes as readonly string[]).includes(appointment.type) ? (appointment.type as AppointmentType) : 'overig';
  const open = appointment.status === 'gepland' || appointment.status === 'verplaatst';
  const errorsOf = (intent: string) => (failure?.intent === intent ? failure.fields : {});
  const valueOf = (intent: string, name: keyof Values, fallback: string) => (failure?.intent === intent ? failure.values[name] : fallback);
  const [datum, tijd] = wallClockOf(appointment.start).split('T') as [string, string];

  return (
    <aside className="card agenda-panel" aria-labelledby="afspraak-titel">
      <div className="agenda-panel-head">
        <h2 id="afspraak-titel">{appointment.patientName}</h2>
        <Link to={`/agenda${context}`} className="icon-button" aria-label="Sluit de afspraak">
          <Cross2Icon aria-hidden="true" />
        </Link>
      </div>
      {done === 'verplaatst' && before && appointment.status === 'verplaatst' ? (
        <UndoNotice
          message={doneMessages.verplaatst!}
          intent="ongedaan"
          fields={{ start: before.start, end: before.end, status: before.status }}
          busy={busy}
        />
      ) : appointment.status === 'geannuleerd' && own && cancelUndoUntil ? (
        <UndoNotice message={doneMessages.geannuleerd!} intent="annuleren-ongedaan" until={cancelUndoUntil} busy={busy} />
      ) : done && doneMessages[done] ? (
        <div className="notice notice-success" role="status">
          <p>{doneMessages[done]}</p>
        </div>
      ) : null}
      {failure && (failure.intent === 'ongedaan' || failure.intent === 'annuleren-ongedaan') ? (
        <div className="notice notice-danger" role="alert">
          <p>{failure.message}</p>
        </div>
      ) : null}
      <dl className="details">
        <dt>Tijd</dt>
        <dd>
          {dutchDay(appointment.start)}, {formatTime(appointment.start)}–{formatTime(appointment.end)}
        </dd>
        <dt>Patiënt</dt>
        <dd>
          <Link to={`/patients/${appointment.patientId}`}>{appointment.patientName}</Link>
        </dd>
        <dt>Soort</dt>
        <dd>{appointmentTypeLabels[type]}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge appointment-badge status-${appointment.status}`}>{appointmentStatusLabels[appointment.status]}</span>
          {appointment.cancelReason && appointment.status === 'geannuleerd' ? (
            <span className="muted"> — {appointment.cancelReason}</span>
          ) : null}
        </dd>
        <dt>Locatie</dt>
        <dd>{appointment.location ?? <span className="muted">Geen locatie</span>}</dd>
        <dt>Rapportages</dt>
        <dd className="agenda-panel-links">
          {appointment.reportIds.length > 0 ? (
            <Link to={`/patients/${appointment.patientId}/rapportages`}>
              {countOf(appointment.reportIds.length, 'rapportage', 'rapportages')}
            </Link>
          ) : (
            <span className="muted">Nog geen</span>
          )}
          <Link to={`/patients/${appointment.patientId}/rapportages?afspraak=${appointment.id}`}>+ Rapportage bij deze afspraak</Link>
        </dd>
      </dl>

      {!own ? (
        <p className="muted small">Alleen wie de afspraak maakte of de behandelaar kan haar verplaatsen of annuleren.</p>
      ) : !open ? null : (
        <div className="agenda-panel-actions">
          {/* Keyed by the time it has: after a move the fields show the new one. */}
          <Form method="post" className="stack-form" key={appointment.start}>
            <h3>Verplaatsen</h3>
            <input type="hidden" name="intent" value="verplaatsen" />
            <div className="field-row">
              <Field id="verplaats-datum" label="Nieuwe datum" error={errorsOf('verplaatsen').datum}>
                <input type="date" name="datum" defaultValue={valueOf('verplaatsen', 'datum', datum)} required />
              </Field>
              <Field id="verplaats-tijd" label="Nieuwe tijd" error={errorsOf('verplaatsen').tijd ?? errorsOf('verplaatsen').start}>
                <input type="time" name="tijd" step={300} defaultValue={valueOf('verplaatsen', 'tijd', tijd)} required />
              </Field>
            </div>
            <button type="submit" className="button button-secondary" disabled={busy}>
              Verplaatsen
            </button>
          </Form>

          <CancelSection
            patientName={appointment.patientName}
            when={`${dutchDay(appointment.start)}, ${formatTime(appointment.start)}`}
            confirmation={confirmation}
            errors={errorsOf('annuleren')}
            refusal={failure?.intent === 'annuleren' ? failure : null}
            backTo={`/agenda/${appointment.id}${context}`}
            values={{ reasonCode: valueOf('annuleren', 'reasonCode', ''), reason: valueOf('annuleren', 'reason', '') }}
            busy={busy}
            status={appointment.status}
          />

          <Form method="post" className="stack-form">
            <h3>Niet verschenen registreren</h3>
            <input type="hidden" name="intent" value="niet-verschenen" />
            {noShowRefusal ? (
              <p className="muted small">{noShowRefusal}</p>
            ) : (
              <p className="muted small">
                De afspraak komt op niet verschenen en de brief aan de huisarts wordt herschreven voor beoordeling.
              </p>
            )}
            <button type="submit" className="button button-secondary" disabled={busy || noShowRefusal !== null}>
              Registreer niet verschenen
            </button>
          </Form>
        </div>
      )}
    </aside>
  );
}

interface CancelProps {
  patientName: string;
  when: string;
  confirmation: Confirmation['confirm'] | null;
  errors: Record<string, string>;
  /** The refused attempt, as answered: it opens the dialog again to show why. */
  refusal: Failure | null;
  values: { reasonCode: string; reason: string };
  busy: boolean;
  status: string;
  backTo: string;
}

/**
 * Cancelling asks why, and asks once more before it happens (issue 44). Without JavaScript the
 * reason form posts to a confirmation step and that step's form cancels; with JavaScript the same
 * reason form sits in a dialog, which is the confirmation, and posts with `bevestigd`. Either way
 * the panel then offers "Ongedaan maken".
 */
function CancelSection({ patientName, when, confirmation, errors, refusal, values, busy, status, backTo }: CancelProps) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Done (or refused by someone else's change): the dialog's work is over. A refused reason keeps it open.
  useEffect(() => setOpen(false), [status]);
  useEffect(() => {
    if (refusal) setOpen(true);
  }, [refusal]);
  const question = `De afspraak van ${patientName} op ${when} annuleren?`;

  if (confirmation)
    return (
      <Form method="post" className="stack-form cancel-confirmation" aria-labelledby="annuleren-bevestigen">
        <h3 id="annuleren-bevestigen">{question}</h3>
        <p>
          Reden: <strong>{confirmation.text}</strong>
        </p>
        <input type="hidden" name="intent" value="annuleren" />
        <input type="hidden" name="bevestigd" value="ja" />
        <input type="hidden" name="reasonCode" value={confirmation.reasonCode} />
        <input type="hidden" name="reason" value={confirmation.reason} />
        <div className="form-actions">
          <button type="submit" className="button button-danger" disabled={busy}>
            Ja, annuleer de afspraak
          </button>
          <Link to={backTo} className="button button-secondary">
            Terug
          </Link>
        </div>
      </Form>
    );

  if (!hydrated)
    return (
      <Form method="post" className="stack-form">
        <h3>Annuleren</h3>
        <input type="hidden" name="intent" value="annuleren" />
        <CancelReasonFields idPrefix="annuleer" errors={errors} values={values} />
        <button type="submit" className="button button-danger" disabled={busy}>
          Afspraak annuleren
        </button>
      </Form>
    );

  return (
    <div className="stack-form">
      <h3>Annuleren</h3>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="button button-danger">Afspraak annuleren</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">{question}</Dialog.Title>
            <Form method="post" className="stack-form">
              <input type="hidden" name="intent" value="annuleren" />
              <input type="hidden" name="bevestigd" value="ja" />
              <CancelReasonFields idPrefix="dialoog" errors={errors} values={values} />
              <div className="form-actions">
                <button type="submit" className="button button-danger" disabled={busy}>
                  Ja, annuleer de afspraak
                </button>
                <Dialog.Close className="button button-secondary">Terug</Dialog.Close>
              </div>
            </Form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

/** The reason: one of the choices and a free text (required with ‘Anders’), the same in the form and the dialog. */
function CancelReasonFields({
  idPrefix,
  errors,
  values,
}: {
  idPrefix: string;
  errors: Record<string, string>;
  values: { reasonCode: string; reason: string };
}) {
  return (
    <>
      <fieldset className="field">
        <legend>Waarom wordt de afspraak geannuleerd?</legend>
        <div className="choice-list">
          {cancelReasonCodes.map((code) => (
            <label key={code}>
              <input type="radio" name="reasonCode" value={code} defaultChecked={values.reasonCode === code} />
              <span>{cancelReasonLabels[code]}</span>
            </label>
          ))}
        </div>
        {errors.reasonCode ? <p className="field-error">{errors.reasonCode}</p> : null}
      </fieldset>
      <Field id={`${idPrefix}-reden`} label="Reden" hint="Een keuze hierboven, een toelichting, of allebei." error={errors.reason}>
        <textarea name="reason" rows={2} maxLength={300} defaultValue={values.reason} />
      </Field>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/agenda" backLabel="Naar de agenda" />;
}
