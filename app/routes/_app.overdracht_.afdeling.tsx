import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from '@remix-run/react';
import { DownloadIcon, MagicWandIcon } from '@radix-ui/react-icons';
import { useEffect } from 'react';
import { handoverRoleLabels, periodLabels, type HandoverPeriod, type HandoverRole } from '../../domain/handover/handover.schemas';
import { ageOn } from '../../domain/patient/patient.format';
import { formatTime, formatWhen } from '../../domain/shared/clinical-time';
import { AppError } from '../../domain/shared/errors';
import { countOf } from '../../domain/shared/text';
import { requireUser } from '../auth.server';
import { AlertBadges, AlertIconSprite } from '../components/alert-tiles';
import { ActionItems, SeverityBadge } from '../components/handover-summary';
import { HandoverFilters } from '../components/handover-filters';
import { PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { StatusBadge } from '../components/status-badge';
import { handoverChoices, startWardHandover, tickFromForm, wardHandoverFor, wardHandoverProgress } from '../handover.server';
import { formFailure } from '../form.server';
import { hrefWith } from '../lib/href';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Overdracht afdeling — GGZ-EPD' }];

/**
 * The ward's handover for the shift (issue 26): every patient with their alerts and today's summary
 * for the period and role. "Voor alle patiënten maken" starts one workflow that makes them all;
 * while it runs the page shows how far it is (with JavaScript it follows along by itself).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const now = new Date();
  const { actor, ward } = await wardHandoverFor(request, context, now);
  const choice = { period: ward.period.key, filterForRole: ward.role };
  const generation = url.searchParams.has('generatie') ? await progressOf(actor, choice, now) : null;
  // Done (or nothing running): the page without the progress, which shows the stored summaries.
  if (generation && (generation.status === 'klaar' || generation.status === 'niet_gestart') && generation.failed === 0)
    throw redirect(hrefWith('/overdracht/afdeling', url.searchParams, { generatie: null }));
  return { ward, generation, now: now.toISOString() };
}

/** Where the ward's generation stands; Temporal out of reach is said on the page, not a 503. */
async function progressOf(actor: ReturnType<typeof actorFor>, request: { period: HandoverPeriod; filterForRole: HandoverRole }, now: Date) {
  try {
    return { ...(await wardHandoverProgress(await requireTemporal(), actor, request, now)), message: null };
  } catch (error) {
    if (error instanceof AppError) return { status: 'mislukt' as const, done: 0, total: 0, failed: 0, message: error.message };
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const form = await request.formData();
  if (form.get('intent') === 'actiepunt') return tickFromForm(actor, request, form);
  const { period, role } = handoverChoices(new URL(request.url), user.role);
  try {
    await startWardHandover(await requireTemporal(), actor, { period, filterForRole: role });
  } catch (error) {
    // Refused, or Temporal out of reach (503): said on the page, beside the button.
    return formFailure(error, {}, { shows: 'every-refusal' });
  }
  const url = new URL(request.url);
  return redirect(hrefWith('/overdracht/afdeling', url.searchParams, { generatie: 'bezig' }));
}

/** While the ward's handover is being made, the page (with JavaScript) reloads its data every two seconds. */
function useFollowGeneration(running: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!running || state !== 'idle') return;
    const timer = window.setTimeout(revalidate, 2000);
    return () => window.clearTimeout(timer);
  }, [running, state, revalidate]);
}

export default function WardHandoverPage() {
  const { ward, generation, now } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const failure = useActionData<{ message: string }>();
  const link = (changes: Record<string, string | null>) => hrefWith('/overdracht/afdeling', params, changes);
  const running = generation?.status === 'bezig';
  useFollowGeneration(running);
  const query = new URLSearchParams({ periode: ward.period.key, rol: ward.role });
  const made = ward.patients.filter((entry) => entry.summary).length;
  const starting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'genereren';

  return (
    <>
      <PageHeader
        title="Overdracht afdeling"
        description={`Alle patiënten van de afdeling met hun alerts en de overdracht van vandaag, laatste ${periodLabels[ward.period.key]}, voor de ${handoverRoleLabels[ward.role].toLowerCase()}.`}
        actions={
          <Link to={`/overdracht?${query}`} className="button button-secondary">
            Per patiënt
          </Link>
        }
      />
      <div className="toolbar handover-toolbar">
        <div className="toolbar-group">
          <Form method="post" preventScrollReset>
            <button type="submit" name="intent" value="genereren" className="button button-primary" disabled={running || starting}>
              <MagicWandIcon aria-hidden="true" /> {running || starting ? 'Bezig met maken…' : 'Voor alle patiënten maken'}
            </button>
          </Form>
          <Link to={`/overdracht/afdeling/afdrukken?${query}`} className="button button-secondary">
            Afdrukken
          </Link>
          <a href={`/overdracht/afdeling/pdf?${query}`} className="button button-secondary" download>
            <DownloadIcon aria-hidden="true" /> PDF
          </a>
        </div>
        <HandoverFilters period={ward.period.key} role={ward.role} link={(changes) => link({ ...changes, generatie: null })} />
      </div>

      {failure?.message ? (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {generation ? (
        <section className="card ward-progress" aria-live="polite" aria-labelledby="ward-progress-title">
          <h2 id="ward-progress-title">
            {generation.status === 'bezig'
              ? 'De overdracht wordt gemaakt'
              : generation.status === 'klaar'
                ? 'De overdracht is gemaakt'
                : 'Het maken van de overdracht is mislukt'}
          </h2>
          {generation.total > 0 ? (
            <>
              <progress max={generation.total} value={generation.done} aria-label="Voortgang" />
              <p>{`${generation.done} van ${countOf(generation.total, 'patiënt', 'patiënten')} klaar`}</p>
            </>
          ) : generation.status === 'bezig' ? (
            <p>De patiënten van de afdeling worden opgezocht…</p>
          ) : null}
          {generation.failed > 0 ? (
            <p className="form-error">{`Voor ${countOf(generation.failed, 'patiënt', 'patiënten')} is geen nieuwe overdracht gemaakt; probeer het opnieuw of maak die per patiënt.`}</p>
          ) : null}
          {generation.message ? <p className="form-error">{generation.message}</p> : null}
          {running ? (
            <p className="muted small">
              Klaar gemaakte overdrachten verschijnen hieronder. <Link to={link({})}>Opnieuw kijken</Link>
            </p>
          ) : null}
        </section>
      ) : null}

      <p className="muted small ward-handover-count">
        {`${countOf(ward.total, 'patiënt', 'patiënten')}, ${ward.withAlerts} met alerts · ${made} met een overdracht van vandaag`}
        {ward.total > ward.patients.length ? ` · de eerste ${ward.patients.length}, meeste alerts eerst` : ''}
      </p>

      <AlertIconSprite />
      <ol className="ward-handover">
        {ward.patients.map(({ patient, summary }) => {
          const age = ageOn(patient.birthDate);
          const titleId = `ward-patient-${patient.patientId}`;
          return (
            <li key={patient.patientId}>
              <article className="card ward-handover-patient" aria-labelledby={titleId}>
                <header className="ward-handover-head">
                  <div>
                    <h2 id={titleId}>
                      <Link
                        to={`/overdracht?${new URLSearchParams({ patient: patient.patientId, periode: ward.period.key, rol: ward.role })}`}
                      >
                        {patient.name}
                      </Link>
                    </h2>
                    <p className="muted small">
                      {age !== null ? `${age} jaar` : 'Leeftijd onbekend'} · <StatusBadge status={patient.status} />
                    </p>
                  </div>
                  <AlertBadges alerts={patient.alerts} />
                </header>
                {summary ? (
                  <div className="ward-handover-summary">
                    <p>
                      <SeverityBadge ernst={summary.meta.ernst} /> {summary.meta.situatie}
                    </p>
                    {summary.aandachtspunten.length > 0 ? (
                      <ul className="ward-handover-points">
                        {summary.aandachtspunten.map((punt, index) => (
                          <li key={`${punt.bron.id}-${index}`}>
                            {punt.tekst}{' '}
                            <span className="muted small">{`(${punt.bron.label}, ${formatWhen(punt.bron.date, new Date(now))})`}</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {summary.actiepunten.length > 0 ? (
                      <ActionItems
                        summaryId={summary.meta.summaryId}
                        items={summary.actiepunten}
                        states={ward.actions[summary.meta.summaryId ?? '']}
                      />
                    ) : null}
                    <p className="muted small">{`Gemaakt om ${formatTime(summary.meta.generatedAt)}`}</p>
                  </div>
                ) : (
                  <p className="muted">Nog geen overdracht van vandaag voor deze periode en rol.</p>
                )}
              </article>
            </li>
          );
        })}
      </ol>
      {ward.patients.length === 0 ? <p className="muted">Geen patiënten in zorg op de afdeling.</p> : null}
      <p className="muted small">{`Bijgewerkt om ${formatTime(now)}.`}</p>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/overdracht" backLabel="Naar de overdracht" />;
}
