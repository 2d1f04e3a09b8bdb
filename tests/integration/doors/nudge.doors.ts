import { openNudgesOf } from '../../../domain/nudge/nudge.use-cases';
import { asOwner, createNudge } from '../../support/factories';
import { request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

export const cases = [
  doorCase({
    useCase: openNudgesOf,
    // One open reminder for the clinician, about a new patient (earlier ones dealt with).
    arrange: async ({ cookie, organisationId, user }) => {
      const patientId = await newPatient(cookie);
      await asOwner(organisationId, (db) =>
        db.query('update nudges set dismissed_at = now() where user_id = $1 and dismissed_at is null', [user.id]),
      );
      await createNudge(organisationId, { userId: user.id, patientId, text: 'Brief wacht op beoordeling.', href: '/brieven' });
      return { patientId };
    },
    doors: {
      assistant: ({ cookie }) => statusOf(request('/api/assistant/nudges', { cookie })),
    },
  }),
];
