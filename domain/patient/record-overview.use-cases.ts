import { defineUseCase, runUseCaseWithin, thePatient } from '../audit/use-case';
import { latestBvcOf } from '../measurements/scales.use-cases';
import { latestVitalsOf } from '../measurements/vitals.use-cases';
import { listContacts } from './contact-persons.use-cases';

/**
 * The record's overview at the shift change: the latest vitals, the latest BVC and the contact
 * persons, read in one transaction. Each read is its own declaration and logs its own row; this one
 * only puts them together, so it adds no row (its action and type are for a failed attempt's row).
 */
export const recordOverview = defineUseCase({
  name: 'record.overview',
  action: 'read',
  resourceType: 'Observation',
  patients: (_em, input: { patientId: string }) => thePatient(input),
  run: async (em, actor, input) => ({
    vitals: {
      values: await runUseCaseWithin(em, actor, latestVitalsOf, input),
      bvc: await runUseCaseWithin(em, actor, latestBvcOf, input),
    },
    contacts: await runUseCaseWithin(em, actor, listContacts, input),
  }),
  logged: () => [],
});
