import { Migration20261122000000Foundation } from './Migration20261122000000Foundation';
import { Migration20261122010000Patients } from './Migration20261122010000Patients';
import { Migration20261122020000Reports } from './Migration20261122020000Reports';
import { Migration20261122030000Clinical } from './Migration20261122030000Clinical';
import { Migration20261122040000Agenda } from './Migration20261122040000Agenda';
import { Migration20261122050000SessionLookup } from './Migration20261122050000SessionLookup';
import { Migration20261122060000Assistant } from './Migration20261122060000Assistant';
import { Migration20261122070000Handover } from './Migration20261122070000Handover';
import { Migration20261122080000HandoverOverview } from './Migration20261122080000HandoverOverview';
import { Migration20261122100000TreatmentPlans } from './Migration20261122100000TreatmentPlans';
import { Migration20261122110000OpsRole } from './Migration20261122110000OpsRole';
import { Migration20261122120000NoShowLetters } from './Migration20261122120000NoShowLetters';
import { Migration20261122150000Performance } from './Migration20261122150000Performance';
import { Migration20261122160000WardOrder } from './Migration20261122160000WardOrder';
import { Migration20261122170000PatientCounts } from './Migration20261122170000PatientCounts';
import { Migration20261122180000SessionLookupCall } from './Migration20261122180000SessionLookupCall';
import { Migration20261122190000AgendaVersions } from './Migration20261122190000AgendaVersions';
import { Migration20261123000000TenantKeysAndIdleSessions } from './Migration20261123000000TenantKeysAndIdleSessions';
import { Migration20261123100000ContactPersons } from './Migration20261123100000ContactPersons';
import { Migration20261123110000AiAuditTrail } from './Migration20261123110000AiAuditTrail';
import { Migration20261124000000PatientVersions } from './Migration20261124000000PatientVersions';
import { Migration20261124100000FhirNameSearch } from './Migration20261124100000FhirNameSearch';

/** Explicit, ordered list: migrations are committed and never edited after they ran. */
export const migrationsList = [
  { name: 'Migration20261122000000Foundation', class: Migration20261122000000Foundation },
  { name: 'Migration20261122010000Patients', class: Migration20261122010000Patients },
  { name: 'Migration20261122020000Reports', class: Migration20261122020000Reports },
  { name: 'Migration20261122030000Clinical', class: Migration20261122030000Clinical },
  { name: 'Migration20261122040000Agenda', class: Migration20261122040000Agenda },
  { name: 'Migration20261122050000SessionLookup', class: Migration20261122050000SessionLookup },
  { name: 'Migration20261122060000Assistant', class: Migration20261122060000Assistant },
  { name: 'Migration20261122070000Handover', class: Migration20261122070000Handover },
  { name: 'Migration20261122080000HandoverOverview', class: Migration20261122080000HandoverOverview },
  { name: 'Migration20261122100000TreatmentPlans', class: Migration20261122100000TreatmentPlans },
  { name: 'Migration20261122110000OpsRole', class: Migration20261122110000OpsRole },
  { name: 'Migration20261122120000NoShowLetters', class: Migration20261122120000NoShowLetters },
  { name: 'Migration20261122150000Performance', class: Migration20261122150000Performance },
  { name: 'Migration20261122160000WardOrder', class: Migration20261122160000WardOrder },
  { name: 'Migration20261122170000PatientCounts', class: Migration20261122170000PatientCounts },
  { name: 'Migration20261122180000SessionLookupCall', class: Migration20261122180000SessionLookupCall },
  { name: 'Migration20261122190000AgendaVersions', class: Migration20261122190000AgendaVersions },
  { name: 'Migration20261123000000TenantKeysAndIdleSessions', class: Migration20261123000000TenantKeysAndIdleSessions },
  { name: 'Migration20261123100000ContactPersons', class: Migration20261123100000ContactPersons },
  { name: 'Migration20261123110000AiAuditTrail', class: Migration20261123110000AiAuditTrail },
  { name: 'Migration20261124000000PatientVersions', class: Migration20261124000000PatientVersions },
  { name: 'Migration20261124100000FhirNameSearch', class: Migration20261124100000FhirNameSearch },
];
