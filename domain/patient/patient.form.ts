import type { PatientInput } from './patient.schemas';
import type { PatientView } from './patient.service';

/** The form's fields, flat, as typed: kept to refill the form after an error. */
export type PatientFormValues = Record<(typeof patientFormFields)[number], string>;

export const patientFormFields = [
  'nameGiven',
  'namePrefix',
  'familyName',
  'bsn',
  'johnDoe',
  'birthDate',
  'gender',
  'address.street',
  'address.postalCode',
  'address.city',
  'contact.phone',
  'contact.email',
  'insurance.company',
  'insurance.policyNumber',
  'episodeStatus',
  'room',
] as const;

export function formValues(form: FormData): PatientFormValues {
  return Object.fromEntries(patientFormFields.map((field) => [field, String(form.get(field) ?? '')])) as PatientFormValues;
}

export function formValuesOf(patient: PatientView): PatientFormValues {
  return {
    nameGiven: patient.nameGiven.join(' '),
    namePrefix: patient.namePrefix ?? '',
    familyName: patient.johnDoe && patient.familyName === 'Onbekend' ? '' : patient.familyName,
    bsn: patient.bsn ?? '',
    johnDoe: patient.johnDoe ? 'on' : '',
    birthDate: patient.birthDate ?? '',
    gender: patient.gender,
    'address.street': patient.address.street ?? '',
    'address.postalCode': patient.address.postalCode ?? '',
    'address.city': patient.address.city ?? '',
    'contact.phone': patient.contact.phone ?? '',
    'contact.email': patient.contact.email ?? '',
    'insurance.company': patient.insurance.company ?? '',
    'insurance.policyNumber': patient.insurance.policyNumber ?? '',
    episodeStatus: patient.episodeStatus,
    room: patient.room ?? '',
  };
}

/** Form values → the shared patient input: given names are typed space-separated. */
export function patientInputFromForm(values: PatientFormValues): PatientInput {
  return {
    nameGiven: values.nameGiven.split(/\s+/).filter(Boolean),
    namePrefix: values.namePrefix,
    familyName: values.familyName,
    bsn: values.bsn,
    johnDoe: values.johnDoe === 'on' || values.johnDoe === 'true',
    birthDate: values.birthDate,
    gender: (values.gender || 'unknown') as PatientInput['gender'],
    address: { street: values['address.street'], postalCode: values['address.postalCode'], city: values['address.city'] },
    contact: { phone: values['contact.phone'], email: values['contact.email'] },
    insurance: { company: values['insurance.company'], policyNumber: values['insurance.policyNumber'] },
    episodeStatus: (values.episodeStatus || undefined) as PatientInput['episodeStatus'],
    room: values.room,
  };
}

/** Field errors keyed like the form's fields ("nameGiven.1" belongs to the one "nameGiven" input). */
export function formFieldErrors(fields: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.replace(/\.\d+$/, '');
    result[key] ??= message;
  }
  return result;
}
