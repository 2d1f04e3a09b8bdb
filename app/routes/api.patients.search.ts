import { patientSearchRoute } from '../patient-search.server';

export const loader = patientSearchRoute({ channel: 'api' });
