import { countOf } from '../../domain/shared/text';
import { formatDate, formatWhen } from '../../domain/shared/clinical-time';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { ExternalLinkIcon, ReaderIcon } from '@radix-ui/react-icons';
import type { ReactNode } from 'react';
import { isCriticalVital, isIncidentReport } from '../../domain/handover/handover.alerts';
import { AlertBadges, AlertIconSprite, AlertTiles, WarningList } from '../components/alert-tiles';
import {
  handoverPeriods,
  handoverRoles,
  periodLabels,
  type HandoverPeriod,
  type HandoverRole,
} from '../../domain/handover/handover.schemas';
import { ageOn } from '../../domain/patient/patient.format';
import { categoryChipLabel, reportTypeLabels } from '../../domain/report/report.schemas';
import { AppError } from '../../domain/shared/errors';
import { uuidOrNull } from '../../domain/shared/ids';
import { requireUser } from '../auth.server';
import { RiskList, VitalList } from '../components/clinical';
import { HandoverSummaryPanel } from '../components/handover-summary';
import { PatientBanner } from '../components/patient-banner';
import { HandoverFilters } from '../components/handover-filters';
import { EmptyState, PageHeader } from '../components/page';
import { ReportText } from '../components/report-text';
import { RouteError } from '../components/route-error';
import { StatusBadge } from '../components/status-badge';
import { generateHandover, handoverChoices, handoverPageOf, handoverProgress, oneOf, tickFromForm } from '../handover.server';
import { pageData } from '../page.server';
import { env } from '../../domain/config/env';
import { getOrm, requireTemporal } from '../services.server';
import { actorFor, perform } from '../tenant.server';
import { hrefWith } from '../lib/href';

export const meta: MetaFunction = () => [{ title: 'Overdracht — GGZ-EPD' }];

/** The ward list shows this many at a time (most alerts first); "Toon meer" adds as many, up to the API's 1000. */
const listStep = 100;
const listMax = 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const { period, role } = handoverChoices(url, user.role);
  const onlyAlerts = url.searchParams.get('alerts') === 'true';
  const shown = Math.min(listMax, Math.max(listStep, Math.ceil(Number(url.searchParams.get('aantal')) / listStep || 1) * listStep));
  const requested = url.searchParams.get('patient');
  const patientId = uuidOrNull(requested);
  const actor = actorFor(user, context, 'web');
  const now = new Date();
  const { overview, detail, summary, actions } = await pageData(
    perform(actor, handoverPageOf, { query: { period, alerts: onlyAlerts, limit: shown }, patientId, role, now }),
  );
  const generation =
    detail && url.searchParams.has('generatie')
      ? await generationState(actor, { patientId: detail.patient.id, period, filterForRole: role }, now)
      : null;
  // The progress page is done: the same page without it, which shows the stored summary.
  if (generation?.status === 'klaar' || generation?.status === 'niet_gestart')
    throw redirect(hrefWith('/overdracht', url.searchParams, { generatie: null }));
  return {
    period,
    role,
    onlyAlerts,
    now: now.toISOString(),
    patients: overview.patients,
    total: overview.total,
    withAlerts: overview.withAlerts,
    detail,
    summary,
    actions,
    generation,
    missingPatient: Boolean(requested) && !detail,
  };
}

/** Where a generation started by the form stands; Temporal out of reach is said on the page, not a 503. */
async function generationState(
  actor: ReturnType<typeof actorFor>,
  request: { patientId: string; period: HandoverPeriod; filterForRole: HandoverRole },
  now: Date,
) {
  try {
    const progress = await handoverProgress(await requireTemporal(), actor, request, now);
    return { ...progress, message: progress.status === 'mislukt' ? 'Het maken van de overdracht is mislukt. Probeer het opnieuw.' : null };
  } catch (error) {
    if (error instanceof AppError) return { status: 'mislukt' as const, step: 0, steps: [] as readonly string[], message: error.message };
    throw error;
  }
}

/**
 * "Overdracht genereren" as a plain form post (JavaScript off, or not loaded yet): start or join the
 * workflow and wait for it, then show the page with the summary; a run that takes longer shows its
 * progress with a link to look again (Post/Redirect/Get either way). No self-refreshing page: an
 * unasked reload loses a screen reader's place (WCAG 2.2.1).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const form = await request.formData();
  if (form.get('intent') === 'actiepunt') return tickFromForm(actor, request, form);
  const patientId = uuidOrNull(form.get('patientId'));
  const period = oneOf(handoverPeriods, String(form.get('periode') ?? ''), '1d');
  const role = oneOf(handoverRoles, String(form.get('rol') ?? ''), user.role);
  const page = hrefWith('/overdracht', new URLSearchParams(), { patient: patientId, periode: period === '1d' ? null : period, rol: role });
  try {
    await generateHandover({ orm: await getOrm(), ...(await requireTemporal()), waitMs: env().HANDOVER_FORM_WAIT_SECONDS * 1000 }, actor, {
      patientId,
      period,
      filterForRole: role,
    });
    return redirect(page);
  } catch (error) {
    if (error instanceof AppError && error.code === 'timeout') return redirect(`${page}&generatie=bezig`);
    // Not found, unusable model answer, Temporal out of reach: said beside the button, in Dutch.
    if (error instanceof AppError && error.code !== 'internal')
      return Response.json({ generateError: error.message }, { status: error.status });
    throw error;
  }
}

/** "vandaag 09:14", "gisteren 22:40" or "18 nov 2026, 14:00": from the loader's clock, so server and browser agree. */
const whenLabel = (iso: string, now: string) => formatWhen(iso, new Date(now));

/** "Jan de Vries" → "JV": first and family name, as on the record page. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}

export default function HandoverPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const failure = useActionData<{ generateError: string }>();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/overdracht';
  // Links keep the other choices; the role is only in the URL once chosen.
  const link = (changes: Record<string, string | null>) => hrefWith('/overdracht', params, changes);

  return (
    <>
      <PageHeader
        title="Overdracht"
        description={`Wat de volgende dienst moet weten: alerts en overdrachtspunten van de laatste ${periodLabels[data.period]}.`}
        actions={
          <Link
            to={hrefWith('/overdracht/afdeling', new URLSearchParams(), { periode: data.period, rol: data.role })}
            className="button button-secondary"
          >
            Hele afdeling
          </Link>
        }
      />
      <div className="toolbar handover-toolbar">
        <Link
          to={link({ alerts: data.onlyAlerts ? null : 'true' })}
          className="switch switch-link"
          role="switch"
          aria-checked={data.onlyAlerts}
          preventScrollReset
        >
          <span className={data.onlyAlerts ? 'switch-track on' : 'switch-track'} aria-hidden="true" />
          Met alerts
        </Link>
        <HandoverFilters period={data.period} role={data.role} link={link} />
      </div>

      <div className={loading ? 'handover-layout loading' : 'handover-layout'}>
        <section className="ward-list" aria-labelledby="ward-title">
          <AlertIconSprite />
          <header className="ward-list-head">
            <h2 id="ward-title">{data.onlyAlerts ? 'Patiënten met alerts' : 'Patiënten op de afdeling'}</h2>
            <p className="muted small">
              {data.onlyAlerts
                ? countOf(data.total, 'patiënt', 'patiënten')
                : `${countOf(data.total, 'patiënt', 'patiënten')}, ${data.withAlerts} met alerts`}{' '}
              · meeste alerts eerst
            </p>
          </header>
          {data.patients.length === 0 ? (
            <div className="ward-empty">
              <p>
                {data.onlyAlerts
                  ? `Geen patiënten met alerts in de laatste ${periodLabels[data.period]}.`
                  : 'Geen patiënten in zorg op de afdeling.'}
              </p>
              {data.onlyAlerts ? <Link to={link({ alerts: null })}>Toon alle patiënten</Link> : null}
            </div>
          ) : (
            <ul className="ward-patients">
              {data.patients.map((patient) => {
                const selected = data.detail?.patient.id === patient.patientId;
                const age = ageOn(patient.birthDate);
                return (
                  <li key={patient.patientId}>
                    <Link
                      to={link({ patient: patient.patientId })}
                      className={selected ? 'ward-patient selected' : 'ward-patient'}
                      aria-current={selected ? 'true' : undefined}
                      preventScrollReset
                    >
                      <span className="ward-patient-head">
                        <span className="ward-patient-name">{patient.name}</span>
                        <StatusBadge status={patient.status} />
                      </span>
                      <span className="ward-patient-meta">
                        {age !== null ? `${age} jaar` : 'Leeftijd onbekend'} ·{' '}
                        {patient.lastReportAt ? `laatste rapportage ${whenLabel(patient.lastReportAt, data.now)}` : 'nog geen rapportage'}
                      </span>
                      <AlertBadges alerts={patient.alerts} />
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {data.total > data.patients.length ? (
            <p className="ward-more muted small">
              De eerste {data.patients.length} van {data.total} getoond.{' '}
              {data.patients.length < listMax ? (
                <Link to={link({ aantal: String(data.patients.length + listStep) })} preventScrollReset>
                  Toon {Math.min(listStep, data.total - data.patients.length)} meer
                </Link>
              ) : (
                <>Zet &lsquo;Met alerts&rsquo; aan om te beperken.</>
              )}
            </p>
          ) : null}
        </section>

        <div className="handover-detail">
          {data.detail ? (
            <PatientDetail
              detail={data.detail}
              role={data.role}
              now={data.now}
              summary={data.summary}
              actions={data.actions}
              generation={data.generation}
              generateError={failure?.generateError}
            />
          ) : data.missingPatient ? (
            <section className="error-state" role="alert">
              <h2>Patiënt niet gevonden</h2>
              <p className="muted">De gevraagde patiënt is niet gevonden. Kies een patiënt uit de lijst.</p>
            </section>
          ) : (
            <EmptyState icon={<ReaderIcon width={22} height={22} />} title="Kies een patiënt">
              <p>
                De lijst toont de patiënten van de afdeling, met de meeste alerts bovenaan. Kies er een voor de details van de periode en om
                de overdracht te genereren.
              </p>
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}

type Detail = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['detail']>;

function DetailSection({
  title,
  count,
  children,
  empty,
  after,
}: {
  title: string;
  count: number;
  children: ReactNode;
  empty: string;
  after?: ReactNode;
}) {
  return (
    <section className="card detail-section">
      <h3>
        {title} <span className="count">{count}</span>
      </h3>
      {count === 0 ? <p className="muted">{empty}</p> : children}
      {after}
    </section>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function PatientDetail({
  detail,
  role,
  now,
  summary,
  actions,
  generation,
  generateError,
}: {
  detail: Detail;
  role: HandoverRole;
  now: string;
  summary: PageData['summary'];
  actions: PageData['actions'];
  generation: PageData['generation'];
  generateError?: string;
}) {
  const { patient, alerts } = detail;
  const incidents = detail.reports.filter(isIncidentReport);
  // Incidents are already listed above; the handover list shows the rest of what was marked.
  const marked = detail.reports.filter((report) => report.includeInHandover && !isIncidentReport(report));
  const critical = detail.vitals.filter(isCriticalVital);
  const raised = detail.vitals.filter((vital) => vital.interpretation === 'H' || vital.interpretation === 'L');
  const age = ageOn(patient.birthDate);
  const period = detail.period.key;

  return (
    <>
      <section className="card detail-head" aria-labelledby="detail-title">
        <div className="detail-identity">
          <span className="record-avatar" aria-hidden="true">
            {initialsOf(patient.name)}
          </span>
          <div>
            <h2 id="detail-title">{patient.name}</h2>
            <p className="record-facts">
              <span>{patient.birthDate ? `${formatDate(patient.birthDate)} (${age} jaar)` : 'Geboortedatum onbekend'}</span>
              <StatusBadge status={patient.status} />
            </p>
          </div>
          <Link to={`/patients/${patient.id}`} className="button button-secondary detail-open">
            Dossier openen <ExternalLinkIcon aria-hidden="true" />
          </Link>
        </div>
        <WarningList alerts={alerts} />
        <AlertTiles alerts={alerts} periodLabel={detail.period.label} />
      </section>

      <PatientBanner banner={detail.banner} headingLevel={3} warnings={false} foldedAs="Veiligheid" />

      <HandoverSummaryPanel
        key={`${patient.id}-${period}-${role}-${summary?.meta.generatedAt ?? ''}`}
        patientId={patient.id}
        period={period}
        role={role}
        stored={summary}
        actions={actions}
        serverProgress={generation}
        serverError={generateError}
      />

      <DetailSection
        title="Incidenten en crises"
        count={incidents.length}
        empty={`Geen incidenten of crises in de laatste ${detail.period.label}.`}
      >
        <ReportList reports={incidents} now={now} idPrefix="alert" />
      </DetailSection>

      <DetailSection
        title="Kritieke metingen"
        count={critical.length}
        empty={`Geen kritieke metingen (HH, LL) in de laatste ${detail.period.label}.`}
        after={
          raised.length > 0 ? (
            <>
              <h4 className="subheading">Licht verhoogd of verlaagd (H, L)</h4>
              <VitalList vitals={raised} when={(iso) => whenLabel(iso, now)} />
            </>
          ) : null
        }
      >
        <VitalList vitals={critical} when={(iso) => whenLabel(iso, now)} />
      </DetailSection>

      <DetailSection
        title="Gemarkeerd voor de overdracht"
        count={marked.length}
        empty={`Geen andere rapportages voor de overdracht gemarkeerd in de laatste ${detail.period.label}.`}
      >
        <ReportList reports={marked} now={now} idPrefix="overdracht" />
      </DetailSection>

      <DetailSection title="Actuele risico's" count={detail.risks.length} empty="Nog geen risicotaxatie vastgelegd.">
        <RiskList risks={detail.risks} />
      </DetailSection>
    </>
  );
}

function ReportList({ reports, now, idPrefix }: { reports: Detail['reports']; now: string; idPrefix: string }) {
  return (
    <ol className="timeline-items">
      {reports.map((report) => (
        <li key={report.id} className={`timeline-item type-${report.type}`}>
          <div className="timeline-meta">
            <time dateTime={report.createdAt}>{whenLabel(report.createdAt, now)}</time>
            <span className={`chip chip-${report.type}`}>{reportTypeLabels[report.type]}</span>
            {categoryChipLabel(report.type, report.category) ? (
              <span className="chip">{categoryChipLabel(report.type, report.category)}</span>
            ) : null}
            {report.includeInHandover ? <span className="chip chip-handover">Overdracht</span> : null}
            <span className="muted timeline-author">{report.authorName}</span>
          </div>
          <ReportText id={`${report.id}-${idPrefix}`} content={report.content} />
        </li>
      ))}
    </ol>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/overdracht" backLabel="Naar de overdracht" />;
}
