import { defineUseCase, thePatient } from '../audit/use-case';
import { z } from '../shared/validation';
import { dossiervraagSchema } from './dossiervraag.schemas';
import { askRecord } from './dossiervraag.service';

/**
 * A free question about one patient's record, answered from the record (ADR 0078). A read of the
 * whole record: one access-log row naming the patient, with how many sources the answer cited
 * (never the question: it may name people).
 */
export const askTheRecord = defineUseCase({
  name: 'dossiervraag.ask',
  action: 'read',
  resourceType: 'Dossiervraag',
  patients: (_em, input: { patientId: string; vraag: string }) => thePatient(input),
  input: dossiervraagSchema.extend({ patientId: z.string() }),
  run: (em, _actor, { patientId, vraag }) => askRecord(em, patientId, vraag),
  logged: (answer) => ({ details: { bronnen: answer.bronnen.length } }),
});
