import type { AuditEvent as FhirAuditEvent, AuditEventAgent, AuditEventEntity, Coding } from '@medplum/fhirtypes';
import { roleLabel } from '../auth/auth.schemas';
import type { EntityManager } from '../db/orm';
import { patientReference, practitionerReferences, type ClinicalResource } from '../fhir/clinical';
import { r4SearchParameters } from '../fhir/r4-search-parameters';
import { anyOf, codeParameter, dateParameter, idParameter, inList, nothing, values, type SearchParameter } from '../fhir/search';
import { isUuid } from '../shared/ids';
import type { AuditAction, AuditOutcome } from './audit.entity';
import { auditActionLabels, auditChannelLabels, auditOutcomeLabels } from './audit.labels';

/*
 * The access log (NEN 7513) as FHIR AuditEvent (issue 46, build point 6, ADR 0085), read-only:
 * one AuditEvent per row of `audit_events`, as the record's "Toegang" tab shows it. Who acted is
 * the agent (a clinician as `Practitioner/<id>`, a beheerder or a koppeling by name), the patients
 * whose data it was are entities with role Patient, and what was read or written is one more
 * entity. Only a koppeling with its own scope `system/AuditEvent.read` reads it; a clinician sees
 * one patient's log on the tab. Row-level security keeps it to the caller's organisation.
 */

const restfulInteraction = 'http://hl7.org/fhir/restful-interaction';
const ownActionSystem = 'https://ggz-epd.nl/fhir/CodeSystem/toegangslog-handeling';
const ownResourceSystem = 'https://ggz-epd.nl/fhir/CodeSystem/toegangslog-onderdeel';
export const koppelingSystem = 'https://ggz-epd.nl/fhir/NamingSystem/koppeling';

/** The product's action as FHIR's CRUDE code and as the REST interaction it is. */
const actionCodes: Record<AuditAction, { action: NonNullable<FhirAuditEvent['action']>; interaction: string }> = {
  read: { action: 'R', interaction: 'read' },
  search: { action: 'E', interaction: 'search-type' },
  create: { action: 'C', interaction: 'create' },
  update: { action: 'U', interaction: 'update' },
  delete: { action: 'D', interaction: 'delete' },
  export: { action: 'R', interaction: 'operation' },
};

/** Success is 0; a refusal (403) a minor failure (4), anything else that failed a serious one (8). */
const outcomeCodes: Record<AuditOutcome, NonNullable<FhirAuditEvent['outcome']>> = { success: '0', denied: '4', failure: '8' };

interface AccessRow {
  id: string;
  organisation_id: string;
  occurred_at: Date | string;
  user_id: string | null;
  user_role: string | null;
  on_behalf_of: string | null;
  action: AuditAction;
  resource_type: string;
  resource_id: string | null;
  patient_ids: string[];
  channel: string;
  client_address: string | null;
  outcome: AuditOutcome;
  reason: string | null;
  koppeling_name: string | null;
}

const personCoding: Coding = {
  system: 'http://terminology.hl7.org/CodeSystem/extra-security-role-type',
  code: 'humanuser',
  display: 'human user',
};
const applicationCoding: Coding = { system: 'http://dicom.nema.org/resources/ontology/DCM', code: '110150', display: 'Application' };

function agentsOf(row: AccessRow, person: AuditEventAgent['who']): AuditEventAgent[] {
  const koppeling = row.user_role === 'koppeling';
  const who: AuditEventAgent['who'] = koppeling
    ? {
        ...(row.user_id ? { identifier: { system: koppelingSystem, value: row.user_id } } : {}),
        display: row.koppeling_name ?? 'Koppeling',
      }
    : (person ?? { display: 'Onbekende gebruiker' });
  return [
    {
      type: { coding: [koppeling ? applicationCoding : personCoding] },
      ...(row.user_role ? { role: [{ text: koppeling ? 'Koppeling' : roleLabel(row.user_role) }] } : {}),
      who,
      requestor: true,
      ...(row.client_address ? { network: { address: row.client_address, type: '2' as const } } : {}),
    },
    ...(row.on_behalf_of ? [{ who: { display: row.on_behalf_of }, requestor: false, role: [{ text: 'Namens' }] }] : []),
  ];
}

function entitiesOf(row: AccessRow): AuditEventEntity[] {
  const patients: AuditEventEntity[] = row.patient_ids.map((patientId) => ({
    what: patientReference(patientId),
    type: { system: 'http://terminology.hl7.org/CodeSystem/audit-entity-type', code: '1', display: 'Person' },
    role: { system: 'http://terminology.hl7.org/CodeSystem/object-role', code: '1', display: 'Patient' },
  }));
  // The patient read is already named above; any other resource (or a search of a type) is one more entity.
  if (row.resource_type === 'Patient' && row.resource_id && row.patient_ids.includes(row.resource_id)) return patients;
  const served = Object.hasOwn(r4SearchParameters, row.resource_type);
  const resource: AuditEventEntity = {
    ...(row.resource_id
      ? {
          what: served
            ? { reference: `${row.resource_type}/${row.resource_id}` }
            : { identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${row.resource_id}` }, display: row.resource_type },
        }
      : {}),
    type: served
      ? { system: 'http://hl7.org/fhir/resource-types', code: row.resource_type }
      : { system: ownResourceSystem, code: row.resource_type },
    role: { system: 'http://terminology.hl7.org/CodeSystem/object-role', code: '4', display: 'Domain Resource' },
  };
  return [...patients, resource];
}

export function toFhirAuditEvent(row: AccessRow, person: AuditEventAgent['who']): FhirAuditEvent {
  const recorded = new Date(row.occurred_at).toISOString();
  const { action, interaction } = actionCodes[row.action];
  return {
    resourceType: 'AuditEvent',
    id: row.id,
    // The log is append-only: a row has one version, from the moment it was written.
    meta: { versionId: '1', lastUpdated: recorded },
    type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest', display: 'RESTful Operation' },
    subtype: [
      { system: restfulInteraction, code: interaction },
      { system: ownActionSystem, code: row.action, display: auditActionLabels[row.action] },
    ],
    action,
    recorded,
    outcome: outcomeCodes[row.outcome],
    ...(row.outcome !== 'success'
      ? { outcomeDesc: row.reason ? `${auditOutcomeLabels[row.outcome]} (${row.reason})` : auditOutcomeLabels[row.outcome] }
      : {}),
    agent: agentsOf(row, person),
    source: {
      site: auditChannelLabels[row.channel] ?? row.channel,
      observer: { reference: `Organization/${row.organisation_id}` },
      type: [{ system: 'http://terminology.hl7.org/CodeSystem/security-source-type', code: '4', display: 'Application Server' }],
    },
    entity: entitiesOf(row),
  };
}

async function loadAccessRows(em: EntityManager, ids: readonly string[]): Promise<AccessRow[]> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return [];
  return em.execute<AccessRow[]>(
    `select a.id, a.organisation_id, a.occurred_at, a.user_id, a.user_role, a.on_behalf_of, a.action, a.resource_type,
            a.resource_id, a.patient_ids, a.channel, a.client_address, a.outcome, a.details->>'reason' as reason, k.name as koppeling_name
       from audit_events a left join koppelingen k on k.id = a.user_id and a.user_role = 'koppeling'
      where a.id in (${wanted.map(() => '?').join(', ')})`,
    [...wanted],
  );
}

/** `patient_ids && array[…]`: only the overlap operator is leakproof (ADR 0005), so only it uses the GIN index under RLS. */
const concerning = (patientIds: string[]) =>
  patientIds.length ? { sql: `patient_ids && array[${patientIds.map(() => '?').join(', ')}]::uuid[]`, params: patientIds } : nothing;

const idsOf = (value: string, type: string) =>
  values(value)
    .map((part) => part.replace(new RegExp(`^(?:.*/)?${type}/`), ''))
    .filter(isUuid);

const patientParameter: SearchParameter = {
  type: 'reference',
  documentation: 'De patiënt wiens gegevens het betrof, als Patient/<id> of <id>.',
  condition: (value) => concerning(idsOf(value, 'Patient')),
};

/** `entity`: a patient (the rows that concern them), another resource by `<Type>/<id>`, or `<id>` for either. */
const entityParameter: SearchParameter = {
  type: 'reference',
  documentation: 'Wat werd ingezien of gewijzigd: Patient/<id> (alles over die patiënt), <Type>/<id> (die resource) of <id>.',
  condition: (value) =>
    anyOf(
      values(value).map((part) => {
        const match = /^(?:.*\/)?([A-Z][A-Za-z]+)\/([^/]+)$/.exec(part);
        const [type, id] = match ? [match[1]!, match[2]!] : [null, part];
        if (!isUuid(id)) return nothing;
        if (type === 'Patient') return concerning([id]);
        if (type) return { sql: '(resource_type = ? and resource_id = ?)', params: [type, id] };
        return anyOf([concerning([id]), { sql: 'resource_id = ?', params: [id] }]);
      }),
    ),
};

const agentParameter: SearchParameter = {
  type: 'reference',
  documentation: 'Wie het deed: een zorgverlener als Practitioner/<id>, of het id van een gebruiker of koppeling.',
  condition: (value) =>
    inList(
      'user_id',
      values(value)
        .map((part) => part.replace(/^(?:.*\/)?Practitioner\//, ''))
        .filter(isUuid),
    ),
};

const actionsByCode = (pick: (action: AuditAction) => string) => (code: string) => {
  const found = (Object.keys(actionCodes) as AuditAction[]).filter((action) => pick(action) === code);
  return found.length ? found : null;
};

export const auditEventResource: ClinicalResource<FhirAuditEvent> = {
  documentation:
    'Het toegangslog (NEN 7513), alleen lezen: één AuditEvent per regel, met wie (agent), welke patiënt (entity) en wat; alleen voor een koppeling met de eigen scope system/AuditEvent.read (system/*.read geeft er geen toegang toe). Ook dit lezen staat in het log.',
  async load(em, ids) {
    const rows = await loadAccessRows(em, ids);
    const people = await practitionerReferences(
      em,
      rows.filter((row) => row.user_role !== 'koppeling').map((row) => row.user_id),
    );
    return rows.map((row) => ({
      resource: toFhirAuditEvent(row, row.user_id ? people.get(row.user_id) : undefined),
      patientId: row.patient_ids[0] ?? null,
      patientIds: row.patient_ids,
    }));
  },
  search: {
    resourceType: 'AuditEvent',
    from: 'audit_events',
    parameters: {
      _id: idParameter,
      patient: patientParameter,
      entity: entityParameter,
      agent: agentParameter,
      date: dateParameter(
        'date',
        'occurred_at',
        true,
        'Tijdstip (recorded), met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
      _lastUpdated: dateParameter(
        '_lastUpdated',
        'occurred_at',
        true,
        'Gelijk aan date: een regel van het log verandert niet na het schrijven.',
      ),
      action: codeParameter('action', 'C, R, U, D of E (zoeken).', (code, system) =>
        system === null || system === 'http://hl7.org/fhir/audit-event-action'
          ? actionsByCode((action) => actionCodes[action].action)(code)
          : null,
      ),
      subtype: codeParameter(
        'action',
        `REST-handeling als ${restfulInteraction}|<code> (read, search-type, create, update, delete, operation) of de eigen handeling als ${ownActionSystem}|<handeling>.`,
        (code, system) =>
          system === ownActionSystem
            ? Object.hasOwn(actionCodes, code)
              ? code
              : null
            : system === null || system === restfulInteraction
              ? actionsByCode((action) => actionCodes[action].interaction)(code)
              : null,
      ),
      outcome: codeParameter('outcome', '0 (gelukt), 4 (geweigerd) of 8 (mislukt).', (code, system) => {
        if (system !== null && system !== 'http://hl7.org/fhir/audit-event-outcome') return null;
        const found = (Object.keys(outcomeCodes) as AuditOutcome[]).filter((outcome) => outcomeCodes[outcome] === code);
        return found.length ? found : null;
      }),
    },
    sortOrders: { '-date': 'occurred_at desc, id asc', date: 'occurred_at asc, id asc' },
  },
};
