import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { alertSentence } from '../../domain/handover/handover.alerts';
import { safetyLines } from '../../domain/handover/ward.safety';
import { handoverRoleLabels } from '../../domain/handover/handover.schemas';
import { ageOn } from '../../domain/patient/patient.format';
import { episodeStatusLabels } from '../../domain/patient/patient.schemas';
import { formatDateTime, formatNumericDate, formatTime } from '../../domain/shared/clinical-time';
import { countOf } from '../../domain/shared/text';
import { SeverityBadge } from '../components/handover-summary';
import { RouteError } from '../components/route-error';
import { wardHandoverFor } from '../handover.server';

export const meta: MetaFunction = () => [{ title: 'Overdracht afdeling afdrukken — GGZ-EPD' }];

/** The ward handover on paper: the same content as the PDF, laid out by the print stylesheet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = new Date();
  const { ward } = await wardHandoverFor(request, context, now);
  return { ward, printedAt: now.toISOString() };
}

export default function PrintWardHandover() {
  const { ward, printedAt } = useLoaderData<typeof loader>();
  const query = new URLSearchParams({ periode: ward.period.key, rol: ward.role });
  return (
    <main className="print-page print-ward">
      <nav className="print-toolbar" aria-label="Afdrukken">
        <Link to={`/overdracht/afdeling?${query}`} className="button button-secondary">
          Terug naar de overdracht
        </Link>
        <a href={`/overdracht/afdeling/pdf?${query}`} className="button button-secondary" download>
          PDF downloaden
        </a>
        <p className="muted small">Druk af met Ctrl+P (of ⌘P); deze knoppen komen niet op papier.</p>
      </nav>
      <article className="print-letter" aria-labelledby="print-ward-title">
        <header className="print-letterhead">
          <h1 id="print-ward-title" className="print-organisation">
            Overdracht afdeling
          </h1>
          <p className="print-subtitle">
            {`Laatste ${ward.period.label}, voor de ${handoverRoleLabels[ward.role].toLowerCase()} · ${countOf(ward.patients.length, 'patiënt', 'patiënten')} · afgedrukt ${formatDateTime(printedAt)}`}
          </p>
        </header>
        {ward.patients.map(({ patient, summary, safety }) => (
          <section key={patient.patientId} className="print-ward-patient" aria-labelledby={`print-${patient.patientId}`}>
            <h2 id={`print-${patient.patientId}`}>
              {patient.name}{' '}
              <span className="print-ward-facts">
                {[
                  patient.birthDate ? `${formatNumericDate(patient.birthDate)} (${ageOn(patient.birthDate)} jaar)` : null,
                  episodeStatusLabels[patient.status],
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </h2>
            {safetyLines(safety).map((line) => (
              <p key={line} className="print-ward-safety">
                <strong>{line}</strong>
              </p>
            ))}
            <p className="print-ward-alerts">{`Alerts: ${alertSentence(patient.alerts)}`}</p>
            {summary ? (
              <>
                <p>
                  <SeverityBadge ernst={summary.meta.ernst} /> {summary.meta.situatie}
                </p>
                <ul>
                  {summary.aandachtspunten.map((punt, index) => (
                    <li key={`${punt.bron.id}-${index}`}>
                      {punt.tekst} <span className="print-ward-source">{`(${punt.bron.label}, ${formatDateTime(punt.bron.date)})`}</span>
                    </li>
                  ))}
                </ul>
                {summary.actiepunten.length > 0 ? (
                  <ul className="print-ward-actions">
                    {summary.actiepunten.map((actie, index) => (
                      <li key={index}>{`${actie.tekst}${actie.alsDan ? ` — ${actie.alsDan}` : ''} (${actie.eigenaar})`}</li>
                    ))}
                  </ul>
                ) : null}
                <p className="print-ward-source">{`Gemaakt om ${formatTime(summary.meta.generatedAt)}`}</p>
              </>
            ) : (
              <p className="print-ward-source">Nog geen overdracht van vandaag voor deze periode en rol.</p>
            )}
          </section>
        ))}
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/overdracht/afdeling" backLabel="Naar de overdracht" />;
}
