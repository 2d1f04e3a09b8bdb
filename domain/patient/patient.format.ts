import { clinicalToday } from '../shared/clinical-time';

/** Whole years on the given day (the ward's calendar), as clinicians state an age. */
export function ageOn(birthDate: string | null, today: string = clinicalToday()): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
