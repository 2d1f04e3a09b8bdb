import { getOnlyAction } from '../http.server';
import { patientSearchRoute } from '../patient-search.server';

// Contract: the term's first letter is capitalised before given names are matched.
export const loader = patientSearchRoute({ channel: 'api', capitaliseTerm: true });
export const action = getOnlyAction;
