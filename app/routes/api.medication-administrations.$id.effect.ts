import { action as effectAction, loader as effectLoader } from './api.medication.administrations.$id.effect';

/**
 * The old path of a dose's effect (ADR 0070): medication has one API stem now,
 * `/api/medication/administrations/{id}/effect`. The old path stays an alias of it, deprecated in
 * docs/api.md, so an integrator's client keeps working (a redirect would be a 308 where the API
 * promises 404 for another organisation's id).
 */
export const loader = effectLoader;
export const action = effectAction;
