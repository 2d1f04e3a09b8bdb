import { describe, expect, it } from 'vitest';
import { readQuestion } from './dossiervraag.question';
import { compare, type Row, type Scored } from './dossiervraag.service';

/** A source found for a question, scored: only what the ranking reads. */
const scored = (id: string, type: Row['type'], at: string, coverage = 1): Scored => ({
  row: {
    type,
    id,
    at: new Date(at),
    author_name: null,
    author_role: null,
    author_discipline: null,
    by_name: null,
    facet: '',
    data: {},
    rank: 0.1,
    matched: [1],
    live: [true],
  },
  coverage,
  structured: false,
  textual: 1,
});

describe('ranking what answers as much (ADR 0108, round four)', () => {
  const now = new Date('2026-11-28T12:00:00+01:00');

  it('puts the first record of an event first when the question asks when, and a planned event’s appointment before notes', () => {
    const fall = [
      scored('looks-back', 'rapportage', '2026-11-06T09:00:00+01:00'),
      scored('no-fall', 'dagnotitie', '2026-11-28T06:00:00+01:00'),
      scored('incident', 'dagnotitie', '2026-11-06T03:20:00+01:00'),
    ];
    const when = readQuestion('Wanneer is hij gevallen?');
    expect(fall.sort(compare(when, now, null)).map(({ row }) => row.id)).toEqual(['incident', 'looks-back', 'no-fall']);
    const visit = [scored('letter', 'brief', '2026-11-09T10:00:00+01:00'), scored('consult', 'afspraak', '2026-12-02T10:15:00+01:00')];
    expect(visit.sort(compare(readQuestion('wnr neuroloog'), now, null)).map(({ row }) => row.id)).toEqual(['consult', 'letter']);
  });

  it('puts what lies in the moment asked first among sources that answer as much', () => {
    const pulse = [
      scored('last-week', 'meting', '2026-11-26T07:20:00+01:00'),
      scored('tonight', 'dagnotitie', '2026-11-28T06:30:00+01:00'),
    ];
    const moment = { from: '2026-11-27', to: '2026-11-28' };
    expect(pulse.sort(compare(readQuestion('HF vannacht'), now, moment)).map(({ row }) => row.id)).toEqual(['tonight', 'last-week']);
    // Covering more of the question still comes first.
    const more = [
      scored('tonight', 'dagnotitie', '2026-11-28T06:30:00+01:00', 0.5),
      scored('last-week', 'meting', '2026-11-26T07:20:00+01:00'),
    ];
    expect(more.sort(compare(readQuestion('HF vannacht'), now, moment)).map(({ row }) => row.id)).toEqual(['last-week', 'tonight']);
  });
});
