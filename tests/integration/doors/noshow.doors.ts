import { dispatchNoShowLetter, noShowContextOf, ownNoShowAppointment } from '../../../domain/noshow/noshow.use-cases';
import { json } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';
import { approved, missedAppointment, registerNoShow, withLetter } from './gp-letter.doors';

export const cases = [
  doorCase({
    useCase: noShowContextOf,
    arrange: async (clinician) => {
      const arranged = await withLetter(clinician);
      return { ...arranged, appointmentId: await missedAppointment(clinician, arranged.patientId) };
    },
    doors: { api: ({ cookie }, { appointmentId }) => statusOf(json(`/api/noshow/${appointmentId}/context`, { cookie })) },
  }),
  doorCase({
    useCase: ownNoShowAppointment,
    arrange: async (clinician) => {
      const patientId = await newPatient(clinician.cookie);
      return { patientId, appointmentId: await missedAppointment(clinician, patientId) };
    },
    doors: { api: ({ cookie }, { appointmentId }) => statusOf(registerNoShow(cookie, appointmentId)) },
  }),
  doorCase({
    useCase: dispatchNoShowLetter,
    role: 'psychiater',
    arrange: approved,
    doors: { api: ({ cookie }, { appointmentId }) => statusOf(json(`/api/noshow/${appointmentId}/dispatch`, { method: 'PATCH', cookie })) },
  }),
];
