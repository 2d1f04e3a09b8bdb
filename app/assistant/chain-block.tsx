import { countOf } from '../../domain/shared/text';
import { Link } from '@remix-run/react';
import { CalendarIcon, CheckCircledIcon, CheckIcon, CrossCircledIcon, LayersIcon, MinusCircledIcon } from '@radix-ui/react-icons';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { missingReasons, type ChainState, type ChainStatus, type ChainStep, type Edits, type StepStatus } from '../../domain/intent/chain';
import type { ChainAction, Intent } from '../../domain/intent/intent.schemas';
import { requestJson } from './api';
import { BlockCard, ErrorNotice, Loading } from './block-card';
import { useTurnId, useTurnState } from './conversation';
import type { AssistantError } from './errors';
import { namesToChoose, withPatient } from './patient-choice';
import { AppointmentList, PatientSearch, type Appointment } from './read-blocks';
import { StepEditor } from './step-editor';

export const stepStatusLabels: Record<StepStatus, string> = {
  voorbereiden: 'Voorbereiden',
  klaar_voor_bevestiging: 'Wacht op bevestiging',
  keuze_nodig: 'Kies een afspraak',
  bezig: 'Bezig',
  klaar: 'Klaar',
  mislukt: 'Mislukt',
  overgeslagen: 'Overgeslagen',
  geannuleerd: 'Niet uitgevoerd',
};

const agendaIntents: readonly Intent[] = ['agenda', 'agenda_query', 'create_appointment', 'cancel_appointment', 'reschedule_appointment'];
const pollMs = 700;
/** The server answers a confirm once the writes are done, or after 5 s. */
const confirmTimeoutMs = 20_000;

/** Where the clinician reads more of what a step read or changed. */
export function stepLink(step: ChainStep): { to: string; label: string } | null {
  const href = (step.result as { href?: unknown } | undefined)?.href;
  if (typeof href === 'string' && href.startsWith('/')) return { to: href, label: 'Openen' };
  const patientId = step.plan?.patientId ?? step.entities.patientId;
  if (agendaIntents.includes(step.intent)) return { to: '/agenda', label: 'Agenda' };
  if (!patientId) return null;
  if (step.intent === 'dagnotitie' || step.intent === 'rapportage') return { to: `/patients/${patientId}/rapportages`, label: 'Tijdlijn' };
  if (step.intent === 'intake_status' || step.intent === 'risico_query' || step.intent === 'diagnose_query')
    return { to: `/patients/${patientId}/intake`, label: 'Intake' };
  return null;
}

/** Appointments a read step found: shown in place, they are the step's answer. */
function stepAppointments(step: ChainStep): Appointment[] {
  if (step.status !== 'klaar' || (step.intent !== 'agenda' && step.intent !== 'agenda_query')) return [];
  const appointments = (step.result as { appointments?: unknown } | undefined)?.appointments;
  return Array.isArray(appointments) ? (appointments as Appointment[]).slice(0, 6) : [];
}

export function StepMarker({ step }: { step: ChainStep }) {
  if (step.status === 'klaar') return <CheckCircledIcon />;
  if (step.status === 'mislukt') return <CrossCircledIcon />;
  if (step.status === 'overgeslagen' || step.status === 'geannuleerd') return <MinusCircledIcon />;
  if (step.status === 'bezig' || step.status === 'voorbereiden') return <span className="spinner" />;
  return <>{step.index + 1}</>;
}

export const outcomes: Partial<Record<ChainStatus, { tone: 'success' | 'muted' | 'danger'; text: string }>> = {
  afgewezen: { tone: 'muted', text: 'Afgewezen: er is niets gewijzigd.' },
  verlopen: { tone: 'muted', text: 'Niet op tijd bevestigd: er is niets gewijzigd.' },
  mislukt: {
    tone: 'danger',
    text: 'Niet alles kon worden uitgevoerd. Wat niet gelukt is staat bij de stap; wat daarna kwam is niet uitgevoerd.',
  },
};

/** "actions.1.entities.patientId" → "Stap 2: Kies de patiënt voor de dagnotitie." */
/**
 * One step of a proposal as a row: its marker, summary, status and link, then what the caller
 * adds (its error, its fields). The same in the chat panel and on the page without JavaScript.
 */
export function ChainStepRow({ step, waiting, children }: { step: ChainStep; waiting: boolean; children?: ReactNode }) {
  const link = stepLink(step);
  return (
    <li className={`chain-step chain-step-${step.status}`}>
      <span className="chain-step-marker" aria-hidden="true">
        <StepMarker step={step} />
      </span>
      <div className="chain-step-body">
        <p className="chain-step-summary">{step.summary}</p>
        <p className="chain-step-meta small">
          <span className={`chip chain-status-${step.status}`}>{stepStatusLabels[step.status]}</span>
          {step.kind === 'write' && waiting ? <span className="muted">wijzigt het dossier</span> : null}
          {link && (step.kind === 'read' || step.status === 'klaar') ? <Link to={link.to}>{link.label}</Link> : null}
        </p>
        {children}
      </div>
    </li>
  );
}

/** What the plan warns of before confirmation (a weekend, outside the agenda's hours). */
export function StepWarnings({ step, waiting }: { step: ChainStep; waiting: boolean }) {
  if (!step.plan?.warnings?.length || !waiting) return null;
  return (
    <div className="notice notice-warning">
      {/* One column of warnings: as the notice's own children they would stand side by side. */}
      <div>
        {step.plan.warnings.map((warning) => (
          <p key={warning}>{warning}</p>
        ))}
      </div>
    </div>
  );
}

export function stepMessages(fields: Record<string, string>, single: boolean): string[] {
  return Object.entries(fields).map(([field, message]) => {
    const index = /^actions\.(\d+)\./.exec(field)?.[1];
    return index !== undefined && !single ? `Stap ${Number(index) + 1}: ${message}` : message;
  });
}

/**
 * A request that changes the record, as the chain API prepared it: exactly what will happen,
 * step by step, and nothing is written before "Bevestigen". Used for a single agenda change as
 * well as for a sentence of several actions.
 */
export function ChainBlock({ actions, title, agenda = false }: { actions: ChainAction[]; title: string; agenda?: boolean }) {
  const [chain, setChain] = useTurnState<ChainState | null>('chain', null);
  const [failure, setFailure] = useTurnState<AssistantError | null>('chain-error', null);
  const [choices, setChoices] = useTurnState<Record<string, string>>('chain-choices', {});
  // The classifier's actions, with the patients the clinician picked for names that fit several.
  const [chosenActions, setChosenActions] = useTurnState<ChainAction[] | null>('chain-actions', null);
  const current = chosenActions ?? actions;
  const [edits, setEdits] = useTurnState<Edits>('chain-edits', {});
  const [attempt, setAttempt] = useState(0);
  const [deciding, setDeciding] = useState<'confirm' | 'reject' | null>(null);
  const groupId = useId();
  // One message, one chain: a re-run of this effect or a retry joins the chain the message started.
  const requestKey = useTurnId();
  const single = current.length === 1;

  // Prepare the chain once per message.
  useEffect(() => {
    if (chain || failure) return;
    const controller = new AbortController();
    void requestJson<ChainState>('/api/intent/chains', {
      body: { actions: current, ...(requestKey ? { requestKey } : {}) },
      signal: controller.signal,
      timeoutMs: confirmTimeoutMs,
    }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setChain(result.data);
      else setFailure(result.error);
    });
    return () => controller.abort();
  }, [current, requestKey, chain, failure, attempt, setChain, setFailure]);

  // Preparing and writing run in a workflow; follow it until it waits for the clinician or is done.
  const chainId = chain?.chainId;
  const status = chain?.status;
  useEffect(() => {
    if (!chainId || (status !== 'voorbereiden' && status !== 'bezig')) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void requestJson<ChainState>(`/api/intent/chains/${chainId}`, { signal: controller.signal }).then((result) => {
        if (controller.signal.aborted) return;
        if (result.ok) setChain(result.data);
        else if (!result.error.retryable) setFailure(result.error);
        else setChain((current) => (current ? { ...current } : current));
      });
    }, pollMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [chainId, status, chain, setChain, setFailure]);

  const decide = async (decision: 'confirm' | 'reject') => {
    if (!chain) return;
    setDeciding(decision);
    const result = await requestJson<ChainState>(`/api/intent/chains/${chain.chainId}/${decision}`, {
      body: decision === 'confirm' ? { choices, edits } : {},
      timeoutMs: confirmTimeoutMs,
    });
    setDeciding(null);
    if (result.ok) {
      setChain(result.data);
      return;
    }
    // Decided elsewhere (another tab) or lapsed: show the chain as it now stands.
    if (result.error.code === 'conflict') {
      const current = await requestJson<ChainState>(`/api/intent/chains/${chain.chainId}`);
      if (current.ok) return setChain(current.data);
    }
    setFailure(result.error);
  };

  const retry = () => {
    setFailure(null);
    if (!chain) setAttempt((n) => n + 1);
  };

  // A refused chain starts no workflow: with the patient chosen, the same request key starts it.
  const toChoose = !chain && failure?.code === 'validation_failed' ? namesToChoose(current, failure.fields) : [];
  const waiting = chain?.status === 'wacht_op_bevestiging';
  const openChoices = chain?.steps.filter((step) => step.status === 'keuze_nodig' && !choices[String(step.index)]) ?? [];
  const reasonsMissing = chain ? Object.keys(missingReasons(chain.steps, edits)).length > 0 : false;
  const writes = chain?.steps.filter((step) => step.kind === 'write') ?? [];
  const outcome = chain ? outcomes[chain.status] : undefined;
  const finalMeta: Partial<Record<ChainStatus, string>> = {
    afgewezen: 'Afgewezen',
    verlopen: 'Verlopen',
    mislukt: 'Niet (volledig) uitgevoerd',
  };
  const meta = !chain
    ? failure
      ? toChoose.length > 0
        ? 'Kies eerst de patiënt'
        : 'Niet voorbereid'
      : 'Wordt voorbereid…'
    : waiting
      ? 'Controleer wat er gaat gebeuren; er is nog niets vastgelegd.'
      : chain.status === 'voltooid' && writes.length > 0
        ? 'Uitgevoerd'
        : chain.status === 'voltooid'
          ? countOf(chain.steps.length, 'stap', 'stappen')
          : finalMeta[chain.status];

  return (
    <BlockCard
      icon={agenda ? <CalendarIcon /> : <LayersIcon />}
      title={title}
      meta={meta}
      link={agenda ? { to: '/agenda', label: 'Open agenda' } : undefined}
      testId="block-chain"
    >
      {!chain && !failure ? <Loading label="Opdracht wordt voorbereid…" /> : null}
      {toChoose[0] ? (
        <div role="group" aria-labelledby={`${groupId}-patient`}>
          <p id={`${groupId}-patient`} className="chain-step-summary">
            Welke patiënt bedoel je met “{toChoose[0]}”?
          </p>
          <PatientSearch
            query={toChoose[0]}
            stateKey={`patient-choice:${toChoose[0]}`}
            onPick={(patient) => {
              setChosenActions(withPatient(current, toChoose[0]!, patient));
              setFailure(null);
            }}
          />
        </div>
      ) : failure?.code === 'validation_failed' && failure.fields ? (
        <div className="notice notice-warning" role="alert">
          <div className="chat-notice-body">
            <p>{single ? 'Dit kan nog niet worden voorbereid:' : 'Deze opdracht kan nog niet worden voorbereid:'}</p>
            <ul className="chat-field-errors">
              {stepMessages(failure.fields, single).map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
            <p className="small">
              Formuleer de opdracht opnieuw met wat ontbreekt.{agenda ? ' ' : ''}
              {agenda ? <Link to="/agenda">Naar de agenda</Link> : null}
            </p>
          </div>
        </div>
      ) : failure ? (
        <ErrorNotice error={failure} onRetry={retry} agendaLink={agenda} />
      ) : null}
      {chain ? (
        <ol className="chain-steps" aria-label="Stappen">
          {chain.steps.map((step) => {
            const appointments = stepAppointments(step);
            return (
              <ChainStepRow key={step.index} step={step} waiting={waiting}>
                {step.error ? (
                  <p className="field-error">
                    {step.error}
                    {agendaIntents.includes(step.intent) ? (
                      <>
                        {' '}
                        <Link to="/agenda">Naar de agenda</Link>
                      </>
                    ) : null}
                  </p>
                ) : null}
                <StepWarnings step={step} waiting={waiting} />
                {appointments.length > 0 ? (
                  <div className="chain-step-result">
                    <AppointmentList appointments={appointments} />
                  </div>
                ) : null}
                {(step.status === 'klaar_voor_bevestiging' || (step.status === 'keuze_nodig' && step.intent === 'cancel_appointment')) &&
                step.kind === 'write' &&
                waiting ? (
                  <StepEditor
                    step={step}
                    edit={edits[String(step.index)] ?? {}}
                    onChange={(edit) => setEdits((all) => ({ ...all, [String(step.index)]: edit }))}
                  />
                ) : null}
                {step.status === 'keuze_nodig' && waiting && step.candidates ? (
                  <fieldset className="chain-choices">
                    <legend className="small">Welke afspraak bedoel je?</legend>
                    {step.candidates.map((candidate) => (
                      <label key={candidate.appointmentId} className="chain-choice">
                        <input
                          type="radio"
                          name={`${groupId}-${step.index}`}
                          value={candidate.appointmentId}
                          checked={choices[String(step.index)] === candidate.appointmentId}
                          onChange={() => setChoices((current) => ({ ...current, [String(step.index)]: candidate.appointmentId }))}
                        />
                        {candidate.label}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
              </ChainStepRow>
            );
          })}
        </ol>
      ) : null}
      {waiting ? (
        <div className="chain-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={deciding !== null || openChoices.length > 0 || reasonsMissing}
            onClick={() => void decide('confirm')}
          >
            <CheckIcon aria-hidden="true" /> {deciding === 'confirm' ? 'Bezig…' : 'Bevestigen'}
          </button>
          <button type="button" className="button button-secondary" disabled={deciding !== null} onClick={() => void decide('reject')}>
            {deciding === 'reject' ? 'Bezig…' : 'Afwijzen'}
          </button>
          {openChoices.length > 0 ? (
            <span className="muted small">Kies eerst welke afspraak bedoeld is.</span>
          ) : reasonsMissing ? (
            <span className="muted small">Geef eerst een reden voor het annuleren.</span>
          ) : null}
        </div>
      ) : null}
      {chain?.status === 'voltooid' && writes.length > 0 ? (
        <div className="notice notice-success" role="status">
          <CheckCircledIcon aria-hidden="true" />
          <p>Uitgevoerd en vastgelegd.</p>
        </div>
      ) : null}
      {outcome ? (
        <div className={`notice ${outcome.tone === 'danger' ? 'notice-danger' : 'notice-info'}`} role="status">
          <p>
            {outcome.text}
            {agenda ? (
              <>
                {' '}
                <Link to="/agenda">Naar de agenda</Link>
              </>
            ) : null}
          </p>
        </div>
      ) : null}
    </BlockCard>
  );
}
