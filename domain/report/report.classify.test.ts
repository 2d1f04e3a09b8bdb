import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { classifyReportLocally } from './report.classify';

describe('local report classification', () => {
  it.each([
    ['Dhr. weigerde zijn medicatie vanochtend', { type: 'dagnotitie', category: 'medicatie', includeInHandover: true }],
    ['Pt heeft een medewerker geslagen op de gang', { type: 'incident', category: 'incident', includeInHandover: true }],
    ['Mw. is gesepareerd na escalatie, separeer om 14:10', { type: 'crisis', category: 'incident', includeInHandover: true }],
    ['Heeft zelfstandig gedoucht en goed gegeten', { type: 'dagnotitie', category: 'adl', includeInHandover: false }],
    ['Was de hele avond onrustig en achterdochtig', { type: 'dagnotitie', category: 'gedrag', includeInHandover: true }],
    ['Rustige dag, las in de huiskamer', { type: 'dagnotitie', category: 'observatie', includeInHandover: false }],
  ])('%s', (text, expected) => {
    const result = classifyReportLocally({ text });
    expect(result).toMatchObject(expected);
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it('refuses an empty text in Dutch', () => {
    expect(() => classifyReportLocally({ text: '  ' })).toThrow(AppError);
  });
});
