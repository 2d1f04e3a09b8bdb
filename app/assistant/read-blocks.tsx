import type { AppointmentView } from '../../domain/agenda/agenda.service';
import type { Antwoord } from '../../domain/dossiervraag/dossiervraag.model';
import { dutchDay, formatDate, formatWhen, formatTime, isoDay } from '../../domain/shared/clinical-time';
import { Link, useRouteLoaderData } from '@remix-run/react';
import {
  CalendarIcon,
  ChatBubbleIcon,
  ClipboardIcon,
  FileTextIcon,
  MagnifyingGlassIcon,
  ReaderIcon,
  TargetIcon,
} from '@radix-ui/react-icons';
import { useId, useState, type FormEvent } from 'react';
import { appointmentTypeLabels, appointmentTypes, type AppointmentType } from '../../domain/agenda/agenda.schemas';
import type { HandoverRole } from '../../domain/handover/handover.schemas';
import type { EpisodeStatus } from '../../domain/patient/patient.schemas';
import { categoryChipLabel, reportTypeLabels, type ReportCategory, type ReportType } from '../../domain/report/report.schemas';
import { IntakeProgress, RiskList, type IntakeStatus, type Risk } from '../components/clinical';
import { DossierAnswer } from '../components/dossiervraag';
import { HandoverSummaryPanel } from '../components/handover-summary';
import { StatusBadge } from '../components/status-badge';
import { capitaliseFirst } from '../../domain/shared/text';
import { BlockCard, ErrorNotice, Loading, useBlockData } from './block-card';
import { useTurnState } from './conversation';
import type { PatientRef } from './routing';

// ---- Patient search --------------------------------------------------------------------------

interface SearchResult {
  id: string;
  name: string;
  birthDate: string | null;
  status: EpisodeStatus;
  score: number;
}

/**
 * Patients by (part of) a name, best match first with its score. With `onPick` it answers the
 * question "which patient?" of another block instead of linking to the record; `stateKey` keeps the
 * search of one such question apart from another's in the same message.
 */
export function PatientSearch({
  query,
  onPick,
  stateKey = 'search-term',
}: {
  query: string;
  onPick?: (patient: PatientRef) => void;
  stateKey?: string;
}) {
  const [term, setTerm] = useTurnState(stateKey, query);
  const [draft, setDraft] = useState(term);
  const inputId = useId();
  const { data, error, loading, retry } = useBlockData<{ results: SearchResult[] }>(
    `search:${term}`,
    term.trim() ? `/api/assistant/patients/search?${new URLSearchParams({ q: term.trim() })}` : null,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTerm(draft.trim());
  };
  return (
    <>
      <form className="chat-search" onSubmit={submit} role="search">
        <label htmlFor={inputId} className="visually-hidden">
          Naam of BSN
        </label>
        <input
          id={inputId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          placeholder="Naam of BSN"
          autoComplete="off"
        />
        <button type="submit" className="button button-secondary button-small">
          Zoeken
        </button>
      </form>
      {loading ? <Loading label="Zoeken…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} /> : null}
      {data && data.results.length === 0 ? <p className="muted small">Geen patiënten gevonden voor “{term}”.</p> : null}
      {data && data.results.length > 0 ? (
        <ul className="chat-results">
          {data.results.slice(0, 8).map((result) => (
            <li key={result.id} className="chat-result">
              <div className="chat-result-main">
                <Link to={`/patients/${result.id}`} className="row-link">
                  {result.name}
                </Link>
                <span className="muted small">
                  {result.birthDate ? formatDate(result.birthDate) : 'Geboortedatum onbekend'} <StatusBadge status={result.status} />
                </span>
              </div>
              <span className="score" style={{ ['--score' as string]: result.score }} title="Overeenkomst met de zoekterm">
                {Math.round(result.score * 100)}%
              </span>
              {onPick ? (
                <button
                  type="button"
                  className="button button-primary button-small"
                  onClick={() => onPick({ id: result.id, name: result.name })}
                >
                  Kiezen
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function PatientSearchBlock({ query }: { query: string }) {
  const [term] = useTurnState('search-term', query);
  return (
    <BlockCard
      icon={<MagnifyingGlassIcon />}
      title="Patiënt zoeken"
      meta={term ? `Zoekterm “${term}”` : 'Typ (een deel van) de naam of het BSN'}
      testId="block-zoeken"
    >
      <PatientSearch query={query} />
    </BlockCard>
  );
}

// ---- Handover --------------------------------------------------------------------------------

const roleLabels: Record<HandoverRole, string> = { verpleegkundige: 'verpleegkundige', psychiater: 'psychiater' };

export function HandoverBlock({ patient }: { patient: PatientRef }) {
  const shell = useRouteLoaderData('routes/_app') as { user?: { role?: HandoverRole } } | undefined;
  const role: HandoverRole = shell?.user?.role === 'psychiater' ? 'psychiater' : 'verpleegkundige';
  return (
    <BlockCard
      icon={<ReaderIcon />}
      title={`Overdracht van ${patient.name}`}
      meta={`Laatste 24 uur, voor de ${roleLabels[role]}`}
      link={{ to: `/overdracht?${new URLSearchParams({ patient: patient.id, rol: role })}`, label: 'Open overdracht' }}
      testId="block-overdracht"
    >
      <div className="chat-handover">
        <HandoverSummaryPanel patientId={patient.id} period="1d" role={role} />
      </div>
    </BlockCard>
  );
}

// ---- Reports ---------------------------------------------------------------------------------

interface ReportItem {
  id: string;
  type: ReportType;
  category: ReportCategory | null;
  excerpt: string;
  createdAt: string;
  includeInHandover: boolean;
}

export function ReportsBlock({ patient }: { patient: PatientRef }) {
  const { data, error, loading, retry } = useBlockData<{ items: ReportItem[]; total: number }>(
    'reports',
    `/api/reports?${new URLSearchParams({ patientId: patient.id, limit: '5' })}`,
  );
  return (
    <BlockCard
      icon={<FileTextIcon />}
      title={`Rapportages van ${patient.name}`}
      meta={data ? `${Math.min(5, data.items.length)} nieuwste van ${data.total}` : 'De nieuwste rapportages'}
      link={{ to: `/patients/${patient.id}/rapportages`, label: 'Alle rapportages' }}
      testId="block-rapportage"
    >
      {loading ? <Loading label="Rapportages laden…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} /> : null}
      {data && data.items.length === 0 ? <p className="muted small">Nog geen rapportages.</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="chat-reports">
          {data.items.map((report) => (
            <li key={report.id} className={`chat-report type-${report.type}`}>
              <div className="timeline-meta">
                <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
                <span className={`chip chip-${report.type}`}>{reportTypeLabels[report.type] ?? report.type}</span>
                {categoryChipLabel(report.type, report.category) ? (
                  <span className="chip">{categoryChipLabel(report.type, report.category)}</span>
                ) : null}
                {report.includeInHandover ? <span className="chip chip-handover">Overdracht</span> : null}
              </div>
              <p className="chat-report-text">{report.excerpt}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </BlockCard>
  );
}

// ---- Intake, risks, diagnoses -----------------------------------------------------------------

export function IntakeBlock({ patient }: { patient: PatientRef }) {
  const { data, error, loading, retry } = useBlockData<IntakeStatus>(
    'intake',
    `/api/core/intake/status?${new URLSearchParams({ patientId: patient.id })}`,
  );
  return (
    <BlockCard
      icon={<ClipboardIcon />}
      title={`Intake van ${patient.name}`}
      link={{ to: `/patients/${patient.id}/intake`, label: 'Open intake' }}
      testId="block-intake"
    >
      {loading ? <Loading label="Intake laden…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} /> : null}
      {data ? <IntakeProgress status={data} compact /> : null}
    </BlockCard>
  );
}

export function RisksBlock({ patient }: { patient: PatientRef }) {
  const { data, error, loading, retry } = useBlockData<{ risks: Risk[] }>(
    'risks',
    `/api/core/intake/risico?${new URLSearchParams({ patientId: patient.id })}`,
  );
  return (
    <BlockCard
      icon={<TargetIcon />}
      title={`Risico's van ${patient.name}`}
      meta="Huidige taxatie per risico, ernstigste eerst"
      link={{ to: `/patients/${patient.id}/intake`, label: 'Open intake' }}
      testId="block-risico"
    >
      {loading ? <Loading label="Risico's laden…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} /> : null}
      {data && data.risks.length === 0 ? <p className="muted small">Nog geen risicotaxatie vastgelegd.</p> : null}
      {data && data.risks.length > 0 ? <RiskList risks={data.risks} /> : null}
    </BlockCard>
  );
}

interface Diagnosis {
  id: string;
  code: string;
  label: string;
  diagnosedAt: string;
}

export function DiagnosesBlock({ patient }: { patient: PatientRef }) {
  const { data, error, loading, retry } = useBlockData<{ primary: Diagnosis[]; secondary: Diagnosis[] }>(
    'diagnoses',
    `/api/core/intake/diagnose?${new URLSearchParams({ patientId: patient.id })}`,
  );
  const rows = data
    ? [...data.primary.map((d) => ({ ...d, rank: 'Hoofddiagnose' })), ...data.secondary.map((d) => ({ ...d, rank: 'Nevendiagnose' }))]
    : [];
  return (
    <BlockCard
      icon={<ClipboardIcon />}
      title={`Diagnoses van ${patient.name}`}
      meta="DSM-5"
      link={{ to: `/patients/${patient.id}/intake`, label: 'Open intake' }}
      testId="block-diagnose"
    >
      {loading ? <Loading label="Diagnoses laden…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} /> : null}
      {data && rows.length === 0 ? <p className="muted small">Nog geen diagnose vastgelegd.</p> : null}
      {rows.length > 0 ? (
        <dl className="definitions">
          {rows.map((diagnosis) => (
            <div className="definition" key={diagnosis.id}>
              <dt>{diagnosis.rank}</dt>
              <dd>
                <span className="mono">{diagnosis.code}</span> {diagnosis.label}
                <span className="muted small"> · {formatDate(diagnosis.diagnosedAt.slice(0, 10))}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </BlockCard>
  );
}

// ---- Agenda ----------------------------------------------------------------------------------

/** What the chat shows of an appointment: the agenda API's view, as it arrives in JSON. */
export type Appointment = Pick<AppointmentView, 'id' | 'patientId' | 'patientName' | 'start' | 'end' | 'type' | 'status'>;

function knownType(type: string): AppointmentType {
  return (appointmentTypes as readonly string[]).includes(type) ? (type as AppointmentType) : 'overig';
}

export function AppointmentList({ appointments }: { appointments: Appointment[] }) {
  const days = new Map<string, Appointment[]>();
  for (const appointment of appointments) {
    const key = isoDay(appointment.start);
    days.set(key, [...(days.get(key) ?? []), appointment]);
  }
  return (
    <div className="chat-agenda">
      {[...days.values()].map((items) => (
        <section key={items[0]!.id} className="chat-agenda-day">
          <h4>{dutchDay(items[0]!.start)}</h4>
          <ul>
            {items.map((item) => {
              const type = knownType(item.type);
              return (
                <li key={item.id} className={`chat-appointment appt-${type} status-${item.status}`}>
                  <span className="chat-appointment-time mono">
                    {formatTime(item.start)}–{formatTime(item.end)}
                  </span>
                  <span className="chat-appointment-main">
                    <Link to={`/patients/${item.patientId}`} className="row-link">
                      {item.patientName}
                    </Link>
                    <span className="muted small">{appointmentTypeLabels[type]}</span>
                  </span>
                  {item.status !== 'gepland' ? <span className="chip">{item.status}</span> : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function AgendaBlock({
  mode,
  label,
  range,
  patient,
}: {
  mode: 'overview' | 'query';
  label?: string;
  range?: { start: string; end: string };
  patient?: PatientRef;
}) {
  const query = range ? new URLSearchParams({ start: range.start, end: range.end }) : new URLSearchParams(label ? { label } : {});
  if (patient) query.set('patientId', patient.id);
  const { data, error, loading, retry } = useBlockData<{
    appointments: Appointment[];
    range: { start: string; end: string; label?: string | null };
  }>('agenda', `/api/assistant/agenda?${query}`);
  const appointments = data?.appointments ?? [];
  const when = data?.range.label ?? label ?? (data ? `${formatWhen(data.range.start)} – ${formatWhen(data.range.end)}` : '');
  const title = mode === 'query' && patient ? `Afspraken van ${patient.name}` : mode === 'query' ? 'Afspraken' : 'Agenda';
  return (
    <BlockCard
      icon={<CalendarIcon />}
      title={title}
      meta={when ? capitaliseFirst(when) : undefined}
      link={{ to: '/agenda', label: 'Open agenda' }}
      testId="block-agenda"
    >
      {loading ? <Loading label="Agenda laden…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} agendaLink /> : null}
      {data && appointments.length === 0 ? (
        <p className="muted small">Geen afspraken{patient ? ` van ${patient.name}` : ''} in deze periode.</p>
      ) : null}
      {appointments.length > 0 ? <AppointmentList appointments={appointments} /> : null}
    </BlockCard>
  );
}

// ---- Vraag het dossier -------------------------------------------------------------------------

/** The record's model path may take its 15 s and retrieval besides. */
const questionTimeoutMs = 30_000;

/**
 * A free question about one patient's record (issue 47), asked through the record's own door
 * (`POST /api/patients/{id}/dossiervraag`): the answer with its sources, or "Ik weet het niet".
 */
export function DossiervraagBlock({ patient, vraag }: { patient: PatientRef; vraag: string }) {
  const { data, error, loading, retry } = useBlockData<Antwoord>('dossiervraag', `/api/patients/${patient.id}/dossiervraag`, {
    body: { vraag },
    timeoutMs: questionTimeoutMs,
  });
  return (
    <BlockCard
      icon={<ChatBubbleIcon />}
      title={`Vraag aan het dossier van ${patient.name}`}
      meta={`“${vraag}”`}
      link={{ to: `/patients/${patient.id}/dossiervraag`, label: 'Openen' }}
      testId="block-dossiervraag"
    >
      {loading ? <Loading label="Het dossier doorzoeken…" /> : null}
      {error ? <ErrorNotice error={error} onRetry={retry} /> : null}
      {data ? <DossierAnswer answer={data} /> : null}
    </BlockCard>
  );
}
