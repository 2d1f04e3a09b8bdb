import { defineUseCase } from '../audit/use-case';
import type { SpeechProviderName, SpeechToken } from './speech.schemas';

/** The provider's answer, asked before and outside any transaction (a slow provider holds no connection). */
export interface ProviderAnswer {
  provider: SpeechProviderName;
  answer: { token: SpeechToken } | { error: unknown };
}

/**
 * A short-lived dictation token handed to the clinician's browser (ADR 0016): the row says which
 * provider and until when, never the token; a provider that failed is a failed attempt naming it.
 */
export const handOutSpeechToken = defineUseCase({
  name: 'speech.token',
  action: 'create',
  resourceType: 'SpeechToken',
  patients: () => [],
  run: async (_em, _actor, { answer }: ProviderAnswer) => {
    if ('error' in answer) throw answer.error;
    return answer.token;
  },
  logged: (token, { provider }) => ({ details: { provider, expiresAt: token.expiresAt } }),
  attemptDetails: ({ provider }) => ({ provider }),
});
