import { describe, expect, it } from 'vitest';
import { categoryChipLabel } from './report.schemas';

describe('the chips of a report', () => {
  it('says "Incident" once for an incident report with category incident', () => {
    expect(categoryChipLabel('incident', 'incident')).toBeNull();
  });

  it('keeps a category that adds something', () => {
    expect(categoryChipLabel('verpleegkundig', 'incident')).toBe('Incident');
    expect(categoryChipLabel('dagnotitie', 'adl')).toBe('ADL');
    expect(categoryChipLabel('dagnotitie', null)).toBeNull();
  });
});
