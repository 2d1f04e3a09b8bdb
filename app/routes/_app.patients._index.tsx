import { capitaliseFirst, countOf } from '../../domain/shared/text';
import { formatDate, formatWhen } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { MagnifyingGlassIcon, PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { maskBsn } from '../../domain/patient/bsn';
import { ageOn } from '../../domain/patient/patient.format';
import {
  episodeStatusLabels,
  patientOrderLabels,
  patientOrders,
  statusFilters,
  type PatientOrder,
  type StatusFilter,
} from '../../domain/patient/patient.schemas';
import { alertSentence } from '../../domain/handover/handover.alerts';
import { requireUser } from '../auth.server';
import { EmptyState, PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { StatusBadge } from '../components/status-badge';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';
import { lookUpPatients, wardList } from '../patients.server';
import { AllergySummary, EarlyWarningFlag, LegalStatusShort } from '../components/ward-facts';
import { hrefWith } from '../lib/href';

export const meta: MetaFunction = () => [{ title: 'Patiënten — GGZ-EPD' }];

const pageSize = 25;
const filterLabel = (filter: StatusFilter) => (filter === 'all' ? 'Alle' : episodeStatusLabels[filter]);
/** `?volgorde=urgentie`; anything else is the newest change first. */
const orderOf = (value: string | null): PatientOrder => (value === 'urgentie' ? 'urgentie' : 'recent');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const status = (statusFilters as readonly string[]).includes(url.searchParams.get('status') ?? '')
    ? (url.searchParams.get('status') as StatusFilter)
    : 'all';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('pagina') ?? '1', 10) || 1);
  const actor = actorFor(user, context, 'web');

  if (q) {
    const results = await pageData(perform(actor, lookUpPatients, { query: { q, status, limit: 50 } }));
    return { mode: 'search' as const, q, status, results };
  }
  const order = orderOf(url.searchParams.get('volgorde'));
  const list = await pageData(perform(actor, wardList, { status, order, limit: pageSize, offset: (page - 1) * pageSize }));
  return { mode: 'list' as const, q, status, page, list };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function BirthDate({ birthDate }: { birthDate: string | null }) {
  return birthDate ? (
    <>
      {formatDate(birthDate)} <span className="muted">({ageOn(birthDate)} jaar)</span>
    </>
  ) : (
    <span className="muted">Onbekend</span>
  );
}

/** Search results, best match first: who they are, not yet the ward's facts. */
function SearchTable({ data }: { data: Extract<LoaderData, { mode: 'search' }> }) {
  return (
    <table className="table table-stack">
      <thead>
        <tr>
          <th scope="col">Naam</th>
          <th scope="col">Geboortedatum</th>
          <th scope="col">Overeenkomst</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {data.results.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={`/patients/${row.id}`} className="row-link">
                {row.name}
              </Link>
            </td>
            <td>
              <BirthDate birthDate={row.birthDate} />
            </td>
            <td>
              <span className="score" style={{ ['--score' as string]: row.score ?? 0 }}>
                {Math.round((row.score ?? 0) * 100)}%
              </span>
            </td>
            <td>
              <StatusBadge status={row.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A cell's name on a narrow screen, where the row is a card and the column headers are not seen. */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="cell-label" aria-hidden="true">
      {children}
    </span>
  );
}

/** The ward view: room, legal status, allergies and the NEWS2/BVC flag of every patient at a glance (issue 41, point 7). */
function WardTable({ data }: { data: Extract<LoaderData, { mode: 'list' }> }) {
  const urgency = data.list.order === 'urgentie';
  return (
    <table className="table table-stack ward-table">
      <thead>
        <tr>
          <th scope="col">Naam</th>
          <th scope="col">Kamer</th>
          <th scope="col">Status</th>
          <th scope="col">Rechtspositie</th>
          <th scope="col">Allergieën</th>
          <th scope="col">NEWS2 / BVC</th>
          <th scope="col">{urgency ? 'Alerts (24 uur)' : 'Laatst gewijzigd'}</th>
        </tr>
      </thead>
      <tbody>
        {data.list.items.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={`/patients/${row.id}`} className="row-link">
                {row.displayName}
              </Link>
              {row.johnDoe ? <span className="badge badge-danger badge-small">BSN ontbreekt</span> : null}
              <span className="ward-identity muted small">
                <span>
                  <BirthDate birthDate={row.birthDate} />
                </span>
                {row.bsn ? (
                  <span>
                    BSN <span className="mono">{maskBsn(row.bsn)}</span>
                  </span>
                ) : null}
              </span>
            </td>
            <td className="ward-room">
              <CellLabel>Kamer</CellLabel>
              {row.room ? <strong>{row.room}</strong> : <span className="muted">—</span>}
            </td>
            <td>
              <StatusBadge status={row.episodeStatus} />
            </td>
            <td>
              <CellLabel>Rechtspositie</CellLabel>
              <LegalStatusShort kind={row.legalStatus} />
            </td>
            <td>
              <CellLabel>Allergieën</CellLabel>
              <AllergySummary allergies={row.allergies} />
            </td>
            <td>
              <EarlyWarningFlag alerts={row.earlyWarning} />
            </td>
            <td className="muted small">
              {urgency ? (
                row.alerts ? (
                  capitaliseFirst(alertSentence(row.alerts))
                ) : null
              ) : (
                <>
                  <CellLabel>Gewijzigd</CellLabel>
                  {formatWhen(row.updatedAt)}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PatientList() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/patients';
  const empty = data.mode === 'search' ? data.results.length === 0 : data.list.items.length === 0;

  return (
    <>
      <PageHeader
        title="Patiënten"
        description="Zoek, filter en open de dossiers van je afdeling."
        actions={
          <Link to="/patients/new" className="button button-primary">
            <PlusIcon aria-hidden="true" /> Nieuwe patiënt
          </Link>
        }
      />

      <div className="toolbar">
        <Form method="get" className="search-form" role="search">
          <MagnifyingGlassIcon className="search-icon" aria-hidden="true" />
          <label htmlFor="patient-search" className="visually-hidden">
            Zoek op naam of BSN
          </label>
          <input
            id="patient-search"
            type="search"
            name="q"
            defaultValue={data.q}
            placeholder="Zoek op naam of BSN, bijv. “jan de vries”"
            autoComplete="off"
          />
          {data.status !== 'all' ? <input type="hidden" name="status" value={data.status} /> : null}
          <button type="submit" className="button button-secondary">
            Zoeken
          </button>
        </Form>
        <nav className="segmented" aria-label="Filter op status">
          {statusFilters.map((filter) => (
            <Link
              key={filter}
              to={hrefWith('/patients', params, { status: filter === 'all' ? null : filter, pagina: null })}
              className={filter === data.status ? 'segment active' : 'segment'}
              aria-current={filter === data.status ? 'true' : undefined}
            >
              {filterLabel(filter)}
            </Link>
          ))}
        </nav>
        {data.mode === 'list' ? (
          <nav className="segmented" aria-label="Volgorde">
            {patientOrders.map((order) => (
              <Link
                key={order}
                to={hrefWith('/patients', params, { volgorde: order === 'recent' ? null : order, pagina: null })}
                className={order === data.list.order ? 'segment active' : 'segment'}
                aria-current={order === data.list.order ? 'true' : undefined}
              >
                {patientOrderLabels[order]}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      {empty ? (
        <EmptyState
          icon={<PersonIcon width={22} height={22} />}
          title={data.q ? `Geen patiënten gevonden voor “${data.q}”` : 'Geen patiënten met deze status'}
        >
          <p>
            {data.q ? 'Controleer de spelling, zoek op achternaam of op BSN.' : 'Kies een ander filter of registreer een nieuwe patiënt.'}
          </p>
        </EmptyState>
      ) : (
        <div className={searching ? 'table-card loading' : 'table-card'}>
          {data.mode === 'search' ? (
            <>
              <p className="table-caption">
                {countOf(data.results.length, 'resultaat', 'resultaten')} voor “{data.q}”, beste overeenkomst eerst ·{' '}
                <Link to={hrefWith('/patients', params, { q: null })}>Zoekopdracht wissen</Link>
              </p>
              <SearchTable data={data} />
            </>
          ) : (
            <>
              <p className="table-caption">
                {data.list.order === 'urgentie'
                  ? 'Meest urgente alerts eerst (NEWS2, BVC, termijnen, incidenten en metingen van de laatste 24 uur), daarna laatst gewijzigd.'
                  : 'Laatst gewijzigd eerst.'}
              </p>
              <WardTable data={data} />
              <nav className="pagination" aria-label="Paginering">
                <span className="muted">
                  {data.list.offset + 1}–{data.list.offset + data.list.items.length} van {data.list.total}
                </span>
                <span className="pagination-links">
                  {data.page > 1 ? (
                    <Link className="button button-secondary" to={hrefWith('/patients', params, { pagina: String(data.page - 1) })}>
                      Vorige
                    </Link>
                  ) : null}
                  {data.list.offset + data.list.items.length < data.list.total ? (
                    <Link className="button button-secondary" to={hrefWith('/patients', params, { pagina: String(data.page + 1) })}>
                      Volgende
                    </Link>
                  ) : null}
                </span>
              </nav>
            </>
          )}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/patients" backLabel="Opnieuw naar de patiëntenlijst" />;
}
