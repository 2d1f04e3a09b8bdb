import { dutchDay, formatShortDay, formatTime, isoDay, shiftLabels } from '../../domain/shared/clinical-time';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { categoryChipLabel, reportTypeLabels } from '../../domain/report/report.schemas';
import { uuidOrNull } from '../../domain/shared/ids';
import { EmptyState } from '../components/page';
import { ReportForm, type ReportFormValues } from '../components/report-form';
import { ReportText } from '../components/report-text';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { reportTimeline, writeReport } from '../patients.server';
import { perform } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const days = await pageData(perform(actor, reportTimeline, { patientId }));
  // "+ rapportage" from an appointment in the agenda opens this form linked to that appointment.
  const encounterId = uuidOrNull(new URL(request.url).searchParams.get('afspraak'));
  return { days, encounterId };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values: ReportFormValues = valuesOf(form, ['type', 'category', 'content', 'includeInHandover', 'encounterId']);
  try {
    await perform(actor, writeReport, {
      patientId,
      type: values.type,
      category: values.category || null,
      content: values.content,
      includeInHandover: values.includeInHandover === 'on',
      encounterId: values.encounterId || null,
    });
    return { saved: true as const };
  } catch (error) {
    return formFailure(error, values);
  }
}

type TimelineReport = ReturnType<typeof useLoaderData<typeof loader>>['days'][number]['reports'][number];

const moment = (instant: string) => `${formatShortDay(instant)} ${formatTime(instant)}`;

/** A corrected report keeps what it said (ADR 0101): when and by whom, and the earlier texts, unfolded without script. */
function EarlierVersions({ report }: { report: TimelineReport }) {
  const [last] = report.earlier;
  return (
    <details className="report-earlier">
      <summary>
        Gecorrigeerd op {moment(report.updatedAt)} door {last?.replacedByName ?? 'onbekend'}:{' '}
        {report.earlier.length === 1 ? 'eerdere versie tonen' : `${report.earlier.length} eerdere versies tonen`}
      </summary>
      <ol className="report-earlier-list">
        {report.earlier.map((version) => (
          <li key={version.versionAt}>
            <p className="muted small">
              Versie van {moment(version.versionAt)} ({reportTypeLabels[version.type]}), vervangen op {moment(version.replacedAt)} door{' '}
              {version.replacedByName ?? 'onbekend'}
            </p>
            <p className="report-text" data-authored>
              {version.content}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}

export default function ReportsTab() {
  const { days, encounterId } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure<ReportFormValues> | { saved: true }>();
  const failure = result && 'fields' in result ? result : undefined;

  return (
    <div className="reports">
      <section className="card">
        <h2>Nieuwe rapportage</h2>
        {result && 'saved' in result ? (
          <p className="notice notice-success" role="status">
            Rapportage opgeslagen.
          </p>
        ) : null}
        {/* A new newest report means the last one was saved: start with an empty form. */}
        <ReportForm key={days[0]?.reports[0]?.id ?? 'leeg'} values={failure?.values} errors={failure?.fields} encounterId={encounterId} />
      </section>

      {days.length === 0 ? (
        <EmptyState title="Nog geen rapportages">
          <p>Dagnotities en verpleegkundige rapportages verschijnen hier per dienst, nieuwste eerst.</p>
        </EmptyState>
      ) : (
        <>
          <p className="muted small timeline-explained">
            Gegroepeerd per dienstdatum: de nachtdienst (23:00–07:00) hoort bij de dag waarop hij begon. Wat na middernacht is geschreven,
            staat dus bij de dag ervoor, met de eigen datum erbij.
          </p>
          <ol className="timeline" aria-label="Rapportages per dienstdatum">
            {days.map((day) => (
              <li key={day.shiftDate} className="timeline-day">
                <h3 className="timeline-date">{dutchDay(new Date(`${day.shiftDate}T12:00:00Z`), 'EEEE d MMMM yyyy')}</h3>
                <ol className="timeline-items">
                  {day.reports.map((report) => (
                    <li
                      key={report.id}
                      id={`${report.type === 'dagnotitie' ? 'dagnotitie' : 'rapportage'}-${report.id}`}
                      className={`timeline-item type-${report.type}`}
                    >
                      <div className="timeline-meta">
                        <time dateTime={report.createdAt}>
                          {isoDay(report.createdAt) === report.shiftDate ? '' : `${formatShortDay(report.createdAt)} `}
                          {formatTime(report.createdAt)}
                        </time>
                        <span className="muted">{shiftLabels[report.shift]}</span>
                        <span className={`chip chip-${report.type}`}>{reportTypeLabels[report.type]}</span>
                        {categoryChipLabel(report.type, report.category) ? (
                          <span className="chip">{categoryChipLabel(report.type, report.category)}</span>
                        ) : null}
                        {report.includeInHandover ? <span className="chip chip-handover">Overdracht</span> : null}
                        {report.encounterId ? (
                          <Link className="chip chip-link" to={`/agenda?weergave=dag&datum=${report.shiftDate}`}>
                            Bij afspraak
                          </Link>
                        ) : null}
                        {report.earlier.length ? <span className="chip chip-corrected">Gecorrigeerd</span> : null}
                        <span className="muted timeline-author">{report.authorName}</span>
                      </div>
                      <ReportText id={report.id} content={report.content} />
                      {report.earlier.length ? <EarlierVersions report={report} /> : null}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
