import { describe, expect, it } from 'vitest';
import { jsonOfParts, sharedJson } from './json.server';

describe('JSON written once per shared read (issue 38)', () => {
  it('writes a frozen value as JSON.stringify would, and the same text for every request', () => {
    const week = Object.freeze([Object.freeze({ id: 'a1', start: '2026-11-30T08:00:00.000Z', reportIds: Object.freeze(['r1']) })]);
    expect(sharedJson(week)).toBe(JSON.stringify(week));
    expect(sharedJson(week)).toBe(sharedJson(week));
  });

  it('writes a value that is not frozen afresh each time: it may have changed', () => {
    const list = [{ id: 'a1' }];
    expect(sharedJson(list)).toBe('[{"id":"a1"}]');
    list.push({ id: 'a2' });
    expect(sharedJson(list)).toBe('[{"id":"a1"},{"id":"a2"}]');
  });

  it('answers the parts as one JSON object, as Response.json would', async () => {
    const value = { appointments: Object.freeze([{ id: 'a1', naam: 'Jan "de" Vries' }]), range: { label: 'deze week' } };
    const response = jsonOfParts({ appointments: sharedJson(value.appointments), range: JSON.stringify(value.range) });
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.text()).toBe(await Response.json(value).text());
  });
});
