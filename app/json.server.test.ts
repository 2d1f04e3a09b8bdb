import { describe, expect, it } from 'vitest';
import { jsonAnswerSharing } from './json.server';

describe('JSON answers that share a read (issue 38)', () => {
  const week = Object.freeze([
    Object.freeze({ id: 'a1', naam: 'Jan "de" Vries', start: '2026-11-30T08:00:00.000Z', reportIds: Object.freeze(['r1']) }),
  ]);

  it('answers exactly what Response.json would, with its headers', async () => {
    const range = { start: '2026-11-30T00:00:00.000Z', label: 'deze week' };
    const response = jsonAnswerSharing('appointments', week, { range });
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.text()).toBe(await Response.json({ appointments: week, range }).text());
    expect(await jsonAnswerSharing('appointments', week).text()).toBe(JSON.stringify({ appointments: week }));
  });

  it('answers the same list with another range with that range, not the first', async () => {
    await jsonAnswerSharing('appointments', week, { range: { label: 'vandaag' } }).text();
    const other = await jsonAnswerSharing('appointments', week, { range: { label: 'morgen' } }).json();
    expect(other).toEqual({ appointments: week, range: { label: 'morgen' } });
  });

  it('writes a list that is not frozen afresh each time: it may have changed', async () => {
    const list = [{ id: 'a1' }];
    expect(await jsonAnswerSharing('appointments', list).text()).toBe('{"appointments":[{"id":"a1"}]}');
    list.push({ id: 'a2' });
    expect(await jsonAnswerSharing('appointments', list).text()).toBe('{"appointments":[{"id":"a1"},{"id":"a2"}]}');
  });
});
