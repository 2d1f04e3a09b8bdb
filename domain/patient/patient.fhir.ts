import type { Extension, HumanName, Patient as BasePatient, PatientContact } from '@medplum/fhirtypes';
import type { ContactPersonView, ContactRelation } from './contact-persons.schemas';
import { AppError } from '../shared/errors';
import { z } from '../shared/validation';
import type { PatientInput } from './patient.schemas';
import type { PatientView } from './patient.service';

export const bsnSystem = 'http://fhir.nl/fhir/NamingSystem/bsn';
const base = 'https://ggz-epd.nl/fhir/StructureDefinition';
export const extensionUrls = {
  episodeStatus: `${base}/episode-status`,
  insurance: `${base}/insurance`,
  johnDoe: `${base}/john-doe`,
  ownPrefix: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix',
  ownName: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name',
} as const;

/** FHIR primitives carry extensions in a sibling `_name` element (nl-core puts the prefix there). */
export type FhirPatient = Omit<BasePatient, 'name'> & { name?: (HumanName & { _family?: { extension: Extension[] } })[] };

/**
 * PatientView → FHIR R4 Patient. The name follows nl-core-HumanName: `family` is the whole family
 * name ("van der Berg"), with the prefix and the own name in their HL7 extensions on `_family`.
 */
const relationshipSystem = 'http://terminology.hl7.org/CodeSystem/v2-0131';
const family: readonly ContactRelation[] = [
  'moeder',
  'vader',
  'partner',
  'echtgenoot',
  'echtgenote',
  'zoon',
  'dochter',
  'broer',
  'zus',
  'kind',
  'familielid',
];
/** HL7 v2 table 0131: family is next of kin (N), everyone else a contact person (CP); the Dutch relation is the text. */
function relationshipCode(relation: ContactRelation): { code: string; display: string } {
  return family.includes(relation) ? { code: 'N', display: 'Next-of-Kin' } : { code: 'CP', display: 'Contact person' };
}

function fhirContact(contact: ContactPersonView): PatientContact {
  const telecom = [
    ...(contact.phone ? [{ system: 'phone' as const, value: contact.phone }] : []),
    ...(contact.email ? [{ system: 'email' as const, value: contact.email }] : []),
  ];
  return {
    id: contact.id,
    relationship: [{ coding: [{ system: relationshipSystem, ...relationshipCode(contact.relation) }], text: contact.relation }],
    name: { text: contact.name },
    ...(telecom.length ? { telecom } : {}),
  };
}

export function toFhirPatient(patient: PatientView, contacts: readonly ContactPersonView[] = []): FhirPatient {
  const family = [patient.namePrefix, patient.familyName].filter(Boolean).join(' ');
  const familyParts: Extension[] = [
    ...(patient.namePrefix ? [{ url: extensionUrls.ownPrefix, valueString: patient.namePrefix }] : []),
    { url: extensionUrls.ownName, valueString: patient.familyName },
  ];
  const telecom = [
    ...(patient.contact.phone ? [{ system: 'phone' as const, value: patient.contact.phone }] : []),
    ...(patient.contact.email ? [{ system: 'email' as const, value: patient.contact.email }] : []),
  ];
  const hasAddress = patient.address.street || patient.address.postalCode || patient.address.city;
  return {
    resourceType: 'Patient',
    id: patient.id,
    meta: { versionId: String(patient.version), lastUpdated: patient.updatedAt },
    extension: [
      { url: extensionUrls.episodeStatus, valueCode: patient.episodeStatus },
      // Always present: no insurance is the explicit {"company":null,"policyNumber":null}, not a missing extension.
      { url: extensionUrls.insurance, valueString: JSON.stringify(patient.insurance) },
      ...(patient.johnDoe ? [{ url: extensionUrls.johnDoe, valueBoolean: true }] : []),
    ],
    ...(patient.bsn ? { identifier: [{ system: bsnSystem, value: patient.bsn }] } : {}),
    name: [
      {
        use: patient.johnDoe ? 'anonymous' : 'official',
        text: patient.displayName,
        family,
        _family: { extension: familyParts },
        ...(patient.nameGiven.length ? { given: patient.nameGiven } : {}),
      },
    ],
    ...(telecom.length ? { telecom } : {}),
    gender: patient.gender,
    ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
    ...(contacts.length ? { contact: contacts.map(fhirContact) } : {}),
    ...(hasAddress
      ? {
          address: [
            {
              use: 'home',
              ...(patient.address.street ? { line: [patient.address.street] } : {}),
              ...(patient.address.postalCode ? { postalCode: patient.address.postalCode } : {}),
              ...(patient.address.city ? { city: patient.address.city } : {}),
              country: 'NL',
            },
          ],
        }
      : {}),
  };
}

/** The ETag of a resource version, as FHIR writes it. */
export const etagOf = (patient: PatientView): string => `W/"${patient.version}"`;

/** `If-Match: W/"3"` (or `"3"`) → 3; absent → undefined; anything else is a 400. */
export function expectedVersion(ifMatch: string | null): number | undefined {
  if (ifMatch === null) return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(ifMatch);
  if (!match) throw AppError.validation({ 'If-Match': 'If-Match moet een versie zijn zoals W/"3".' });
  return Number(match[1]);
}

// The incoming shape is checked loosely here (types only); the clinical rules live in patientInputSchema.
const fhirExtension = z.object({
  url: z.string(),
  valueCode: z.string().optional(),
  valueString: z.string().optional(),
  valueBoolean: z.boolean().optional(),
});
const fhirPatientSchema = z.object({
  resourceType: z.literal('Patient', { error: 'Het veld resourceType moet "Patient" zijn.' }),
  extension: z.array(fhirExtension, { error: 'Het veld extension moet een lijst zijn.' }).optional(),
  identifier: z
    .array(z.object({ system: z.string().optional(), value: z.string().optional() }), { error: 'Het veld identifier moet een lijst zijn.' })
    .optional(),
  name: z
    .array(
      z.object({
        family: z.string({ error: 'Het veld name.family moet tekst zijn.' }).optional(),
        _family: z.object({ extension: z.array(fhirExtension).optional() }).optional(),
        given: z
          .array(z.string({ error: 'Het veld name.given bevat alleen tekst.' }), { error: 'Het veld name.given moet een lijst zijn.' })
          .optional(),
      }),
      { error: 'Het veld name moet een lijst met ten minste één naam zijn.' },
    )
    .min(1, 'Vul ten minste één naam in (name).')
    .optional(),
  telecom: z
    .array(z.object({ system: z.string().optional(), value: z.string().optional() }), { error: 'Het veld telecom moet een lijst zijn.' })
    .optional(),
  gender: z.string({ error: 'Het veld gender moet tekst zijn.' }).optional(),
  birthDate: z.string({ error: 'Het veld birthDate moet een datum (JJJJ-MM-DD) zijn.' }).optional(),
  address: z
    .array(z.object({ line: z.array(z.string()).optional(), postalCode: z.string().optional(), city: z.string().optional() }), {
      error: 'Het veld address moet een lijst zijn.',
    })
    .optional(),
});

const insuranceJson = z.object({ company: z.string().nullish(), policyNumber: z.string().nullish() });

/** A zod path in the body → its FHIRPath: ['name', 0, 'family'] → Patient.name[0].family. */
const fhirPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((expression, key) => (typeof key === 'number' ? `${expression}[${key}]` : `${expression}.${String(key)}`), 'Patient');
const insurancePath = `Patient.extension.where(url='${extensionUrls.insurance}').valueString`;

function fieldError(path: string, message: string): AppError {
  return AppError.validation({ [path]: message });
}

const stored = {
  top: [
    'resourceType',
    'id',
    'meta',
    'text',
    'extension',
    'identifier',
    'name',
    'telecom',
    'gender',
    'birthDate',
    'address',
    'contact',
    'active',
  ],
  name: ['use', 'text', 'family', '_family', 'given'],
  telecom: ['system', 'value'],
  address: ['use', 'line', 'postalCode', 'city', 'country'],
} as const;
const notKept = (what: string) => `${what} wordt niet bewaard in het dossier.`;

/**
 * Every element of the body the record cannot keep, by its FHIRPath: `generalPractitioner`,
 * `maritalStatus`, `telecom.use`, an address part, … A write keeps the rest and returns these as
 * warnings, or refuses them all under `Prefer: handling=strict` (`unstoredOrRefused`); never a
 * silent 201 with less than was sent. (`meta` and `text` are the server's; `contact` is kept in the
 * record's contact persons and only read here.)
 */
export function unstoredElements(body: unknown, { creating }: { creating: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return problems;
  const resource = body as Record<string, unknown>;
  const listOf = (key: string) => (Array.isArray(resource[key]) ? (resource[key] as Record<string, unknown>[]) : []);
  const keys = (item: unknown) => (item && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : []);
  for (const key of Object.keys(resource))
    if (!(stored.top as readonly string[]).includes(key)) problems[`Patient.${key}`] = notKept(`Patient.${key}`);
  if (creating && resource.contact !== undefined)
    problems['Patient.contact'] = 'Contactpersonen leg je vast in het dossier (Contactpersonen), niet via Patient.contact.';
  if (resource.active === false) problems['Patient.active'] = notKept('Patient.active = false');
  const known = new Set<string>([extensionUrls.episodeStatus, extensionUrls.insurance, extensionUrls.johnDoe]);
  listOf('extension').forEach((item, index) => {
    if (!known.has(String(item?.url))) problems[`Patient.extension[${index}]`] = notKept(`De extensie ${String(item?.url)}`);
  });
  listOf('identifier').forEach((item, index) => {
    if (item?.system !== bsnSystem)
      problems[`Patient.identifier[${index}]`] = notKept(`Een identificatie anders dan het BSN (${bsnSystem})`);
    for (const key of keys(item))
      if (key !== 'system' && key !== 'value') problems[`Patient.identifier[${index}].${key}`] = notKept(`identifier.${key}`);
  });
  listOf('name').forEach((item, index) => {
    if (index > 0) problems[`Patient.name[${index}]`] = notKept('Een tweede naam');
    for (const key of keys(item))
      if (!(stored.name as readonly string[]).includes(key)) problems[`Patient.name[${index}].${key}`] = notKept(`name.${key}`);
  });
  const seen = new Set<unknown>();
  listOf('telecom').forEach((item, index) => {
    if (item?.system !== 'phone' && item?.system !== 'email')
      problems[`Patient.telecom[${index}]`] = notKept('Alleen één telefoonnummer en één e-mailadres; dit telecom-element');
    else if (seen.has(item.system))
      problems[`Patient.telecom[${index}]`] = notKept(`Een tweede ${item.system === 'phone' ? 'telefoonnummer' : 'e-mailadres'}`);
    seen.add(item?.system);
    for (const key of keys(item))
      if (!(stored.telecom as readonly string[]).includes(key)) problems[`Patient.telecom[${index}].${key}`] = notKept(`telecom.${key}`);
  });
  listOf('address').forEach((item, index) => {
    if (index > 0) problems[`Patient.address[${index}]`] = notKept('Een tweede adres');
    for (const key of keys(item))
      if (!(stored.address as readonly string[]).includes(key)) problems[`Patient.address[${index}].${key}`] = notKept(`address.${key}`);
    // The record holds one home address: another use would come back as `home`.
    if (item?.use !== undefined && item.use !== 'home')
      problems[`Patient.address[${index}].use`] = notKept(`address.use = ${String(item.use)}`);
    if (item?.country !== undefined && !['NL', 'Nederland'].includes(String(item.country)))
      problems[`Patient.address[${index}].country`] = notKept('Een land anders dan NL');
  });
  return problems;
}

/**
 * The elements of a write the record cannot keep (FHIRPath → Dutch message), to return as warnings
 * with the write; under `Prefer: handling=strict` a 400 naming each, and nothing is stored.
 */
export function unstoredOrRefused(body: unknown, { creating, strict }: { creating: boolean; strict: boolean }): Record<string, string> {
  const unstored = unstoredElements(body, { creating });
  if (strict && Object.keys(unstored).length)
    throw new AppError('validation_failed', 'De patiënt bevat gegevens die het dossier niet bewaart; er is niets opgeslagen.', {
      fields: unstored,
      issueCode: 'not-supported',
    });
  return unstored;
}

/** FHIR R4 Patient → the product's patient input (what the record keeps); the insurance extension's JSON is parsed back. */
export function fromFhirPatient(body: unknown): PatientInput {
  const parsed = fhirPatientSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(fhirPath(issue.path), issue.message);
  }
  const resource = parsed.data;
  const extension = (url: string) => resource.extension?.find((item) => item.url === url);
  const name = resource.name?.[0];
  const familyParts = name?._family?.extension ?? [];
  const prefix = familyParts.find((item) => item.url === extensionUrls.ownPrefix)?.valueString;
  const ownName = familyParts.find((item) => item.url === extensionUrls.ownName)?.valueString;
  const family = ownName ?? (prefix && name?.family?.startsWith(`${prefix} `) ? name.family.slice(prefix.length + 1) : name?.family);

  let insurance: PatientInput['insurance'] = {};
  const insuranceValue = extension(extensionUrls.insurance)?.valueString;
  if (insuranceValue !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(insuranceValue);
    } catch {
      throw fieldError(insurancePath, 'De verzekeringsextensie bevat geen geldige JSON.');
    }
    const value = insuranceJson.safeParse(json);
    if (!value.success)
      throw fieldError(insurancePath, 'De verzekeringsextensie moet {"company", "policyNumber"} als tekst of null bevatten.');
    insurance = { company: value.data.company ?? undefined, policyNumber: value.data.policyNumber ?? undefined };
  }

  const status = extension(extensionUrls.episodeStatus)?.valueCode;
  const address = resource.address?.[0];
  return {
    namePrefix: prefix,
    nameGiven: name?.given ?? [],
    familyName: family,
    bsn: resource.identifier?.find((item) => item.system === bsnSystem)?.value,
    johnDoe: extension(extensionUrls.johnDoe)?.valueBoolean ?? false,
    birthDate: resource.birthDate,
    gender: (resource.gender ?? 'unknown') as PatientInput['gender'],
    address: { street: address?.line?.join(', '), postalCode: address?.postalCode, city: address?.city },
    contact: {
      phone: resource.telecom?.find((item) => item.system === 'phone')?.value,
      email: resource.telecom?.find((item) => item.system === 'email')?.value,
    },
    insurance,
    episodeStatus: status as PatientInput['episodeStatus'],
  };
}
