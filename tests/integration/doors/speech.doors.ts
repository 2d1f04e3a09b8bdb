import { handOutSpeechToken } from '../../../domain/speech/speech.use-cases';
import { json } from '../../support/http';
import { doorCase, statusOf } from './doors';

export const cases = [
  doorCase({
    useCase: handOutSpeechToken,
    // About no patient: the rows compared are the clinician's (the stack's provider is a loopback stand-in).
    arrange: async () => ({ patientId: '' }),
    doors: {
      assistant: ({ cookie }) => statusOf(json('/api/speech/token', { method: 'POST', cookie })),
    },
  }),
];
