import { User } from '../auth/auth.entities';
import { unusableHash } from '../auth/password';
import type { EntityManager } from '../db/orm';
import { MedicationAdministration, MedicationOrder } from '../medication/medication.entity';
import { productByCode } from '../medication/products';
import { prescriptionWarnings, type ActiveOrderFacts, type AllergyFacts } from '../medication/safety';
import { allergiesOf } from '../allergies/allergies';
import { Patient } from '../patient/patient.entity';
import { addDaysToIsoDate, clinicalToday, wallClockToIso } from '../shared/clinical-time';
import { demoAccounts, demoOrganisation } from './demo-accounts';

/** A second nurse on the demo ward, who checks doses of high-risk medication; no login of her own. */
export const demoSecondNurse = { email: 'm.visser@demo.nl', displayName: 'Marleen Visser' };

/**
 * The ward's medication in the demo (fictional): Jan de Vries on clozapine twice a day (high-risk:
 * last night's dose checked by a second nurse), who refused this morning's dose, with lorazepam zo
 * nodig at least two hours apart given last night, and haloperidol zo nodig beside the clozapine (a
 * duplicate therapy overridden with a reason); Pieter van der Berg with a recorded haloperidol
 * "allergy" that was a dystonia, haloperidol prescribed with a reason; Fatima el Amrani on sertraline.
 */
export async function seedMedication(em: EntityManager): Promise<void> {
  const doctor = await em.findOne(User, { email: demoAccounts.psychiater.email });
  const nurse = await em.findOne(User, { email: demoAccounts.verpleegkundige.email });
  const jan = await em.findOne(Patient, { familyName: 'Vries' });
  const fatima = await em.findOne(Patient, { familyName: 'Amrani' });
  const pieter = await em.findOne(Patient, { familyName: 'Berg' });
  if (!doctor || !nurse || !jan || !fatima) return;
  const organisationId = demoOrganisation.id;
  const secondNurse =
    (await em.findOne(User, { email: demoSecondNurse.email })) ??
    em.create(User, { organisationId, ...demoSecondNurse, role: 'verpleegkundige', passwordHash: unusableHash });
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
  // The warnings as the engine words them, so the demo shows what a prescriber would have seen.
  const overridden = (code: string, others: ActiveOrderFacts[], allergies: AllergyFacts['active'] = []) =>
    prescriptionWarnings(productByCode.get(code)!, { status: 'vastgelegd', active: allergies }, others)
      .filter((warning) => warning.blocking)
      .map(({ code: kind, message }) => ({ code: kind, message }));
  const clozapine = order(jan, 'clozapine-100', { times: ['08:00', '20:00'] });
  const lorazepam = order(jan, 'lorazepam-1', {
    kind: 'zo-nodig',
    indication: 'onrust of angst',
    maxPerDay: 3,
    minIntervalMinutes: 120,
  });
  order(jan, 'haloperidol-1', {
    kind: 'zo-nodig',
    indication: 'psychotische onrust',
    maxPerDay: 2,
    minIntervalMinutes: 60,
    startDate: addDaysToIsoDate(today, -3),
    overriddenWarnings: overridden('haloperidol-1', [{ productCode: 'clozapine-100', productName: clozapine.productName }]),
    overrideReason: 'Clozapine wordt nog opgebouwd; tot de streefspiegel haloperidol zo nodig. Evaluatie over twee weken.',
  });
  if (pieter) {
    const warnings = overridden('haloperidol-5', [], (await allergiesOf(em, pieter.id)).active);
    order(pieter, 'haloperidol-5', {
      times: ['20:00'],
      startDate: addDaysToIsoDate(today, -2),
      ...(warnings.length
        ? {
            overriddenWarnings: warnings,
            overrideReason:
              'De dystonie was een bijwerking, geen allergie; met biperideen erbij en de patiënt ingelicht. Eerder goed effect op haloperidol.',
          }
        : {}),
    });
    order(pieter, 'biperideen-2', { times: ['08:00', '20:00'], startDate: addDaysToIsoDate(today, -2) });
  }
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
    doubleCheckedBy: secondNurse.id,
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
