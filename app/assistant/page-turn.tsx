import { Form, Link } from '@remix-run/react';
import {
  CalendarIcon,
  ChatBubbleIcon,
  CheckCircledIcon,
  CheckIcon,
  ExternalLinkIcon,
  LayersIcon,
  Pencil2Icon,
} from '@radix-ui/react-icons';
import type { ReactNode } from 'react';
import { cancelReasonCodes, cancelReasonLabels } from '../../domain/agenda/cancel-reasons';
import type { ChainState, ChainStep } from '../../domain/intent/chain';
import { dischargeNoteMaxLength, dischargeReasonCodes, dischargeReasonLabels } from '../../domain/discharge/discharge.vocabulary';
import { dailyNoteCategories, dailyNoteMaxLength, reportCategoryLabels } from '../../domain/report/report.schemas';
import { wallClockOf } from '../../domain/shared/clinical-time';
import { DossierAnswer } from '../components/dossiervraag';
import { Field, FieldGroup } from '../components/field';
import { BlockCard } from './block-card';
import { ChainStepRow, outcomes, stepMessages, stepStatusLabels, StepWarnings } from './chain-block';
import type { PageDecision as PageDecisionData, PageTurn as PageTurnData } from '../assistant-page.server';
import type { Block } from './routing';
import { Fallback } from './turn-blocks';

/*
 * The assistant's answer as the server renders it after a form post (no JavaScript, ADR 0081): the
 * message, the reply, and what the message opened. A change to the record is the chat's own
 * proposal (an intent chain), with a plain form to confirm it; reads link to the page that shows them.
 */

/** A refused post: the message, per field what is wrong, and the proposal as it now stands (if any). */
export interface PageFailureData {
  kind: 'failure';
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
  chain: ChainState | null;
}

export type PageAnswer = PageTurnData | PageDecisionData | PageFailureData;

const singleTitles: Record<string, string> = {
  dagnotitie: 'Dagnotitie',
  create_appointment: 'Afspraak inplannen',
  cancel_appointment: 'Afspraak annuleren',
  reschedule_appointment: 'Afspraak verplaatsen',
  ontslag: 'Ontslag',
};

function titleOf(chain: ChainState): string {
  const [first] = chain.steps;
  if (chain.steps.length === 1 && first) return singleTitles[first.intent] ?? 'Opdracht';
  return `Opdracht in ${chain.steps.length} stappen`;
}

function stepEditable(step: ChainStep, waiting: boolean): boolean {
  return (
    waiting &&
    step.kind === 'write' &&
    (step.status === 'klaar_voor_bevestiging' || (step.status === 'keuze_nodig' && step.intent === 'cancel_appointment'))
  );
}

/** A reason as a choice of radio buttons (a cancellation's, a discharge's), the prepared one checked. */
function ReasonChoices<Code extends string>({
  name,
  codes,
  labels,
  checked,
}: {
  name: string;
  codes: readonly Code[];
  labels: Record<Code, string>;
  checked: string | undefined;
}) {
  return (
    <div className="choice-list">
      {codes.map((option) => (
        <label key={option}>
          <input type="radio" name={name} value={option} defaultChecked={checked === option} />
          <span>{labels[option]}</span>
        </label>
      ))}
    </div>
  );
}

/** The prepared write as form fields, filled in as the plan says: what is sent is what is confirmed. */
function StepFields({ step, fields, values }: { step: ChainStep; fields: Record<string, string>; values: Record<string, string> }) {
  const plan = step.plan ?? {};
  const name = (field: string) => `edits.${step.index}.${field}`;
  const id = (field: string) => `stap-${step.index}-${field}`;
  const typed = (field: string) => values[name(field)];
  if (step.intent === 'dagnotitie') {
    const handover = typed('includeInHandover') !== undefined ? typed('includeInHandover') === 'true' : (plan.includeInHandover ?? false);
    return (
      <div className="step-editor">
        <Field id={id('content')} label="Tekst" error={fields[name('content')]}>
          <textarea name={name('content')} rows={3} maxLength={dailyNoteMaxLength} defaultValue={typed('content') ?? plan.content ?? ''} />
        </Field>
        <div className="step-editor-row">
          <Field id={id('category')} label="Categorie" error={fields[name('category')]}>
            <select name={name('category')} defaultValue={typed('category') ?? plan.category ?? 'observatie'}>
              {dailyNoteCategories.map((category) => (
                <option key={category} value={category}>
                  {reportCategoryLabels[category]}
                </option>
              ))}
            </select>
          </Field>
          <div className="checkbox-field">
            <input type="hidden" name={name('includeInHandover')} value="false" />
            <input id={id('handover')} type="checkbox" name={name('includeInHandover')} value="true" defaultChecked={handover} />
            <label htmlFor={id('handover')}>Ook in de overdracht</label>
          </div>
        </div>
      </div>
    );
  }
  if (step.intent === 'cancel_appointment') {
    const code = typed('reasonCode') ?? plan.reasonCode;
    return (
      <div className="step-editor step-editor-reason">
        <FieldGroup
          id={id('reason-group')}
          label="Waarom wordt de afspraak geannuleerd?"
          error={fields[name('reason')] ?? fields[name('reasonCode')]}
        >
          <ReasonChoices name={name('reasonCode')} codes={cancelReasonCodes} labels={cancelReasonLabels} checked={code} />
        </FieldGroup>
        <Field id={id('reason')} label="Reden">
          <textarea name={name('reason')} rows={2} maxLength={300} defaultValue={typed('reason') ?? plan.reason ?? ''} />
        </Field>
      </div>
    );
  }
  if (step.intent === 'ontslag') {
    // As a cancellation's reason: the reason and the date are part of what is confirmed (ADR 0080).
    const code = typed('dischargeReasonCode') ?? plan.dischargeReasonCode;
    return (
      <div className="step-editor step-editor-reason">
        <FieldGroup id={id('discharge-reason')} label="Reden van het ontslag" error={fields[name('dischargeReasonCode')]}>
          <ReasonChoices name={name('dischargeReasonCode')} codes={dischargeReasonCodes} labels={dischargeReasonLabels} checked={code} />
        </FieldGroup>
        <Field id={id('discharge-note')} label="Toelichting" error={fields[name('reason')]}>
          <textarea name={name('reason')} rows={2} maxLength={dischargeNoteMaxLength} defaultValue={typed('reason') ?? plan.reason ?? ''} />
        </Field>
        <Field id={id('discharge-date')} label="Ontslagdatum" error={fields[name('dischargedOn')]}>
          <input type="date" name={name('dischargedOn')} defaultValue={typed('dischargedOn') ?? plan.dischargedOn ?? ''} />
        </Field>
      </div>
    );
  }
  const prepared = step.intent === 'reschedule_appointment' ? plan.moveTo : step.intent === 'create_appointment' ? plan.start : undefined;
  if (!prepared) return null;
  return (
    <div className="step-editor">
      <Field
        id={id('start')}
        label={step.intent === 'reschedule_appointment' ? 'Nieuwe dag en tijd' : 'Dag en tijd'}
        error={fields[name('start')]}
      >
        <input type="datetime-local" name={name('start')} step={300} defaultValue={typed('start') ?? wallClockOf(prepared)} />
      </Field>
    </div>
  );
}

/**
 * The chat's proposal (ChainBlock) as a form: each step as the workflow prepared it, the fields of
 * a write to check, and "Bevestigen" / "Afwijzen" posting the chain's id. After the decision the
 * same card says what was done.
 */
export function ChainProposal({
  chain,
  fields = {},
  values = {},
}: {
  chain: ChainState;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}) {
  const waiting = chain.status === 'wacht_op_bevestiging';
  const writes = chain.steps.filter((step) => step.kind === 'write');
  const agenda = chain.steps.every((step) => step.intent.endsWith('_appointment'));
  const done = chain.status === 'voltooid' && writes.length > 0;
  const outcome = outcomes[chain.status];
  const meta = waiting
    ? 'Controleer wat er gaat gebeuren; er is nog niets vastgelegd.'
    : done
      ? 'Uitgevoerd'
      : stepStatusLabels[chain.status === 'bezig' ? 'bezig' : chain.status === 'voorbereiden' ? 'voorbereiden' : 'klaar'];
  const choiceErrors = Object.entries(fields).filter(([field]) => field.startsWith('choices.'));
  return (
    <BlockCard icon={agenda ? <CalendarIcon /> : <LayersIcon />} title={titleOf(chain)} meta={meta} testId="block-chain">
      <Form method="post" action="/assistent" className="chain-proposal">
        <input type="hidden" name="chainId" value={chain.chainId} />
        <ol className="chain-steps" aria-label="Stappen">
          {chain.steps.map((step) => (
            <ChainStepRow key={step.index} step={step} waiting={waiting}>
              {step.error ? <p className="field-error">{step.error}</p> : null}
              <StepWarnings step={step} waiting={waiting} />
              {stepEditable(step, waiting) ? <StepFields step={step} fields={fields} values={values} /> : null}
              {step.status === 'keuze_nodig' && waiting && step.candidates ? (
                <FieldGroup id={`stap-${step.index}-keuze`} label="Welke afspraak bedoel je?" error={fields[`choices.${step.index}`]}>
                  <div className="choice-list">
                    {step.candidates.map((candidate) => (
                      <label key={candidate.appointmentId} className="chain-choice">
                        <input
                          type="radio"
                          name={`choices.${step.index}`}
                          value={candidate.appointmentId}
                          defaultChecked={values[`choices.${step.index}`] === candidate.appointmentId}
                        />
                        {candidate.label}
                      </label>
                    ))}
                  </div>
                </FieldGroup>
              ) : null}
            </ChainStepRow>
          ))}
        </ol>
        {choiceErrors.length > 0 && !waiting ? (
          <ul className="chat-field-errors">
            {choiceErrors.map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        ) : null}
        {waiting ? (
          <div className="chain-actions">
            <button type="submit" name="intent" value="confirm" className="button button-primary">
              <CheckIcon aria-hidden="true" /> Bevestigen
            </button>
            <button type="submit" name="intent" value="reject" className="button button-secondary">
              Afwijzen
            </button>
          </div>
        ) : null}
      </Form>
      {done ? (
        <div className="notice notice-success" role="status">
          <CheckCircledIcon aria-hidden="true" />
          <p>Uitgevoerd en vastgelegd.</p>
        </div>
      ) : null}
      {outcome ? (
        <div className={`notice ${outcome.tone === 'danger' ? 'notice-danger' : 'notice-info'}`} role="status">
          <p>{outcome.text}</p>
        </div>
      ) : null}
      {chain.status === 'voorbereiden' || chain.status === 'bezig' ? (
        <p className="muted small">
          {chain.status === 'bezig' ? 'Wordt uitgevoerd.' : 'Wordt nog voorbereid.'}{' '}
          <Link to={`/assistent?opdracht=${chain.chainId}`}>Bekijk hoe het nu staat</Link>.
        </p>
      ) : null}
    </BlockCard>
  );
}

/** Where a read opens without JavaScript: the record's or the agenda's own page. */
function readLink(block: Block): { to: string; label: string; title: string } | null {
  switch (block.type) {
    case 'zoeken':
      return { to: `/patients?${new URLSearchParams({ q: block.query })}`, label: 'Zoeken', title: 'Patiënt zoeken' };
    case 'overdracht':
      return { to: `/overdracht?patient=${block.patient.id}`, label: 'Overdracht openen', title: `Overdracht van ${block.patient.name}` };
    case 'rapportage':
      return { to: `/patients/${block.patient.id}/rapportages`, label: 'Tijdlijn openen', title: `Rapportages van ${block.patient.name}` };
    case 'intake':
      return { to: `/patients/${block.patient.id}/intake`, label: 'Intake openen', title: `Intake van ${block.patient.name}` };
    case 'risico':
      return { to: `/patients/${block.patient.id}/risicos`, label: "Risico's openen", title: `Risico's van ${block.patient.name}` };
    case 'diagnose':
      return { to: `/patients/${block.patient.id}/diagnoses`, label: 'Diagnoses openen', title: `Diagnoses van ${block.patient.name}` };
    case 'agenda':
      return {
        to: block.patient ? `/patients/${block.patient.id}/agenda` : '/agenda',
        label: 'Agenda openen',
        title: block.patient ? `Afspraken van ${block.patient.name}` : 'Agenda',
      };
    default:
      return null;
  }
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice-warning" role="alert">
      <div className="chat-notice-body">{children}</div>
    </div>
  );
}

/** What the message opened, without JavaScript. */
function PageBlock({ turn }: { turn: PageTurnData }) {
  const { routing, chain, refusal } = turn;
  if (chain) return <ChainProposal chain={chain} />;
  if (refusal)
    return (
      <Notice>
        <p>Dit kan nog niet worden voorbereid:</p>
        <ul className="chat-field-errors">
          {stepMessages(refusal.fields, true).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <p className="small">Stuur de opdracht opnieuw, met de volledige naam van de patiënt en wat er moet gebeuren.</p>
      </Notice>
    );
  if (turn.noShow)
    return (
      <Notice>
        <p>
          Een niet-verschenen patiënt verwerk je zonder JavaScript vanuit de afspraak: open haar in de <Link to="/agenda">agenda</Link>.
        </p>
      </Notice>
    );
  if (routing.kind === 'fallback') return <Fallback />;
  if (routing.kind === 'clarify')
    return (
      <BlockCard
        icon={<Pencil2Icon />}
        title={routing.question}
        meta="Stuur je opdracht opnieuw, met wat er nog ontbrak."
        testId="clarify"
        tone="question"
      >
        <p className="small muted">Bijvoorbeeld de volledige naam van de patiënt, of de dag en het tijdstip.</p>
      </BlockCard>
    );
  if (routing.block.type === 'dossiervraag' && turn.answer)
    return (
      <BlockCard
        icon={<ChatBubbleIcon />}
        title={`Vraag aan het dossier van ${routing.block.patient.name}`}
        meta={`“${routing.block.vraag}”`}
        link={{ to: `/patients/${routing.block.patient.id}/dossiervraag`, label: 'Openen' }}
        testId="block-dossiervraag"
      >
        <DossierAnswer answer={turn.answer} />
      </BlockCard>
    );
  const link = readLink(routing.block);
  if (!link) return <Fallback />;
  return (
    <BlockCard icon={<ExternalLinkIcon />} title={link.title} testId="block-link">
      <p>
        <Link to={link.to}>{link.label}</Link>
      </p>
    </BlockCard>
  );
}

/** The message sent from the page and the assistant's answer to it, as chat turns. */
export function PageTurn({ answer }: { answer: PageAnswer }) {
  return (
    <>
      <h2 className="visually-hidden">Gesprek</h2>
      <ol className="chat-messages" aria-label="Gesprek">
        {answer.kind === 'turn' ? (
          <li className="chat-turn chat-turn-user" data-testid="user-message">
            <div className="chat-bubble chat-bubble-user">
              <p className="chat-text">{answer.message}</p>
            </div>
          </li>
        ) : null}
        <li className="chat-turn chat-turn-assistant" data-testid="assistant-message">
          <span className="chat-avatar" aria-hidden="true">
            <ChatBubbleIcon />
          </span>
          <div className="chat-turn-body">
            {answer.kind === 'turn' && answer.reply ? (
              <div className="chat-bubble chat-bubble-assistant">
                <p className="chat-text">{answer.reply}</p>
              </div>
            ) : null}
            {answer.kind === 'turn' ? <PageBlock turn={answer} /> : null}
            {answer.kind === 'decision' ? <ChainProposal chain={answer.chain} /> : null}
            {answer.kind === 'failure' ? (
              <Notice>
                <p>{answer.message}</p>
              </Notice>
            ) : null}
            {answer.kind === 'failure' && answer.chain ? (
              <ChainProposal chain={answer.chain} fields={answer.fields} values={answer.values} />
            ) : null}
          </div>
        </li>
      </ol>
    </>
  );
}
