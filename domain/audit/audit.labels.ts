import type { AuditAction, AuditOutcome } from './audit.entity';

export const auditActionLabels: Record<AuditAction, string> = {
  read: 'Ingezien',
  create: 'Aangemaakt',
  update: 'Gewijzigd',
  delete: 'Verwijderd',
  search: 'Gevonden bij zoeken',
  export: 'Geëxporteerd',
};

export const auditOutcomeLabels: Record<AuditOutcome, string> = { success: 'Gelukt', failure: 'Mislukt', denied: 'Geweigerd' };

export const auditChannelLabels: Record<string, string> = {
  web: 'Webapplicatie',
  fhir: 'FHIR-koppeling',
  api: 'API',
  assistant: 'Assistent',
  workflow: 'Achtergrondproces',
};
