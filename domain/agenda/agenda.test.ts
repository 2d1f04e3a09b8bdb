import { clockTime, isoDay } from '../shared/clinical-time';
import { describe, expect, it } from 'vitest';
import { parseOrThrow } from '../shared/validation';
import { defaultAgendaDate, defaultAgendaView, gridHours, rangeForLabel, todayView, viewDays } from './agenda.dates';
import { agendaQuerySchema, cancelAppointmentSchema, cancelReasonText, cancellationUndoableUntil } from './agenda.schemas';
import { requestedRange } from './agenda.service';
import { layoutDay } from './agenda.layout';

const at = (time: string) => new Date(`2026-11-23T${time}:00+01:00`);

describe('relative date labels (Europe/Amsterdam)', () => {
  const sunday = new Date('2026-11-22T22:30:00Z'); // 23:30 on Sunday 22 November in Amsterdam

  it.each([
    ['vandaag', '2026-11-22', '2026-11-23'],
    ['morgen', '2026-11-23', '2026-11-24'],
    ['overmorgen', '2026-11-24', '2026-11-25'],
    ['deze week', '2026-11-16', '2026-11-23'],
    ['volgende week', '2026-11-23', '2026-11-30'],
    ['vrijdag', '2026-11-27', '2026-11-28'],
    ['zondag', '2026-11-22', '2026-11-23'],
  ])('%s', (label, start, end) => {
    const range = rangeForLabel(label, sunday)!;
    expect([isoDay(range.start), isoDay(range.end)]).toEqual([start, end]);
  });

  it('starts days at local midnight, also across the DST change', () => {
    const range = rangeForLabel('morgen', new Date('2026-03-28T12:00:00Z'))!;
    expect(range.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('knows nothing of other labels', () => {
    expect(rangeForLabel('ooit', sunday)).toBeNull();
  });
});

describe('a time of day as the ward writes it', () => {
  it.each([
    [0, '00:00'],
    [570, '09:30'],
    [1439, '23:59'],
  ])('%i minutes into the day is %s', (minutes, written) => {
    expect(clockTime(minutes)).toBe(written);
  });
});

describe('agenda views', () => {
  it('shows one day, Monday to Sunday, or Monday to Friday', () => {
    expect(viewDays('dag', '2026-11-25').map(isoDay)).toEqual(['2026-11-25']);
    expect(viewDays('week', '2026-11-25').map(isoDay)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(viewDays('werkweek', '2026-11-29').map(isoDay)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
  });
});

describe('the date the agenda opens on', () => {
  it('is today on every day of the week, Saturday and Sunday included', () => {
    for (let day = 23; day <= 29; day++) {
      const noon = new Date(`2026-11-${day}T11:00:00Z`);
      expect(defaultAgendaDate(noon)).toBe(`2026-11-${day}`);
    }
    // Sunday 23:59 in Amsterdam is still Sunday, not Monday.
    expect(defaultAgendaDate(new Date('2026-11-29T22:59:00Z'))).toBe('2026-11-29');
  });

  it('opens in the whole week, which shows a Saturday', () => {
    expect(defaultAgendaView).toBe('week');
    expect(viewDays(defaultAgendaView, '2026-11-28').map(isoDay)).toContain('2026-11-28');
  });

  it('sends "Vandaag" from the work week to the whole week on a weekend only', () => {
    expect(todayView('werkweek', new Date('2026-11-28T10:00:00Z'))).toBe('week');
    expect(todayView('werkweek', new Date('2026-11-29T22:30:00Z'))).toBe('week');
    expect(todayView('werkweek', new Date('2026-11-27T10:00:00Z'))).toBe('werkweek');
    expect(todayView('dag', new Date('2026-11-28T10:00:00Z'))).toBe('dag');
  });
});

describe('the hours a grid shows', () => {
  it('is the whole day and night in the day view', () => {
    expect(gridHours('dag', [])).toEqual({ first: 0, last: 24 });
  });

  it('is 07:00–21:00 in a week, widened to a night appointment', () => {
    expect(gridHours('week', [])).toEqual({ first: 7, last: 21 });
    const night = { start: '2026-11-28T01:30:00Z', end: '2026-11-28T02:15:00Z' }; // 02:30–03:15 in Amsterdam
    const late = { start: '2026-11-28T21:00:00Z', end: '2026-11-28T21:45:00Z' }; // 22:00–22:45
    expect(gridHours('week', [night, late])).toEqual({ first: 2, last: 23 });
  });
});

describe('a plain-date agenda range', () => {
  it.each([
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
    ['2026-11-28', '2026-11-27T23:00:00.000Z', '2026-11-28T23:00:00.000Z', 24],
  ])('%s ends at the next local midnight', (date, start, end, hours) => {
    const query = parseOrThrow(agendaQuerySchema, { start: date });
    const range = requestedRange(query, new Date('2026-11-28T10:00:00Z'));
    expect([range.start.toISOString(), range.end.toISOString()]).toEqual([start, end]);
    expect((range.end.getTime() - range.start.getTime()) / 3600_000).toBe(hours);
  });
});

describe('overlapping appointments', () => {
  it('lays out overlaps side by side and keeps separate ones full width', () => {
    const placed = layoutDay([
      { id: 'a', start: at('09:00'), end: at('10:00') },
      { id: 'b', start: at('09:30'), end: at('10:30') },
      { id: 'c', start: at('10:00'), end: at('11:00') },
      { id: 'd', start: at('13:00'), end: at('14:00') },
    ]);
    expect(placed.get('a')).toEqual({ lane: 0, lanes: 2 });
    expect(placed.get('b')).toEqual({ lane: 1, lanes: 2 });
    expect(placed.get('c')).toEqual({ lane: 0, lanes: 2 });
    expect(placed.get('d')).toEqual({ lane: 0, lanes: 1 });
  });

  it('uses three lanes when three overlap at once', () => {
    const placed = layoutDay([
      { id: 'a', start: at('09:00'), end: at('11:00') },
      { id: 'b', start: at('09:15'), end: at('09:45') },
      { id: 'c', start: at('09:30'), end: at('10:00') },
    ]);
    expect([...placed.values()].map((p) => p.lanes)).toEqual([3, 3, 3]);
    expect(new Set([...placed.values()].map((p) => p.lane))).toEqual(new Set([0, 1, 2]));
  });
});

describe('the reason of a cancellation', () => {
  const appointmentId = '7a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d';
  const problem = (input: object) => cancelAppointmentSchema.safeParse({ appointmentId, ...input }).error?.issues[0]?.message;

  it('is required: a choice, a free text or both', () => {
    expect(problem({})).toBe('Geef een reden voor het annuleren: kies er een of beschrijf hem.');
    expect(problem({ reason: '   ' })).toBe('Geef een reden voor het annuleren: kies er een of beschrijf hem.');
    expect(problem({ reasonCode: 'anders' })).toBe('Beschrijf de reden bij ‘Anders’.');
    expect(problem({ reasonCode: 'onzin' })).toBe('Kies een van de redenen.');
    expect(problem({ reasonCode: 'dubbel' })).toBeUndefined();
    expect(problem({ reason: 'Patiënt belde af' })).toBeUndefined();
  });

  it('is kept as the choice and the words together', () => {
    expect(cancelReasonText('dubbel', 'stond ook bij de psychiater')).toBe('Dubbel gepland: stond ook bij de psychiater');
    expect(cancelReasonText('afgezegd', undefined)).toBe('Patiënt heeft afgezegd');
    expect(cancelReasonText('anders', 'Storm')).toBe('Storm');
    expect(cancelReasonText(undefined, 'Dubbel gepland')).toBe('Dubbel gepland');
  });
});

describe('undoing a cancellation', () => {
  const cancelledAt = new Date('2026-11-28T10:00:00Z');
  const cancelled = { status: 'geannuleerd', cancelledAt, statusBeforeCancel: 'gepland' };

  it('can for 15 minutes after the cancellation, and not a moment later', () => {
    expect(cancellationUndoableUntil(cancelled, new Date('2026-11-28T10:14:59Z'))).toEqual(new Date('2026-11-28T10:15:00Z'));
    expect(cancellationUndoableUntil(cancelled, new Date('2026-11-28T10:15:00Z'))).toBeNull();
  });

  it('cannot once it is no longer that cancellation, or when what it was is not known', () => {
    const now = new Date('2026-11-28T10:01:00Z');
    expect(cancellationUndoableUntil({ ...cancelled, status: 'gepland' }, now)).toBeNull();
    expect(cancellationUndoableUntil({ ...cancelled, statusBeforeCancel: null }, now)).toBeNull();
    expect(cancellationUndoableUntil({ ...cancelled, cancelledAt: null }, now)).toBeNull();
  });
});
