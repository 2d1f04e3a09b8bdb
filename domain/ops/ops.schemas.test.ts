import { describe, expect, it } from 'vitest';
import { formatDuration, retryOf, temporalUiUrl, workflowFilterSchema, workflowTypeLabel, workflowTypeLabels } from './ops.schemas';

describe('workflow filter', () => {
  it('keeps a known status and a plain type name', () => {
    expect(workflowFilterSchema.parse({ status: 'Failed', type: 'healthCheck' })).toEqual({ status: 'Failed', type: 'healthCheck' });
  });

  it.each([
    [{ status: 'failed' }, {}],
    [{ status: 'ContinuedAsNew' }, {}],
    [{ type: "x' OR WorkflowType != '" }, {}],
    [{ type: '' }, {}],
    [{}, {}],
  ])('falls back to everything for %j', (input, expected) => {
    const parsed = workflowFilterSchema.parse(input);
    expect({ status: parsed.status, type: parsed.type }).toEqual({ status: undefined, type: undefined, ...expected });
  });
});

describe('workflow labels', () => {
  it('names the product’s workflows in Dutch and never shows a code name', () => {
    expect(workflowTypeLabel('healthCheck')).toBe('Gezondheidscontrole');
    expect(workflowTypeLabel('intentChain')).toBe('Opdracht aan de assistent');
    expect(workflowTypeLabel('handoverGeneration')).toBe('Overdracht samenvatten');
    expect(workflowTypeLabel('noShow')).toBe('Niet verschenen opvolgen');
    expect(workflowTypeLabel('somethingNew')).toBe('Onbekend type');
    expect(workflowTypeLabel('toString')).toBe('Onbekend type');
  });
});

describe('durations', () => {
  it.each([
    [0, '0 ms'],
    [85, '85 ms'],
    [1234, '1,2 s'],
    [9_990, '9,9 s'],
    [42_000, '42 s'],
    [245_000, '4 min 5 s'],
    [3_600_000, '1 uur'],
    [7_500_000, '2 uur 5 min'],
    [86_400_000, '1 dag'],
    [3 * 86_400_000 + 4 * 3_600_000, '3 dagen 4 uur'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('Temporal UI links', () => {
  it('links the namespace and one run, with the ids escaped', () => {
    expect(temporalUiUrl('http://127.0.0.1:8233', 'default')).toBe('http://127.0.0.1:8233/namespaces/default/workflows');
    expect(temporalUiUrl('https://temporal.example', 'ggz', { workflowId: 'noshow-1/2', runId: 'abc' })).toBe(
      'https://temporal.example/namespaces/ggz/workflows/noshow-1%2F2/abc',
    );
  });

  it('links nothing when no Temporal UI is configured, rather than a loopback address', () => {
    expect(temporalUiUrl(undefined, 'default')).toBeNull();
    expect(temporalUiUrl(undefined, 'default', { workflowId: 'health-1', runId: 'abc' })).toBeNull();
  });
});

describe('who starts a failed run again', () => {
  it('lets the beheerder start only a health check again, and tells how for every clinical process', () => {
    expect(retryOf('healthCheck')).toEqual({ byBeheer: true });
    for (const type of Object.keys(workflowTypeLabels).filter((name) => name !== 'healthCheck'))
      expect(retryOf(type), type).toMatchObject({ byBeheer: false, how: expect.stringMatching(/^[A-Z].+\.$/) });
    expect(retryOf('toString')).toMatchObject({ byBeheer: false });
  });
});
