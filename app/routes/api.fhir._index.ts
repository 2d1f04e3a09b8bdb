import { bundleOf, runBatch } from '../../domain/fhir/bundle';
import { fhirBatchEntry, fhirTransaction } from '../../domain/fhir/bundle.use-cases';
import { requireScope } from '../../domain/koppeling/koppeling.service';
import type { ScopeAccess } from '../../domain/koppeling/koppeling.schemas';
import { fhirRoute, readJson, strictHandling } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { perform } from '../tenant.server';

export const loader = fhirRoute(async () => {
  throw methodNotAllowed(['POST']);
});

/** `POST [base]`: a transaction (all or nothing) or a batch (each entry alone) Bundle. */
export const action = fhirRoute(async ({ request, actor, caller }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['POST']);
  const bundle = bundleOf(await readJson(request));
  const options = {
    canAccess: (type: string, access: ScopeAccess) => {
      if (caller.koppeling) requireScope(caller.koppeling, type, access);
    },
    strict: strictHandling(request),
  };
  if (bundle.type === 'transaction') return perform(actor, fhirTransaction, { bundle, options });
  return runBatch(bundle, (entry) => perform(actor, fhirBatchEntry, { entry, options }));
});
