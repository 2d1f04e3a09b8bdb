import { generateBsn } from '../../../domain/demo/patient-generator';
import { registerPatient } from '../../support/factories';

/** A new patient of the clinician's organisation, registered through the API. */
export const newPatient = (cookie: string) =>
  registerPatient(cookie, { identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }] });
