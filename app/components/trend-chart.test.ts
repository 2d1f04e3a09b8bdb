import { describe, expect, it } from 'vitest';
import { trendGeometry } from './trend-chart';

const at = (hour: number) => `2026-11-24T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('trend chart geometry', () => {
  it('draws the points in time order, whatever order they come in, higher values higher up', () => {
    const geometry = trendGeometry(
      [
        { observedAt: at(12), value: 120, interpretation: 'H' },
        { observedAt: at(6), value: 70, interpretation: 'N' },
        { observedAt: at(18), value: 90, interpretation: 'N' },
      ],
      { from: 51, to: 90 },
    );
    expect(geometry.dots.map((dot) => dot.point.value)).toEqual([70, 120, 90]);
    const [first, second, third] = geometry.dots;
    expect(first!.x).toBeLessThan(second!.x);
    expect(second!.x).toBeLessThan(third!.x);
    expect(second!.y).toBeLessThan(third!.y);
    expect(third!.y).toBeLessThan(first!.y);
    expect(geometry.path.startsWith('M')).toBe(true);
    expect(geometry.first).toBe(at(6));
  });

  it('shades the normal range and keeps a value on its limit inside the band', () => {
    const geometry = trendGeometry(
      [
        { observedAt: at(6), value: 90, interpretation: 'N' },
        { observedAt: at(7), value: 130, interpretation: 'H' },
      ],
      { from: 51, to: 90 },
    );
    const band = geometry.band!;
    const onLimit = geometry.dots[0]!;
    expect(onLimit.y).toBeGreaterThanOrEqual(band.y - 0.001);
    expect(onLimit.y).toBeLessThanOrEqual(band.y + band.height);
    expect(geometry.dots[1]!.y).toBeLessThan(band.y);
  });

  it('draws one measurement without a band when the measure has no range', () => {
    const geometry = trendGeometry([{ observedAt: at(9), value: 72.5, interpretation: 'N' }], null);
    expect(geometry.band).toBeNull();
    expect(geometry.dots).toHaveLength(1);
    expect(Number.isFinite(geometry.dots[0]!.x)).toBe(true);
    expect(geometry.ticks.length).toBeGreaterThan(0);
  });
});
