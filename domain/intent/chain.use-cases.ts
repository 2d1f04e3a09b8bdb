import { defineUseCase } from '../audit/use-case';
import { chainPatientIds, type ChainState } from './chain';

/**
 * `GET /api/intent/chains/{id}`: the clinician's chain as it stands, and that reading in the access
 * log, naming the patients its steps show. The state comes from the workflow (the app's Temporal
 * client hands it in as `state`); another clinician's chain is a 404.
 */
export const readChainState = defineUseCase({
  name: 'chain.read',
  action: 'read',
  resourceType: 'IntentChain',
  patients: (_em, _input: { chainId: string; state: () => Promise<ChainState> }) => [],
  resourceOf: ({ chainId }) => chainId,
  run: (_em, _actor, { state }) => state(),
  logged: (state) => ({ patientIds: chainPatientIds(state) }),
});
