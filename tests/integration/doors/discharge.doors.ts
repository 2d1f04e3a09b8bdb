import { dischargeEpisode } from '../../../domain/discharge/discharge.use-cases';
import { asOwner } from '../../support/factories';
import { clinicalToday } from '../../../domain/shared/clinical-time';
import { json, request } from '../../support/http';
import { confirm, preparedChain } from './agenda.doors';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

/** Discharge (ADR 0080): the API, the record page's form and the assistant's confirmed step leave the same access-log rows. */

const activePatient = async (clinician: { cookie: string; organisationId: string }) => {
  const patientId = await newPatient(clinician.cookie);
  await asOwner(clinician.organisationId, (db) => db.query(`update patients set episode_status = 'active' where id = $1`, [patientId]));
  return patientId;
};

export const cases = [
  doorCase({
    useCase: dischargeEpisode,
    // The assistant's plan is made beforehand (its preparation reads the patient); the door is the confirmation.
    arrange: async (clinician) => {
      const patientId = await activePatient(clinician);
      const chainId = await preparedChain(clinician.cookie, { intent: 'ontslag', entities: { patientId } });
      return { patientId, chainId };
    },
    doors: {
      api: ({ cookie }, { patientId }) =>
        statusOf(json(`/api/patients/${patientId}/discharge`, { method: 'POST', cookie, body: { reasonCode: 'behandeling-afgerond' } })),
      page: ({ cookie }, { patientId }) =>
        statusOf(
          request(`/patients/${patientId}?index`, {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ intent: 'ontslag', reasonCode: 'behandeling-afgerond', reason: '', dischargedOn: clinicalToday() }),
          }),
        ),
      assistant: ({ cookie }, { chainId }) => confirm(cookie, chainId),
    },
  }),
];
