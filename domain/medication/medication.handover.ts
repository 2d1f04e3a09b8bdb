import type { EntityManager } from '../db/orm';
import { MedicationAdministration, MedicationOrder, type AdministrationStatus } from './medication.entity';

/** A registration the handover may cite: a refused or not-given dose, or a zo-nodig gift. */
export interface MedicationSource {
  id: string;
  productName: string;
  dose: string;
  status: AdministrationStatus;
  prn: boolean;
  reason: string | null;
  effect: string | null;
  administeredAt: string;
}

/** The period's refusals, doses not given and zo-nodig gifts, newest first (a dose given as prescribed is routine). */
export async function medicationSources(em: EntityManager, patientId: string, since: Date, now: Date): Promise<MedicationSource[]> {
  const rows = await em.find(
    MedicationAdministration,
    { patientId, administeredAt: { $gte: since, $lte: now }, $or: [{ status: { $ne: 'gegeven' } }, { prn: true }] },
    { orderBy: { administeredAt: 'desc' }, limit: 60 },
  );
  return sourcesOf(em, rows);
}

async function sourcesOf(em: EntityManager, rows: MedicationAdministration[]): Promise<MedicationSource[]> {
  const orders = rows.length ? await em.find(MedicationOrder, { id: { $in: [...new Set(rows.map((row) => row.orderId))] } }) : [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  return rows.map((row) => ({
    id: row.id,
    productName: byId.get(row.orderId)?.productName ?? 'medicatie',
    dose: byId.get(row.orderId)?.dose ?? '',
    status: row.status,
    prn: row.prn,
    reason: row.reason ?? null,
    effect: row.effect ?? null,
    administeredAt: row.administeredAt.toISOString(),
  }));
}

/** What a handover item citing a registration shows beside it (CONTRACT §6 `sourceData`). */
export async function medicationSourceData(
  em: EntityManager,
  patientId: string,
  ids: string[],
): Promise<Map<string, { medication: string; status: string; reason: string | null; effect: string | null }>> {
  const sources = ids.length ? await sourcesOf(em, await em.find(MedicationAdministration, { id: { $in: ids }, patientId })) : [];
  return new Map(
    sources.map((source) => [
      source.id,
      {
        medication: `${source.productName}, ${source.dose}`,
        status: source.prn ? 'zo nodig gegeven' : source.status,
        reason: source.reason,
        effect: source.effect,
      },
    ]),
  );
}
