import { wallClockToIso } from '../../domain/shared/clinical-time';
import { Link } from '@remix-run/react';
import { QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { useId, useState, type FormEvent } from 'react';
import { ChainBlock } from './chain-block';
import { BlockCard, ErrorNotice, Loading } from './block-card';
import { useConversation, type AssistantMessage } from './conversation';
import { DailyNoteBlock } from './daily-note-block';
import { NoShowBlock } from './noshow-block';
import {
  AgendaBlock,
  DiagnosesBlock,
  DossiervraagBlock,
  HandoverBlock,
  IntakeBlock,
  PatientSearch,
  PatientSearchBlock,
  ReportsBlock,
  RisksBlock,
} from './read-blocks';
import { clarified, type Block, type Routing } from './routing';

const changeTitles = { create: 'Afspraak inplannen', cancel: 'Afspraak annuleren', reschedule: 'Afspraak verplaatsen' } as const;

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'dagnotitie':
      return <DailyNoteBlock patient={block.patient} category={block.category} content={block.content} />;
    case 'zoeken':
      return <PatientSearchBlock query={block.query} />;
    case 'overdracht':
      return <HandoverBlock patient={block.patient} />;
    case 'rapportage':
      return <ReportsBlock patient={block.patient} />;
    case 'intake':
      return <IntakeBlock patient={block.patient} />;
    case 'risico':
      return <RisksBlock patient={block.patient} />;
    case 'diagnose':
      return <DiagnosesBlock patient={block.patient} />;
    case 'dossiervraag':
      return <DossiervraagBlock patient={block.patient} vraag={block.vraag} />;
    case 'agenda':
      return <AgendaBlock mode={block.mode} label={block.label} range={block.range} patient={block.patient} />;
    case 'agenda-change':
      return <ChainBlock actions={[block.action]} title={changeTitles[block.mode]} agenda />;
    case 'chain':
      return <ChainBlock actions={block.actions} title={`Opdracht in ${block.actions.length} stappen`} />;
    case 'noshow':
      return <NoShowBlock sentence={block.sentence} />;
  }
}

/** One missing piece, asked for in place: answering opens the block the message was about. */
function Clarify({ routing, onAnswer }: { routing: Extract<Routing, { kind: 'clarify' }>; onAnswer(next: Routing): void }) {
  const [value, setValue] = useState('');
  const inputId = useId();
  const { action, missing } = routing;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing === 'datetime') {
      const datetime = wallClockToIso(value);
      if (datetime) onAnswer(clarified(action, { datetime }));
    } else if (value.trim()) {
      onAnswer(clarified(action, { identifier: value.trim() }));
    }
  };
  const hint = {
    patient: 'Zoek en kies de patiënt om verder te gaan.',
    datetime: 'Kies de dag en het tijdstip om verder te gaan.',
    identifier: 'Noem de afspraak om verder te gaan.',
  }[missing];
  return (
    <BlockCard icon={<QuestionMarkCircledIcon />} title={routing.question} meta={hint} testId="clarify" tone="question">
      {missing === 'patient' ? (
        <PatientSearch query={action.entities.patientName ?? ''} onPick={(patient) => onAnswer(clarified(action, { patient }))} />
      ) : (
        <form className="chat-inline-form" onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            {missing === 'datetime' ? 'Dag en tijdstip' : 'Welke afspraak'}
          </label>
          {missing === 'datetime' ? (
            <input
              id={inputId}
              type="datetime-local"
              value={value}
              step={300}
              onChange={(event) => setValue(event.currentTarget.value)}
              required
            />
          ) : (
            <input
              id={inputId}
              type="text"
              value={value}
              placeholder="Bijvoorbeeld: morgen 10:00"
              onChange={(event) => setValue(event.currentTarget.value)}
              required
            />
          )}
          <button type="submit" className="button button-primary button-small">
            Verder
          </button>
        </form>
      )}
    </BlockCard>
  );
}

export function Fallback() {
  return (
    <p className="chat-fallback" data-testid="fallback">
      <QuestionMarkCircledIcon aria-hidden="true" />
      <span>
        Ik weet niet zeker wat je bedoelt. Bekijk de <Link to="/agenda">agenda</Link> of formuleer het anders.
      </span>
    </p>
  );
}

/** What the message opened: a block, a question, the fallback, or why routing failed. */
export function TurnBlocks({ message }: { message: AssistantMessage }) {
  const { retryRouting, setRouting } = useConversation();
  const { routing } = message;
  switch (routing.kind) {
    case 'classifying':
      return message.status === 'streaming' ? null : <Loading label="Opdracht herkennen…" />;
    case 'failed':
      return <ErrorNotice error={routing.error} onRetry={() => retryRouting(message.id)} />;
    case 'fallback':
      return <Fallback />;
    case 'clarify':
      return <Clarify key={routing.missing} routing={routing} onAnswer={(next) => setRouting(message.id, next)} />;
    case 'block':
      return <BlockView block={routing.block} />;
  }
}
