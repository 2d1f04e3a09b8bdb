import { describe, expect, it } from 'vitest';
import { parseOrchestratorAnswer } from './orchestrator';

describe('reading the orchestrator answer', () => {
  const chain = { actions: [{ intent: 'risico_query', entities: { patientName: 'Jan' }, confidence: 0.9 }] };

  it('accepts a well-formed chain as is', () => {
    expect(parseOrchestratorAnswer(JSON.stringify(chain))).toEqual({ value: chain, malformed: false });
  });

  it('strips markdown fences and prose around the JSON', () => {
    expect(parseOrchestratorAnswer('```json\n' + JSON.stringify(chain) + '\n```')).toEqual({ value: chain, malformed: true });
    expect(parseOrchestratorAnswer(`Hier is de keten: ${JSON.stringify(chain)} Succes!`).value).toEqual(chain);
  });

  it('accepts a bare action or a list of actions', () => {
    expect(parseOrchestratorAnswer(JSON.stringify(chain.actions[0])).value).toEqual(chain);
    expect(parseOrchestratorAnswer(JSON.stringify(chain.actions)).value).toEqual(chain);
  });

  it('keeps the valid actions of a chain whose entities are partly wrong', () => {
    const answer = { actions: [{ intent: 'agenda', entities: { datetime: 'morgen' }, confidence: 0.8 }, chain.actions[0]] };
    expect(parseOrchestratorAnswer(JSON.stringify(answer)).value.actions.map((action) => action.intent)).toEqual([
      'agenda',
      'risico_query',
    ]);
  });

  it('extracts intents, names and confidences from broken JSON', () => {
    const broken =
      '{"actions":[{"intent":"cancel_appointment","entities":{"patientName":"Jan"},"confidence":0.85},{"intent":"dagnotitie","entities":{"content":"ziek';
    expect(parseOrchestratorAnswer(broken)).toEqual({
      value: {
        actions: [
          { intent: 'cancel_appointment', entities: { patientName: 'Jan' }, confidence: 0.85 },
          { intent: 'dagnotitie', entities: {}, confidence: 0.5 },
        ],
      },
      malformed: true,
    });
  });

  it('ends in unknown when nothing can be read', () => {
    expect(parseOrchestratorAnswer('Ik begrijp de vraag niet.')).toEqual({
      value: { actions: [{ intent: 'unknown', entities: {}, confidence: 0.3 }] },
      malformed: true,
    });
    expect(parseOrchestratorAnswer('{"actions":[{"intent":"ontslaan"}]}').value.actions[0]!.intent).toBe('unknown');
  });
});
