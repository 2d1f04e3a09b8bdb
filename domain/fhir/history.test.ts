import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { feedSources, parseHistoryQuery, parseInstant } from './history';
import { clinicalResources } from './resources';

const fieldsOf = (work: () => unknown): Record<string, string> => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError & { details: { fields: Record<string, string> } }).details.fields;
  }
  throw new Error('no error');
};

describe('parseInstant', () => {
  it('reads an instant to the millisecond, in UTC or with an offset', () => {
    expect(parseInstant('_since', '2026-11-30T01:02:03.456Z').toISOString()).toBe('2026-11-30T01:02:03.456Z');
    expect(parseInstant('_since', '2026-11-30T10:15:00+01:00').toISOString()).toBe('2026-11-30T09:15:00.000Z');
    // Digits past the millisecond are what the record keeps anyway.
    expect(parseInstant('_since', '2026-11-30T01:02:03.4567891Z').toISOString()).toBe('2026-11-30T01:02:03.456Z');
    expect(parseInstant('_since', '2024-02-29T23:59:59-05:30').toISOString()).toBe('2024-03-01T05:29:59.000Z');
  });

  it('refuses in Dutch a date that does not exist, a date without time or zone, and a hidden character', () => {
    for (const text of [
      '2026-02-30T10:00:00Z',
      '2025-02-29T10:00:00Z',
      '2026-11-30T24:00:00Z',
      '2026-11-30T10:60:00Z',
      '2026-11-30T10:00:00+15:00',
    ])
      expect(fieldsOf(() => parseInstant('_since', text))._since).toContain('bestaat niet');
    for (const text of ['2026-11-30', '2026-11-30T10:00:00', '2026-11-30T10:00Z', 'gisteren', ''])
      expect(fieldsOf(() => parseInstant('_since', text))._since).toContain('geen tijdstip');
    expect(fieldsOf(() => parseInstant('_since', '2026-11-30T10:00:00\u0000Z'))._since).toContain('stuurteken');
    // The database reads no year 0 (1 BC), also when an offset moves the first moment of the year 1 there.
    for (const text of ['0000-06-01T00:00:00Z', '0001-01-01T00:00:00+01:00'])
      expect(fieldsOf(() => parseInstant('_since', text))._since).toContain('vóór het jaar 1');
    expect(parseInstant('_since', '0001-01-01T00:00:00Z').getUTCFullYear()).toBe(1);
    expect(fieldsOf(() => parseInstant('_since', '9999-12-31T23:00:00-05:00'))._since).toContain('na het jaar 9999');
  });
});

describe('parseHistoryQuery', () => {
  const parse = (query: string) => parseHistoryQuery(new URLSearchParams(query));

  it('reads _since, _till, _count and the cursor of a next link', () => {
    const query = parse(
      '_since=2026-11-30T01:00:00Z&_till=2026-11-30T02:00:00.001Z&_count=7&_cursor=2026-11-30T01:30:00.000Z|Patient|0b9f3f2e-6f3c-4a43-9a4a-3d1f7b0c2a11',
    );
    expect(query.since?.toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(query.till?.toISOString()).toBe('2026-11-30T02:00:00.001Z');
    expect(query.count).toBe(7);
    expect(query.cursor?.type).toBe('Patient');
    expect(parse('')).toEqual({ since: null, till: null, cursor: null, count: 100 });
  });

  it('names every problem at once; a parameter it does not apply is refused, not ignored', () => {
    const fields = fieldsOf(() => parse('_since=morgen&_count=0&_cursor=x|Observation|y&_type=Patient&_since=2026-11-30T01:00:00Z'));
    expect(Object.keys(fields).sort()).toEqual(['_count', '_cursor', '_since', '_type']);
  });
});

describe('feedSources', () => {
  it('holds only types the API serves, with the clinical ones on their moment of recording (ADR 0102)', () => {
    for (const type of Object.keys(feedSources)) expect(type === 'Patient' || Object.hasOwn(clinicalResources, type)).toBe(true);
    for (const type of ['Observation', 'Condition', 'RiskAssessment']) expect(feedSources[type]?.changedAt).toBe('updated_at');
  });
});
