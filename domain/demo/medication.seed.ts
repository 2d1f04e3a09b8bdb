import { User } from '../auth/auth.entities';
import type { EntityManager } from '../db/orm';
import { MedicationAdministration, MedicationOrder } from '../medication/medication.entity';
import { productByCode } from '../medication/products';
import { Patient } from '../patient/patient.entity';
import { addDaysToIsoDate, clinicalToday, wallClockToIso } from '../shared/clinical-time';
import { demoAccounts, demoOrganisation } from './demo-accounts';

/**
 * The ward's medication in the demo (fictional): Jan de Vries on clozapine twice a day, who refused
 * this morning's dose, with lorazepam zo nodig given last night; Fatima el Amrani on sertraline.
 */
export async function seedMedication(em: EntityManager): Promise<void> {
  const doctor = await em.findOne(User, { email: demoAccounts.psychiater.email });
  const nurse = await em.findOne(User, { email: demoAccounts.verpleegkundige.email });
  const jan = await em.findOne(Patient, { familyName: 'Vries' });
  const fatima = await em.findOne(Patient, { familyName: 'Amrani' });
  if (!doctor || !nurse || !jan || !fatima) return;
  const organisationId = demoOrganisation.id;
  const today = clinicalToday();
  const order = (patient: Patient, code: string, fields: Partial<MedicationOrder>) =>
    em.create(MedicationOrder, {
      organisationId,
      patientId: patient.id,
      productCode: code,
      productName: productByCode.get(code)!.name,
      dose: '1 tablet',
      route: productByCode.get(code)!.route,
      kind: 'vast',
      times: [],
      startDate: addDaysToIsoDate(today, -14),
      prescribedBy: doctor.id,
      ...fields,
    });
  const clozapine = order(jan, 'clozapine-100', { times: ['08:00', '20:00'] });
  const lorazepam = order(jan, 'lorazepam-1', { kind: 'zo-nodig', indication: 'onrust of angst', maxPerDay: 3 });
  order(fatima, 'sertraline-50', { times: ['08:00'] });
  await em.flush();

  const at = (day: string, time: string) => new Date(wallClockToIso(`${day}T${time}`)!);
  const yesterday = addDaysToIsoDate(today, -1);
  const base = { organisationId, patientId: jan.id, recordedBy: nurse.id };
  em.create(MedicationAdministration, {
    ...base,
    orderId: clozapine.id,
    scheduledFor: at(yesterday, '20:00'),
    status: 'gegeven',
    prn: false,
    administeredAt: at(yesterday, '20:10'),
  });
  em.create(MedicationAdministration, {
    ...base,
    orderId: lorazepam.id,
    scheduledFor: null,
    status: 'gegeven',
    prn: true,
    reason: 'Angstig na telefoongesprek, kon niet tot rust komen',
    effect: 'Na een half uur rustiger, sliep om 23:30',
    effectAt: at(yesterday, '23:40'),
    effectBy: nurse.id,
    administeredAt: at(yesterday, '22:50'),
  });
  // This morning's dose, when the morning has come.
  if (Date.now() > at(today, '08:30').getTime())
    em.create(MedicationAdministration, {
      ...base,
      orderId: clozapine.id,
      scheduledFor: at(today, '08:00'),
      status: 'geweigerd',
      prn: false,
      reason: 'Zegt dat de tabletten hem suf maken',
      administeredAt: at(today, '08:15'),
    });
}
