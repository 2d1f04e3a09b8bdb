import { defineUseCase, thePatient } from '../audit/use-case';
import { assertPatientExists } from '../patient/patient.service';
import { parseOrThrow } from '../shared/validation';
import { dossiervraagSchema } from './dossiervraag.schemas';
import { askRecord } from './dossiervraag.service';

/**
 * A free question about one patient's record, answered from the record (ADR 0078). A read of the
 * whole record: one access-log row naming the patient, with how many sources the answer cited
 * (never the question: it may name people). Another organisation's patient is a 404 before the
 * question is read, the same as an id nobody has.
 */
export const askTheRecord = defineUseCase({
  name: 'dossiervraag.ask',
  action: 'read',
  resourceType: 'Dossiervraag',
  // `now`: the moment "vandaag" and "vannacht" are read at; the ward's clock unless a caller in the code asks at
  // another (the bench asks at its record's own moment). No door takes it from a request.
  patients: (_em, input: { patientId: string; vraag: string; now?: Date }) => thePatient(input),
  run: async (em, _actor, { patientId, vraag, now }) => {
    await assertPatientExists(em, patientId);
    return askRecord(em, patientId, parseOrThrow(dossiervraagSchema, { vraag }).vraag, now);
  },
  logged: (answer) => ({ details: { bronnen: answer.bronnen.length } }),
});
