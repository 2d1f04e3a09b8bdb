import { recordAudit, type AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { VitalObservation, type Interpretation } from './vitals.entity';

export interface VitalView {
  id: string;
  code: string;
  label: string;
  value: number;
  unit: string;
  interpretation: Interpretation;
  observedAt: string;
}

/** The latest measurement of each kind for a patient; abnormal ones (H/L, HH/LL) are for the eye. */
export async function latestVitals(em: EntityManager, actor: AuditActor, patientId: string): Promise<VitalView[]> {
  const rows = await em.find(VitalObservation, { patientId }, { orderBy: { observedAt: 'desc' }, limit: 200 });
  const latest = new Map<string, VitalObservation>();
  for (const row of rows) if (!latest.has(row.code)) latest.set(row.code, row);
  recordAudit(em, actor, { action: 'read', resourceType: 'Observation', patientIds: [patientId] });
  return [...latest.values()].map(vitalView);
}

/** A measurement as the API and the pages show it. */
export function vitalView(row: VitalObservation): VitalView {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    value: Number(row.value),
    unit: row.unit,
    interpretation: row.interpretation,
    observedAt: row.observedAt.toISOString(),
  };
}
