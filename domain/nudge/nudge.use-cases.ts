import { defineUseCase } from '../audit/use-case';
import { openNudges } from './nudge.service';

/** The clinician's open reminders (their own and the organisation's); their text names patients, so the row names them. */
export const openNudgesOf = defineUseCase({
  name: 'nudge.open',
  action: 'search',
  resourceType: 'Nudge',
  patients: () => [],
  run: (em, actor, _input: Record<string, never>) => openNudges(em, actor),
  logged: (nudges) => ({ patientIds: [...new Set(nudges.flatMap((nudge) => (nudge.patientId ? [nudge.patientId] : [])))] }),
});
