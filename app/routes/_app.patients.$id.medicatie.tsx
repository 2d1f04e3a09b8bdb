import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { intervalText, prnIndication } from '../../domain/medication/safety';
import { defaultMinIntervalMinutes } from '../../domain/medication/safety-rules';
import { formatDate, formatTime, formatWhen } from '../../domain/shared/clinical-time';
import { AppError } from '../../domain/shared/errors';
import { uuidOrNull } from '../../domain/shared/ids';
import { capitaliseFirst } from '../../domain/shared/text';
import { Field } from '../components/field';
import { formFailure, valuesOf, type FormFailure, type FormValues } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { administerDose, medicationOf, recordDoseEffect, stopMedication } from '../patients.server';
import { perform } from '../tenant.server';

const statusLabels = { gegeven: 'Gegeven', geweigerd: 'Geweigerd', 'niet-gegeven': 'Niet gegeven' } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const overview = await pageData(perform(actor, medicationOf, { patientId }));
  const url = new URL(request.url);
  return {
    ...overview,
    canPrescribe: actor.role === 'psychiater',
    stopping: uuidOrNull(url.searchParams.get('stop')),
    effectFor: uuidOrNull(url.searchParams.get('effect')),
    now: new Date().toISOString(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values = valuesOf(form);
  const target = values.orderId ?? values.administrationId ?? '';
  const back = `/patients/${patientId}/medicatie`;
  try {
    // Each names its own patient's order or dose: another patient's is a 404 here.
    if (values.intent === 'dosis')
      await perform(actor, administerDose, {
        orderId: target,
        dose: {
          scheduledFor: values.scheduledFor,
          status: values.status,
          reason: values.reason || undefined,
          doubleCheckedBy: values.doubleCheckedBy || undefined,
        },
        patientId,
      });
    else if (values.intent === 'zo-nodig')
      await perform(actor, administerDose, {
        orderId: target,
        dose: { reason: values.reason ?? '', doubleCheckedBy: values.doubleCheckedBy || undefined },
        patientId,
      });
    else if (values.intent === 'effect')
      await perform(actor, recordDoseEffect, { administrationId: target, effect: { effect: values.effect ?? '' }, patientId });
    else if (values.intent === 'stoppen')
      await perform(actor, stopMedication, { orderId: target, stop: { reason: values.reason ?? '' }, patientId });
    else throw new AppError('validation_failed', 'Onbekende actie.');
    return redirect(back);
  } catch (error) {
    // Field errors and refusals (the maximum per 24 hours, a dose registered twice) stay beside the form that caused them.
    return formFailure(error, values, { shows: ['conflict', 'forbidden'] });
  }
}

type Failure = FormFailure<FormValues>;

/** The refusal or field error of the form that was sent, shown beside that form only. */
function Problem({ failure, intent, target }: { failure: Failure | undefined; intent: string; target: string }) {
  if (!failure || failure.values.intent !== intent || (failure.values.orderId ?? failure.values.administrationId) !== target) return null;
  // The second nurse's field says its own error beside the choice.
  const { doubleCheckedBy, ...others } = failure.fields ?? {};
  const text = Object.values(others)[0] ?? (doubleCheckedBy ? null : failure.message);
  if (!text) return null;
  return (
    <p className="notice notice-danger" role="alert">
      {text}
    </p>
  );
}

/** A dose of high-risk medication: who checked it with the nurse (ADR 60). */
function SecondNurse({
  id,
  colleagues,
  why,
  error,
}: {
  id: string;
  colleagues: { id: string; name: string }[];
  why: string;
  error?: string;
}) {
  return (
    <Field id={id} label="Gecontroleerd door (tweede verpleegkundige)" hint={why} error={error}>
      <select name="doubleCheckedBy" defaultValue="">
        <option value="">Kies een collega</option>
        {colleagues.map((colleague) => (
          <option key={colleague.id} value={colleague.id}>
            {colleague.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** " door Sanne de Boer, gecontroleerd door Marleen Visser": who gave a dose, and who checked it. */
const byWhom = (row: { recordedBy: string | null; doubleCheckedBy: string | null }) =>
  `${row.recordedBy ? ` door ${row.recordedBy}` : ''}${row.doubleCheckedBy ? `, gecontroleerd door ${row.doubleCheckedBy}` : ''}`;

const highRiskHint = (risk: { label: string; why: string }) =>
  `Risicovolle medicatie (${risk.label}: ${risk.why}). Een collega controleert middel, dosis, patiënt en tijdstip; beide namen worden vastgelegd.`;

/** "Zo nodig bij onrust, maximaal 3× per 24 uur, minimaal 1 uur ertussen": the order's rule in one phrase. */
function prnRule(order: { indication: string | null; maxPerDay: number | null; minIntervalMinutes: number | null }): string {
  const interval = order.minIntervalMinutes ?? defaultMinIntervalMinutes;
  return `${prnIndication(order.indication)}; maximaal ${order.maxPerDay}× per 24 uur${interval ? `, minimaal ${intervalText(interval)} tussen twee giften` : ''}`;
}

export default function Medication() {
  const { orders, today, prn, administrations, canPrescribe, stopping, effectFor, now, allergyStatus, colleagues } =
    useLoaderData<typeof loader>();
  const failure = useActionData<Failure>();
  const busy = useNavigation().state === 'submitting';
  const active = orders.filter((order) => order.active);
  const inactive = orders.filter((order) => !order.active);
  const soon = Date.parse(now) + 2 * 3600_000;
  const risky = new Map(orders.map((order) => [order.id, order.highRisk]));
  const fieldError = (intent: string, target: string, field: string) =>
    failure && failure.values.intent === intent && (failure.values.orderId ?? '') === target ? failure.fields?.[field] : undefined;

  return (
    <div className="medication">
      {allergyStatus === 'niet-vastgelegd' ? (
        <p className="notice notice-warning" id="medication-allergies">
          <strong>Allergieën niet vastgelegd.</strong> Vraag ze na voordat er iets wordt voorgeschreven, en leg ze vast op het tabblad
          Allergieën (of leg &quot;geen bekende allergieën&quot; vast).
        </p>
      ) : null}
      <section className="card" aria-labelledby="today-title">
        <h2 id="today-title">Toediening vandaag</h2>
        {today.length === 0 ? (
          <p className="muted">Vandaag staan er geen vaste doses gepland.</p>
        ) : (
          <ul className="dose-list">
            {today.map((dose) => {
              const done = dose.administration;
              // A dose of yesterday still open after midnight says so: "gisteren 22:00".
              const day = dose.yesterday ? 'gisteren ' : '';
              const label = `${dose.productName}, ${dose.dose} ${day}om ${dose.time}`;
              const risk = risky.get(dose.orderId);
              return (
                <li key={`${dose.orderId}-${dose.scheduledFor}`} className={done ? `dose dose-${done.status}` : 'dose'}>
                  <div className="dose-head">
                    <span className="dose-time">{`${day}${dose.time}`}</span>
                    <span>
                      <strong>{dose.productName}</strong>
                      <span className="muted">{` · ${dose.dose} · ${dose.route}`}</span>
                    </span>
                  </div>
                  {done ? (
                    <p className="dose-state">
                      <strong>{statusLabels[done.status]}</strong>
                      {` · ${formatTime(done.administeredAt)}${byWhom(done)}`}
                      {done.reason ? ` · ${done.reason}` : ''}
                    </p>
                  ) : Date.parse(dose.scheduledFor) > soon ? (
                    <p className="dose-state muted">Gepland</p>
                  ) : (
                    <Form method="post" className="dose-form" aria-label={`Toediening ${label}`}>
                      <input type="hidden" name="intent" value="dosis" />
                      <input type="hidden" name="orderId" value={dose.orderId} />
                      <input type="hidden" name="scheduledFor" value={dose.scheduledFor} />
                      <Problem failure={failure} intent="dosis" target={dose.orderId} />
                      <Field id={`reden-${dose.orderId}-${dose.time}`} label="Reden bij weigeren of niet geven">
                        <input type="text" name="reason" maxLength={300} />
                      </Field>
                      {risk ? (
                        <SecondNurse
                          id={`controle-${dose.orderId}-${dose.time}`}
                          colleagues={colleagues}
                          why={highRiskHint(risk)}
                          error={fieldError('dosis', dose.orderId, 'doubleCheckedBy')}
                        />
                      ) : null}
                      <div className="form-actions">
                        <button type="submit" name="status" value="gegeven" className="button button-primary" disabled={busy}>
                          Gegeven
                        </button>
                        <button type="submit" name="status" value="geweigerd" className="button button-secondary" disabled={busy}>
                          Geweigerd
                        </button>
                        <button type="submit" name="status" value="niet-gegeven" className="button button-secondary" disabled={busy}>
                          Niet gegeven
                        </button>
                      </div>
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {prn.length > 0 ? (
        <section className="card" aria-labelledby="prn-title">
          <h2 id="prn-title">Zo nodig</h2>
          <ul className="dose-list">
            {prn.map(({ order, givenLast24h, lastGivenAt, blockedReason }) => (
              <li key={order.id} className="dose">
                <div className="dose-head">
                  <span>
                    <strong>{order.productName}</strong>
                    <span className="muted">{` · ${order.dose} · ${order.route}`}</span>
                  </span>
                </div>
                <p className="dose-state">
                  {`${capitaliseFirst(prnRule(order))}. Afgelopen 24 uur ${givenLast24h}× gegeven`}
                  {lastGivenAt ? `, laatst ${formatWhen(lastGivenAt)}.` : '.'}
                </p>
                {/* Keyed by the last gift: after a gift the reason field is empty again. */}
                <Form
                  method="post"
                  className="dose-form"
                  aria-label={`Zo nodig ${order.productName}`}
                  key={`${order.id}-${lastGivenAt ?? ''}`}
                >
                  <input type="hidden" name="intent" value="zo-nodig" />
                  <input type="hidden" name="orderId" value={order.id} />
                  <Problem failure={failure} intent="zo-nodig" target={order.id} />
                  <Field id={`prn-${order.id}`} label="Reden voor deze gift">
                    <input type="text" name="reason" maxLength={300} />
                  </Field>
                  {order.highRisk ? (
                    <SecondNurse
                      id={`controle-${order.id}`}
                      colleagues={colleagues}
                      why={highRiskHint(order.highRisk)}
                      error={fieldError('zo-nodig', order.id, 'doubleCheckedBy')}
                    />
                  ) : null}
                  {blockedReason ? (
                    <p className="field-hint prn-blocked" id={`prn-blocked-${order.id}`}>
                      {blockedReason}
                    </p>
                  ) : null}
                  <div className="form-actions">
                    <button
                      type="submit"
                      className="button button-primary"
                      disabled={busy || !!blockedReason}
                      aria-describedby={blockedReason ? `prn-blocked-${order.id}` : undefined}
                    >
                      Zo nodig geven
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="list-title">
        <div className="card-head">
          <h2 id="list-title">Medicatielijst</h2>
          {canPrescribe ? (
            <Link to="nieuw" className="button button-secondary">
              Nieuw voorschrift
            </Link>
          ) : null}
        </div>
        {active.length === 0 ? <p className="muted">Er staat geen medicatie op de lijst.</p> : null}
        <ul className="order-list">
          {active.map((order) => (
            <li key={order.id} id={`medicatieopdracht-${order.id}`}>
              <div>
                <strong>{order.productName}</strong>
                <span className="muted">{` · ${order.dose} · ${order.route}`}</span>
              </div>
              <p className="small">
                {order.kind === 'vast' ? order.times.join(', ') : `Zo nodig ${prnRule(order)}`}
                {` · sinds ${formatDate(order.startDate)}${order.endDate ? ` t/m ${formatDate(order.endDate)}` : ''}`}
                {order.prescribedBy ? ` · voorgeschreven door ${order.prescribedBy}` : ''}
              </p>
              {order.note ? (
                <p className="small muted" data-authored>
                  {order.note}
                </p>
              ) : null}
              {order.highRisk ? (
                <p className="small">{`Risicovolle medicatie (${order.highRisk.label}): dubbele controle bij toedienen.`}</p>
              ) : null}
              {order.overrideReason ? (
                <div className="notice notice-warning notice-block order-override">
                  <p className="small">
                    <strong>Waarschuwing genegeerd bij voorschrijven</strong>
                    {order.prescribedBy ? ` door ${order.prescribedBy}` : ''}:
                  </p>
                  <ul className="small">
                    {order.overriddenWarnings.map((warning) => (
                      <li key={warning.message}>{warning.message}</li>
                    ))}
                  </ul>
                  <p className="small" data-authored>{`Reden: ${order.overrideReason}`}</p>
                </div>
              ) : null}
              {canPrescribe && stopping === order.id ? (
                <Form method="post" className="stack-form" aria-label={`${order.productName} stoppen`}>
                  <input type="hidden" name="intent" value="stoppen" />
                  <input type="hidden" name="orderId" value={order.id} />
                  <Problem failure={failure} intent="stoppen" target={order.id} />
                  <Field id={`stop-${order.id}`} label="Reden om te stoppen">
                    <input type="text" name="reason" maxLength={300} />
                  </Field>
                  <div className="form-actions">
                    <Link to="." className="button button-secondary">
                      Annuleren
                    </Link>
                    <button type="submit" className="button button-danger" disabled={busy}>
                      Stoppen
                    </button>
                  </div>
                </Form>
              ) : canPrescribe ? (
                <Link to={`?stop=${order.id}`} className="small" aria-label={`${order.productName} stoppen`}>
                  Stoppen
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        {inactive.length > 0 ? (
          <details className="order-history">
            <summary>{`Gestopt of afgelopen (${inactive.length})`}</summary>
            <ul className="order-list">
              {inactive.map((order) => (
                <li key={order.id} id={`medicatieopdracht-${order.id}`} className="order-inactive">
                  <strong>{order.productName}</strong>
                  <span className="muted">{` · ${order.dose}`}</span>
                  <p className="small">
                    {order.stoppedAt
                      ? `Gestopt ${formatWhen(order.stoppedAt)}${order.stoppedBy ? ` door ${order.stoppedBy}` : ''}: ${order.stopReason}`
                      : order.endDate
                        ? `Afgelopen op ${formatDate(order.endDate)}`
                        : `Start op ${formatDate(order.startDate)}`}
                  </p>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Toedieningen afgelopen 7 dagen</h2>
        {administrations.length === 0 ? (
          <p className="muted">Nog niets geregistreerd.</p>
        ) : (
          <ul className="administration-list">
            {administrations.map((row) => (
              <li key={row.id} className={`administration administration-${row.status}`}>
                <p>
                  <strong>{row.prn ? 'Zo nodig gegeven' : statusLabels[row.status]}</strong>
                  {` · ${row.productName}, ${row.dose} · ${formatWhen(row.administeredAt)}${byWhom(row)}`}
                </p>
                {row.reason ? <p className="small">{`Reden: ${row.reason}`}</p> : null}
                {row.effect ? <p className="small">{`Effect: ${row.effect}`}</p> : null}
                {row.prn && !row.effect ? (
                  effectFor === row.id ? (
                    <Form method="post" className="stack-form" aria-label="Effect vastleggen">
                      <input type="hidden" name="intent" value="effect" />
                      <input type="hidden" name="administrationId" value={row.id} />
                      <Problem failure={failure} intent="effect" target={row.id} />
                      <Field id={`effect-${row.id}`} label="Effect van de gift">
                        <input type="text" name="effect" maxLength={500} />
                      </Field>
                      <div className="form-actions">
                        <Link to="." className="button button-secondary">
                          Annuleren
                        </Link>
                        <button type="submit" className="button button-primary" disabled={busy}>
                          Effect opslaan
                        </button>
                      </div>
                    </Form>
                  ) : (
                    <Link to={`?effect=${row.id}`} className="small">
                      Effect vastleggen
                    </Link>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
