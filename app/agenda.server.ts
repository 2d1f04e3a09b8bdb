import { AppError } from '../domain/shared/errors';
import { appointmentDurations } from '../domain/agenda/agenda.schemas';
import { instantOf } from './form.server';

// The agenda pages reach their use cases through this `.server` module: the same domain services
// (and ownership rules) as `/api/assistant/agenda/*`, never a second implementation.
export { noShowRefusal } from '../domain/agenda/agenda.service';
export {
  cancelAppointmentOf,
  moveAppointment,
  newAppointmentForm,
  planAppointment,
  readAppointment,
  undoCancellation,
  undoMove,
} from '../domain/agenda/agenda.use-cases';
export { noShowDeps } from './noshow.server';
export { rescriptNoShow, startNoShow } from '../temporal/noshow';

/** The agenda form as typed: a date, a clock time and a length instead of two instants. */
export interface AppointmentFormValues {
  patientId: string;
  type: string;
  datum: string;
  tijd: string;
  duur: string;
  location: string;
  practitionerId: string;
}

export function appointmentFormValues(form: FormData | URLSearchParams): AppointmentFormValues {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    patientId: text('patientId'),
    type: text('type'),
    datum: text('datum'),
    tijd: text('tijd'),
    duur: text('duur'),
    location: text('location'),
    practitionerId: text('practitionerId'),
  };
}

/** The form's values → the input `planAppointment` takes (the API's shape). */
export function appointmentInput(values: AppointmentFormValues) {
  const start = instantOf(values.datum, values.tijd);
  const minutes = Number(values.duur || 45);
  if (!(appointmentDurations as readonly number[]).includes(minutes)) throw AppError.validation({ duur: 'Kies een duur uit de lijst.' });
  return {
    patientId: values.patientId || undefined,
    type: values.type || undefined,
    start,
    end: new Date(new Date(start).getTime() + minutes * 60_000).toISOString(),
    location: values.location || undefined,
    practitionerId: values.practitionerId || undefined,
  };
}

/** The service's field names → the form's. */
export function formFields(fields: Record<string, string>): Record<string, string> {
  const { start, end, ...rest } = fields;
  return { ...rest, ...(start ? { tijd: start } : {}), ...(end ? { duur: end } : {}) };
}

/** The agenda's own query (view, date, whose) carried along by every link and redirect of its panels. */
export function agendaQuery(url: URL, overrides: Record<string, string | null> = {}): string {
  const search = new URLSearchParams();
  for (const name of ['weergave', 'datum', 'van']) {
    const value = name in overrides ? overrides[name] : url.searchParams.get(name);
    if (value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
