import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { defineUseCase } from '../audit/use-case';
import { patientsOfEntries, runEntry, runTransaction, type BundleOptions } from './bundle';

/*
 * The FHIR API's Bundles (`POST [base]`): apart from the types' use cases, which a Bundle's entries
 * run, so that those do not depend on the Bundle.
 */

/**
 * A transaction Bundle, all or nothing: each entry is logged as at its own route, and the Bundle
 * once, naming the patients its entries concern; a failure is the Bundle's attempt.
 */
export const fhirTransaction = defineUseCase({
  name: 'fhir.transaction',
  action: 'create',
  resourceType: 'Bundle',
  patients: () => [],
  run: (em, actor, { bundle, options }: { bundle: Bundle; options: BundleOptions }) => runTransaction(em, actor, bundle, options),
  logged: (answer, { bundle }) => ({
    patientIds: patientsOfEntries((answer.entry ?? []).flatMap((entry) => entry.resource ?? [])),
    details: { entries: bundle.entry?.length ?? 0 },
  }),
});

/** One entry of a batch Bundle, in a transaction of its own: logged as the transaction is, per entry. */
export const fhirBatchEntry = defineUseCase({
  name: 'fhir.batch-entry',
  action: 'create',
  resourceType: 'Bundle',
  patients: () => [],
  run: (em, actor, { entry, options }: { entry: BundleEntry; options: BundleOptions }) => runEntry(em, actor, entry, options),
  logged: (result) => ({ patientIds: patientsOfEntries([result.resource]), details: { entries: 1 } }),
});
