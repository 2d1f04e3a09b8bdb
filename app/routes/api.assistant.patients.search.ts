import { getOnlyAction } from '../http.server';
import { patientSearchRoute } from '../patient-search.server';

export const loader = patientSearchRoute({ channel: 'assistant' });
export const action = getOnlyAction;
