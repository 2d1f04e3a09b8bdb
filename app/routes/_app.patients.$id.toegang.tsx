import { formatWhen, startOfClinicalDay } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { auditActionLabels, auditChannelLabels, auditOutcomeLabels } from '../../domain/audit/audit.labels';
import { roleLabel } from '../../domain/auth/auth.schemas';
import { EmptyState } from '../components/page';
import { pageData, patientPage } from '../page.server';
import { perform } from '../tenant.server';
import { viewAccessLog } from '../patients.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const url = new URL(request.url);
  const van = url.searchParams.get('van') ?? '';
  const tot = url.searchParams.get('tot') ?? '';
  // Whole days on the ward's clock, "tot" included: a 23- or 25-hour day on a DST change.
  const period = { from: startOfClinicalDay(van) ?? undefined, to: startOfClinicalDay(tot, { dayAfter: true }) ?? undefined };
  const rows = await pageData(perform(actor, viewAccessLog, { patientId, period }));
  return { rows, van, tot };
}

export default function AccessLog() {
  const { rows, van, tot } = useLoaderData<typeof loader>();
  return (
    <section className="card">
      <div className="card-header">
        <div>
          <h2>Toegangslog</h2>
          <p className="muted">Wie dit dossier heeft ingezien of gewijzigd, wanneer en vanaf waar (NEN 7513). Nieuwste eerst.</p>
        </div>
        <Form method="get" className="period-form">
          <label>
            Van <input type="date" name="van" defaultValue={van} />
          </label>
          <label>
            Tot en met <input type="date" name="tot" defaultValue={tot} />
          </label>
          <button type="submit" className="button button-secondary">
            Filteren
          </button>
        </Form>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Geen toegang in deze periode">
          <p>Kies een andere periode.</p>
        </EmptyState>
      ) : (
        <table className="table table-stack">
          <thead>
            <tr>
              <th scope="col">Tijdstip</th>
              <th scope="col">Gebruiker</th>
              <th scope="col">Handeling</th>
              <th scope="col">Via</th>
              <th scope="col">Vanaf</th>
              <th scope="col">Resultaat</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="nowrap">{formatWhen(row.occurredAt)}</td>
                <td>
                  {row.userName ?? 'Onbekend'}
                  {row.userRole ? <span className="muted"> · {roleLabel(row.userRole)}</span> : null}
                  {row.onBehalfOf ? <span className="muted"> · namens {row.onBehalfOf}</span> : null}
                </td>
                <td>
                  {auditActionLabels[row.action]}
                  {row.resourceType === 'AccessLog' || row.resourceType === 'AuditEvent' ? (
                    <span className="muted"> (toegangslog)</span>
                  ) : null}
                </td>
                <td>{auditChannelLabels[row.channel] ?? row.channel}</td>
                <td className="mono">{row.clientAddress ?? '—'}</td>
                <td>
                  <span className={`badge outcome-${row.outcome}`}>{auditOutcomeLabels[row.outcome]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
