import { countOf } from '../../domain/shared/text';
import { formatDate, formatWhen } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { MagnifyingGlassIcon, PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { maskBsn } from '../../domain/patient/bsn';
import { ageOn } from '../../domain/patient/patient.format';
import { episodeStatusLabels, statusFilters, type StatusFilter } from '../../domain/patient/patient.schemas';
import { requireUser } from '../auth.server';
import { EmptyState, PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { StatusBadge } from '../components/status-badge';
import { pageData } from '../page.server';
import { actorFor, audited } from '../tenant.server';
import { listPatients, searchPatients } from '../patients.server';
import { hrefWith } from '../lib/href';

export const meta: MetaFunction = () => [{ title: 'Patiënten — GGZ-EPD' }];

const pageSize = 25;
const filterLabel = (filter: StatusFilter) => (filter === 'all' ? 'Alle' : episodeStatusLabels[filter]);

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
    const results = await pageData(
      audited(actor, { action: 'search', resourceType: 'Patient' }, (em) => searchPatients(em, actor, { q, status, limit: 50 })),
    );
    return { mode: 'search' as const, q, status, results };
  }
  const list = await pageData(
    audited(actor, { action: 'search', resourceType: 'Patient' }, (em) =>
      listPatients(em, actor, { status, limit: pageSize, offset: (page - 1) * pageSize }),
    ),
  );
  return { mode: 'list' as const, q, status, page, list };
}

export default function PatientList() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/patients';

  const rows =
    data.mode === 'search'
      ? data.results.map((result) => ({
          id: result.id,
          name: result.name,
          birthDate: result.birthDate,
          status: result.status,
          bsn: null,
          updatedAt: null,
          score: result.score,
        }))
      : data.list.items.map((patient) => ({
          id: patient.id,
          name: patient.displayName,
          birthDate: patient.birthDate,
          status: patient.episodeStatus,
          bsn: patient.bsn,
          updatedAt: patient.updatedAt,
          score: null,
          johnDoe: patient.johnDoe,
        }));

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
      </div>

      {rows.length === 0 ? (
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
            <p className="table-caption">
              {countOf(rows.length, 'resultaat', 'resultaten')} voor “{data.q}”, beste overeenkomst eerst ·{' '}
              <Link to={hrefWith('/patients', params, { q: null })}>Zoekopdracht wissen</Link>
            </p>
          ) : null}
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">Naam</th>
                <th scope="col">Geboortedatum</th>
                {data.mode === 'list' ? <th scope="col">BSN</th> : <th scope="col">Overeenkomst</th>}
                <th scope="col">Status</th>
                {data.mode === 'list' ? <th scope="col">Laatst gewijzigd</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/patients/${row.id}`} className="row-link">
                      {row.name}
                    </Link>
                    {'johnDoe' in row && row.johnDoe ? <span className="badge badge-danger badge-small">BSN ontbreekt</span> : null}
                  </td>
                  <td>
                    {row.birthDate ? (
                      <>
                        {formatDate(row.birthDate)} <span className="muted">({ageOn(row.birthDate)} jaar)</span>
                      </>
                    ) : (
                      <span className="muted">Onbekend</span>
                    )}
                  </td>
                  {data.mode === 'list' ? (
                    <td className="mono">{row.bsn ? maskBsn(row.bsn) : <span className="muted">—</span>}</td>
                  ) : (
                    <td>
                      <span className="score" style={{ ['--score' as string]: row.score ?? 0 }}>
                        {Math.round((row.score ?? 0) * 100)}%
                      </span>
                    </td>
                  )}
                  <td>
                    <StatusBadge status={row.status} />
                  </td>
                  {data.mode === 'list' ? <td className="muted">{row.updatedAt ? formatWhen(row.updatedAt) : ''}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
          {data.mode === 'list' ? (
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
          ) : null}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/patients" backLabel="Opnieuw naar de patiëntenlijst" />;
}
