import type { Organization, Practitioner } from '@medplum/fhirtypes';
import type { ClinicalResource } from '../fhir/clinical';
import { namingSystems } from '../fhir/naming-systems';
import { anyOf, identifierParameter, invalidParameter, identifiersOf, idParameter, values, type SearchParameter } from '../fhir/search';
import { normalizeName } from '../patient/name-matching';
import { normalized } from '../patient/patient.fhir-search';
import { Organisation, User, clinicalRoles } from './auth.entities';
import { roleLabel } from './auth.schemas';

/*
 * Staff and the organisation in the FHIR API (issue 46, build point 6), read-only: a clinician
 * (psychiater, verpleegkundige) is a Practitioner, the caller's own organisation the one
 * Organization. A beheerder is no care provider and not served. Neither carries an e-mail address
 * or anything of the login; `meta.profile` stays out, since the name is one display text and not
 * the parts nl-core-HealthProfessional-Practitioner asks for. Row-level security keeps both to the
 * caller's organisation: another's id is a 404, a search never finds it.
 */

/** A part of the name, as a word or a piece of one (accents and case aside), or `:exact` as written. */
function nameParameter(column: string, documentation: string): SearchParameter {
  return {
    type: 'string',
    documentation,
    modifiers: ['exact', 'contains'],
    condition: (value, modifier) =>
      anyOf(
        values(value).map((part) =>
          modifier === 'exact'
            ? { sql: `${column} = ?`, params: [part] }
            : // `normalizeName` leaves only [a-z0-9 ], so the term holds no LIKE wildcard of its own.
              { sql: `${normalized(column)} like ?`, params: [`%${normalizeName(part)}%`] },
        ),
      ),
  };
}

const activeParameter = (sql: string): SearchParameter => ({
  type: 'token',
  documentation: 'true of false.',
  condition: (value) =>
    anyOf(
      values(value).map((part) => {
        if (part !== 'true' && part !== 'false') throw invalidParameter('active', 'Zoekparameter "active" is true of false.');
        return { sql: part === 'true' ? sql : `not (${sql})`, params: [] };
      }),
    ),
});

export function toFhirPractitioner(user: User): Practitioner {
  const identifier = identifiersOf([
    [namingSystems.agb, user.agbCode],
    [namingSystems.big, user.bigNumber],
    [namingSystems.uzi, user.uziNumber],
  ]);
  return {
    resourceType: 'Practitioner',
    id: user.id,
    ...(identifier.length ? { identifier } : {}),
    active: user.disabledAt === null || user.disabledAt === undefined,
    name: [{ text: user.displayName }],
    qualification: [{ code: { text: roleLabel(user.role) } }],
  };
}

export const practitionerResource: ClinicalResource<Practitioner> = {
  documentation:
    'Zorgverleners van de eigen instelling (psychiater, verpleegkundige), ook wie niet meer actief is (active false); met AGB, BIG en UZI waar bekend, zonder e-mailadres.',
  async load(em, ids) {
    const users = await em.find(User, { id: { $in: [...ids] }, role: { $in: [...clinicalRoles] } });
    return users.map((user) => ({ resource: toFhirPractitioner(user), patientId: null }));
  },
  search: {
    resourceType: 'Practitioner',
    from: `(select * from users where role in (${clinicalRoles.map((role) => `'${role}'`).join(', ')})) as practitioners`,
    parameters: {
      _id: idParameter,
      name: nameParameter(
        'display_name',
        'Deel van de naam (hoofdletters en accenten tellen niet); :exact vergelijkt de hele naam zoals geschreven.',
      ),
      identifier: identifierParameter(
        { [namingSystems.agb]: 'agb_code', [namingSystems.big]: 'big_number', [namingSystems.uzi]: 'uzi_number' },
        `AGB (${namingSystems.agb}), BIG (${namingSystems.big}) of UZI (${namingSystems.uzi}) als <systeem>|<nummer>, of alleen <nummer>.`,
      ),
      active: activeParameter('disabled_at is null'),
    },
    sortOrders: { name: 'display_name asc, id asc', '-name': 'display_name desc, id asc' },
  },
};

export function toFhirOrganization(organisation: Organisation): Organization {
  const identifier = identifiersOf([
    [namingSystems.agb, organisation.agbCode],
    [namingSystems.ura, organisation.uraNumber],
  ]);
  return {
    resourceType: 'Organization',
    id: organisation.id,
    ...(identifier.length ? { identifier } : {}),
    active: true,
    name: organisation.name,
  };
}

export const organizationResource: ClinicalResource<Organization> = {
  documentation: 'De eigen instelling, met AGB en URA waar bekend; een andere instelling is er niet.',
  async load(em, ids) {
    const organisations = await em.find(Organisation, { id: { $in: [...ids] } });
    return organisations.map((organisation) => ({ resource: toFhirOrganization(organisation), patientId: null }));
  },
  search: {
    resourceType: 'Organization',
    from: 'organisations',
    parameters: {
      _id: idParameter,
      name: nameParameter(
        'name',
        'Deel van de naam (hoofdletters en accenten tellen niet); :exact vergelijkt de hele naam zoals geschreven.',
      ),
      identifier: identifierParameter(
        { [namingSystems.agb]: 'agb_code', [namingSystems.ura]: 'ura_number' },
        `AGB (${namingSystems.agb}) of URA (${namingSystems.ura}) als <systeem>|<nummer>, of alleen <nummer>.`,
      ),
      active: activeParameter('true'),
    },
    sortOrders: { name: 'name asc, id asc', '-name': 'name desc, id asc' },
  },
};
