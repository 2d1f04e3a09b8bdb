import { User } from '../auth/auth.entities';
import type { EntityManager } from '../db/orm';
import { Allergy } from '../allergies/allergy.entity';
import { CoerciveMeasure, CoerciveMeasureEvaluation, LegalStatus } from '../coercive-care/coercive-care.entities';
import { Signaleringsplan } from '../signaleringsplan/signaleringsplan.entity';
import { Patient } from '../patient/patient.entity';
import { addDaysToIsoDate, clinicalToday } from '../shared/clinical-time';
import { demoAccounts, demoOrganisation } from './demo-accounts';

/**
 * Legal status, allergies, a signaleringsplan and an open separatie for the demo ward (fictional):
 * Jan de Vries, with a high suicide risk already in the demo, is under a Wvggz crisismaatregel and
 * secluded since this morning, its two-hourly evaluation half an hour late; some patients have allergies, some none known, the rest none recorded.
 */
export async function seedLegalAndCoerciveCare(em: EntityManager): Promise<void> {
  const organisationId = demoOrganisation.id;
  const jan = await em.findOne(Patient, { familyName: 'Vries', namePrefix: 'de' });
  const fatima = await em.findOne(Patient, { familyName: 'Amrani' });
  const pieter = await em.findOne(Patient, { familyName: 'Berg' });
  const nurse = await em.findOne(User, { email: demoAccounts.verpleegkundige.email });
  const psychiatrist = await em.findOne(User, { email: demoAccounts.psychiater.email });
  if (!jan || !nurse || !psychiatrist) return;
  const today = clinicalToday();
  const ago = (hours: number) => new Date(Date.now() - hours * 3600_000);

  em.create(LegalStatus, {
    organisationId,
    patientId: jan.id,
    kind: 'vrijwillig',
    startsOn: addDaysToIsoDate(today, -180),
    endsOn: addDaysToIsoDate(today, -3),
    note: 'Vrijwillige opname na verwijzing door de huisarts.',
    recordedBy: psychiatrist.id,
    recordedAt: ago(24 * 180),
  });
  const crisis = em.create(LegalStatus, {
    organisationId,
    patientId: jan.id,
    kind: 'wvggz-crisismaatregel',
    startsOn: addDaysToIsoDate(today, -2),
    endsOn: addDaysToIsoDate(today, 1),
    note: 'Crisismaatregel door de burgemeester; machtiging tot voortzetting is aangevraagd.',
    recordedBy: psychiatrist.id,
    recordedAt: ago(46),
  });
  await em.flush();

  const separatie = em.create(CoerciveMeasure, {
    organisationId,
    patientId: jan.id,
    kind: 'separatie',
    startedAt: ago(3),
    legalBasis: 'maatregel',
    legalStatusId: crisis.id,
    decidedBy: demoAccounts.psychiater.displayName,
    note: 'Acute suïcidaliteit met onrust; afzondering in de separeerruimte met continue observatie.',
    recordedBy: nurse.id,
    recordedAt: ago(3),
  });
  em.create(CoerciveMeasure, {
    organisationId,
    patientId: jan.id,
    kind: 'dwangmedicatie',
    startedAt: ago(60),
    legalBasis: 'noodsituatie',
    decidedBy: demoAccounts.psychiater.displayName,
    note: 'Eenmalig lorazepam i.m. bij acute agitatie.',
    recordedBy: nurse.id,
    recordedAt: ago(60),
    endedAt: ago(59.5),
    endNote: 'Toegediend; daarna rustig.',
    endRecordedBy: nurse.id,
    endRecordedAt: ago(59),
  });
  await em.flush();
  em.create(CoerciveMeasureEvaluation, {
    organisationId,
    measureId: separatie.id,
    evaluatedAt: ago(2.5),
    evaluatedBy: demoAccounts.psychiater.displayName,
    text: 'Nog gespannen, uit doodsgedachten. Separatie voortzetten; over twee uur opnieuw evalueren.',
    recordedBy: psychiatrist.id,
    recordedAt: ago(2.5),
  });

  const allergies: [Patient | null, string, string | null, 'licht' | 'matig' | 'ernstig'][] = [
    [jan, 'Penicilline', 'Huiduitslag en benauwdheid', 'ernstig'],
    [pieter, 'Lactose', 'Buikpijn en diarree', 'licht'],
    [pieter, 'Haloperidol', 'Acute dystonie', 'matig'],
  ];
  for (const [patient, substance, reaction, severity] of allergies) {
    if (patient)
      em.create(Allergy, { organisationId, patientId: patient.id, kind: 'allergie', substance, reaction, severity, recordedBy: nurse.id });
  }
  if (fatima) em.create(Allergy, { organisationId, patientId: fatima.id, kind: 'geen-bekende', recordedBy: nurse.id });

  const plan = {
    groen: {
      signals: 'Slaapt goed, eet mee aan tafel, gaat met de wandelgroep mee, maakt grapjes.',
      patientActions: 'Dagstructuur volgen, medicatie innemen, dagelijks wandelen.',
      teamActions: 'Dagelijks kort contact, complimenteren, dagprogramma met hem doornemen.',
    },
    oranje: {
      signals: 'Slaapt slecht, trekt zich terug op de kamer, loopt veel op de gang, hoort meer stemmen.',
      patientActions: 'Meldt zich bij de verpleging, gebruikt zo nodig de afgesproken medicatie, muziek luisteren.',
      teamActions: 'Elk uur contact, prikkels beperken, zo nodig medicatie aanbieden, psychiater informeren.',
    },
    rood: {
      signals: 'Uit doodsgedachten of een plan, dreigt, is niet meer aanspreekbaar op afspraken.',
      patientActions: 'Blijft op de afdeling en in het zicht van de verpleging.',
      teamActions: 'Continue observatie, direct de psychiater inschakelen, afspraken uit het crisisplan volgen.',
    },
  };
  em.create(Signaleringsplan, {
    organisationId,
    patientId: jan.id,
    version: 1,
    phases: { ...plan, rood: { ...plan.rood, patientActions: '' } },
    createdBy: psychiatrist.id,
    createdAt: ago(24 * 20),
  });
  em.create(Signaleringsplan, { organisationId, patientId: jan.id, version: 2, phases: plan, createdBy: nurse.id, createdAt: ago(24 * 4) });
}
