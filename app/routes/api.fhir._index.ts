import { bundleOf, runBatch, runTransaction } from '../../domain/fhir/bundle';
import { requireScope } from '../../domain/koppeling/koppeling.service';
import type { ScopeAccess } from '../../domain/koppeling/koppeling.schemas';
import { fhirRoute, readJson, strictHandling } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { audited } from '../tenant.server';

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
  if (bundle.type === 'transaction')
    return audited(actor, { action: 'create', resourceType: 'Bundle', details: { entries: bundle.entry?.length ?? 0 } }, (em) =>
      runTransaction(em, actor, bundle, options),
    );
  return runBatch(bundle, (work) => audited(actor, { action: 'create', resourceType: 'Bundle' }, work), actor, options);
});
