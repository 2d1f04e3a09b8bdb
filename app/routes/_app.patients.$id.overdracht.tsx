import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { handoverPeriods, periodLabels, type HandoverPeriod } from '../../domain/handover/handover.schemas';
import { formatTime, formatWhen } from '../../domain/shared/clinical-time';
import { AlertTiles, WarningList } from '../components/alert-tiles';
import { handoverChoices, recordHandoverOf } from '../handover.server';
import { pageData, patientPage } from '../page.server';
import { perform } from '../tenant.server';

/**
 * The record's Overdracht tab: the same figures and the same stored summary as /overdracht for this
 * patient (one query for the alerts, the summary made today for this period and role).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, actor, patientId } = await patientPage({ request, params, context });
  const { period, role } = handoverChoices(new URL(request.url), user.role);
  const now = new Date();
  const { detail, summary } = await pageData(perform(actor, recordHandoverOf, { patientId, period, role, now }));
  return {
    patientId,
    period,
    role,
    alerts: detail.alerts,
    periodLabel: detail.period.label,
    marked: detail.reports.filter((report) => report.includeInHandover),
    summary,
  };
}

export default function RecordHandover() {
  const { patientId, period, role, alerts, periodLabel, marked, summary } = useLoaderData<typeof loader>();
  const query = (next: HandoverPeriod) => `?periode=${next}&rol=${role}`;
  return (
    <div className="cards">
      <section className="card card-wide" aria-labelledby="record-handover-title">
        <div className="card-head">
          <h2 id="record-handover-title">{`Overdracht, laatste ${periodLabel}`}</h2>
          <Link to={`/overdracht?patient=${patientId}&periode=${period}&rol=${role}`} className="button button-secondary">
            Naar de overdracht
          </Link>
        </div>
        <nav className="subtabs" aria-label="Periode">
          {handoverPeriods.map((option) =>
            option === period ? (
              <span key={option} aria-current="page">
                {periodLabels[option]}
              </span>
            ) : (
              <Link key={option} to={query(option)}>
                {periodLabels[option]}
              </Link>
            ),
          )}
        </nav>
        <WarningList alerts={alerts} />
        <AlertTiles alerts={alerts} periodLabel={periodLabel} />
      </section>

      <section className="card card-wide" aria-labelledby="record-summary-title">
        <h2 id="record-summary-title">Samenvatting</h2>
        {summary ? (
          <>
            <p className="muted small">{`Gemaakt om ${formatTime(summary.meta.generatedAt)} voor de ${role === 'psychiater' ? 'psychiater' : 'verpleegkundige'}.`}</p>
            <p className="summary-situation">{summary.meta.situatie}</p>
            <ul className="summary-points">
              {summary.aandachtspunten.map((item) => (
                <li key={`${item.bron.id}-${item.tekst}`}>{item.tekst}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">Vandaag is er voor deze periode nog geen overdracht gemaakt.</p>
        )}
      </section>

      <section className="card card-wide" aria-labelledby="record-marked-title">
        <h2 id="record-marked-title">Voor de overdracht gemarkeerd</h2>
        {marked.length === 0 ? (
          <p className="muted">{`Geen rapportages gemarkeerd in de laatste ${periodLabel}.`}</p>
        ) : (
          <ul className="administration-list">
            {marked.map((report) => (
              <li key={report.id}>
                <p className="muted small">{`${formatWhen(report.createdAt)}${report.authorName ? ` · ${report.authorName}` : ''}`}</p>
                <p className="report-text" data-authored>
                  {report.content}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
