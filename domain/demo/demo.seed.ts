import {
  addDaysToIsoDate,
  clinicalDate,
  clinicalToday,
  formatNumericDate,
  shiftOf,
  startOfClinicalDay,
  wallClockToIso,
} from '../shared/clinical-time';
import { Organisation, User } from '../auth/auth.entities';
import { hashPassword } from '../auth/password';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import type { EntityManager } from '../db/orm';
import { Patient } from '../patient/patient.entity';
import { displayName } from '../patient/patient.service';
import { Appointment } from '../agenda/appointment.entity';
import { ContactPerson } from '../patient/contact-person.entity';
import { GpLetter, GpLetterVersion } from '../gp-letter/gp-letter.entity';
import type { AppointmentType } from '../agenda/agenda.schemas';
import { diagnosisCode } from '../diagnoses/diagnosis-codes';
import { Diagnosis, DiagnosisEvent } from '../diagnoses/diagnosis.entities';
import { IntakeSection } from '../intake/intake.entities';
import { RiskAssessment } from '../risks/risk.entity';
import { type RiskLevel } from '../risks/risk-types';
import { intakeSections } from '../intake/intake.service';
import { Report } from '../report/report.entity';
import { news2, type Consciousness } from '../measurements/news2';
import { interpretationOf } from '../measurements/reference-ranges';
import { vitalCodes } from '../measurements/vital-codes';
import { VitalObservation, VitalSet } from '../measurements/vitals.entity';
import { ScaleScore } from '../measurements/scale.entity';
import { bvc, bvcItemKeys, type BvcItem } from '../measurements/bvc';
import { randomUUID } from 'node:crypto';
import type { ReportCategory, ReportType } from '../report/report.schemas';
import { demoAccounts, demoOrganisation, demoPassword } from './demo-accounts';
import { LegalStatus } from '../coercive-care/coercive-care.entities';
import { seedLegalAndCoerciveCare } from './legal.seed';
import { seedMedication } from './medication.seed';
import { MedicationOrder } from '../medication/medication.entity';
import { generatePatient, insertPatients, random, type GeneratedPatient } from './patient-generator';

/** The ward's recognisable patients, then generated ones: names with prefixes, valid BSNs, insurers. */
function demoPatients(): GeneratedPatient[] {
  const rnd = random(20261122);
  const used = new Set<string>();
  const patients = Array.from({ length: 36 }, () => generatePatient(rnd, used));
  const known: GeneratedPatient[] = [
    {
      status: 'active',
      input: {
        ...generatePatient(rnd, used).input,
        nameGiven: ['Jan'],
        namePrefix: 'de',
        familyName: 'Vries',
        gender: 'male',
        birthDate: '1971-04-12',
        contact: { phone: '06 12345678', email: 'jan.devries@voorbeeld.nl' },
      },
    },
    {
      status: 'active',
      input: {
        ...generatePatient(rnd, used).input,
        nameGiven: ['Fatima'],
        namePrefix: 'el',
        familyName: 'Amrani',
        gender: 'female',
        birthDate: '1994-09-30',
        contact: { email: 'f.elamrani@voorbeeld.nl' },
      },
    },
    {
      status: 'screening',
      input: {
        ...generatePatient(rnd, used).input,
        nameGiven: ['Pieter', 'Willem'],
        namePrefix: 'van der',
        familyName: 'Berg',
        gender: 'male',
        birthDate: '1958-01-03',
        contact: { email: 'pw.vanderberg@voorbeeld.nl' },
      },
    },
    {
      status: 'planned',
      input: { nameGiven: [], familyName: 'Onbekend', johnDoe: true, gender: 'male', address: {}, contact: {}, insurance: {} },
    },
  ];
  return [...known, ...patients];
}

/** Idempotent: creates the demo organisation and its users (one per role) when they are missing. */
export async function seedDemo(ownerOrm: MikroORM): Promise<void> {
  await withTenant(ownerOrm, { organisationId: demoOrganisation.id }, async (em) => {
    if (!(await em.findOne(Organisation, { id: demoOrganisation.id }))) {
      em.create(Organisation, { id: demoOrganisation.id, name: demoOrganisation.name });
      await em.flush();
    }
    for (const [role, account] of Object.entries(demoAccounts) as [
      keyof typeof demoAccounts,
      (typeof demoAccounts)[keyof typeof demoAccounts],
    ][]) {
      if (await em.findOne(User, { email: account.email })) continue;
      em.create(User, {
        organisationId: demoOrganisation.id,
        email: account.email,
        displayName: account.displayName,
        role,
        passwordHash: await hashPassword(demoPassword),
      });
    }
    await em.flush();
    if ((await em.count(Patient, {})) === 0) {
      await insertPatients(em, demoOrganisation.id, demoPatients());
      await seedReports(em);
      await seedClinical(em);
      await seedAgenda(em);
    }
    // Apart from the patients, so an existing demo database gets its draft letters and contacts too.
    if ((await em.count(GpLetter, {})) === 0) await seedGpLetters(em);
    if ((await em.count(ContactPerson, {})) === 0) await seedContactPersons(em);
    if ((await em.count(ScaleScore, {})) === 0) await seedScales(em);
    if ((await em.count(LegalStatus, {})) === 0) await seedLegalAndCoerciveCare(em);
    if ((await em.count(MedicationOrder, {})) === 0) await seedMedication(em);
    if ((await em.count(Patient, { room: { $ne: null } })) === 0) await seedRooms(em);
  });
}

/** The ward's rooms (issue 41, point 7): every patient in care a room, K11 onwards in name order. */
async function seedRooms(em: EntityManager): Promise<void> {
  await em.execute(
    `update patients p set room = 'K' || (10 + w.n)
       from (select id, row_number() over (order by family_name, id)::int as n
               from patients where organisation_id = ? and episode_status in ('active', 'screening')) w
      where p.id = w.id`,
    [demoOrganisation.id],
  );
}

const longObservation = [
  'Dhr. was bij aanvang van de avonddienst gespannen en liep veel op de gang.',
  'Gaf aan slecht geslapen te hebben en stemmen te horen die commentaar gaven op zijn handelen.',
  'Na een gesprek met de verpleegkundige over de dag wat rustiger geworden.',
  'Avondmaaltijd gedeeltelijk gegeten; drinken voldoende.',
  'Om 21:30 medicatie ingenomen na enige aarzeling, vroeg naar bijwerkingen van de clozapine.',
  'Rond 23:00 op de kamer, licht uit. Afspraak gemaakt dat hij zich meldt bij toename van onrust.',
  'Nachtdienst geïnformeerd over het verloop.',
].join('\n');

/** A few days of the ward's reports for Jan de Vries, so the timeline and handover have content. */
async function seedReports(em: EntityManager): Promise<void> {
  const patient = await em.findOne(Patient, { familyName: 'Vries', namePrefix: 'de' });
  const author = await em.findOne(User, { email: demoAccounts.verpleegkundige.email });
  if (!patient || !author) return;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
  const reports: [number, ReportType, ReportCategory, string, boolean][] = [
    [2, 'dagnotitie', 'medicatie', 'Weigerde de ochtendmedicatie, gaf aan er suf van te worden. Arts geïnformeerd.', true],
    [5, 'dagnotitie', 'adl', 'Zelfstandig gedoucht en aangekleed, ontbijt goed gegeten.', false],
    [20, 'verpleegkundig', 'gedrag', longObservation, true],
    [
      27,
      'incident',
      'incident',
      'Duwde een medepatiënt bij de koffieautomaat na een woordenwisseling. Geen letsel. Gesprek gevoerd, excuses aangeboden.',
      true,
    ],
    [30, 'dagnotitie', 'observatie', 'Nam deel aan de wandelgroep, oogde ontspannen.', false],
    [52, 'dagnotitie', 'gedrag', 'Wat teruggetrokken, veel op de kamer. Reageerde wel op contact.', false],
    [
      60,
      'crisis',
      'incident',
      'Acute onrust met dreigende agressie richting personeel. Na overleg met de psychiater kortdurend gesepareerd (20 min), daarna rustig. Familie geïnformeerd.',
      true,
    ],
  ];
  for (const [hours, type, category, content, includeInHandover] of reports) {
    const createdAt = hoursAgo(hours);
    em.create(Report, {
      organisationId: demoOrganisation.id,
      patientId: patient.id,
      type,
      category,
      content,
      includeInHandover,
      createdBy: author.id,
      createdAt,
      ...shiftOf(createdAt),
    });
  }
}

/** Vitals (some abnormal), risks, diagnoses and intake progress for the recognisable patients. */
async function seedClinical(em: EntityManager): Promise<void> {
  const byName = async (familyName: string) => em.findOne(Patient, { familyName });
  const jan = await byName('Vries');
  const fatima = await byName('Amrani');
  const pieter = await byName('Berg');
  const ago = (hours: number) => new Date(Date.now() - hours * 3600_000);
  const organisationId = demoOrganisation.id;

  // Rounds at the bedside as the Metingen form records them: interpretation and NEWS2 computed.
  const rounds: [Patient | null, number, Record<string, number>, Consciousness | null][] = [
    [
      jan,
      27,
      { hartfrequentie: 84, 'bloeddruk-systolisch': 142, 'bloeddruk-diastolisch': 88, temperatuur: 36.9, ademhaling: 16, saturatie: 98 },
      'A',
    ],
    [jan, 3, { 'bloeddruk-systolisch': 168, hartfrequentie: 112, temperatuur: 36.8, saturatie: 97, ademhaling: 18 }, 'A'],
    // NEWS2 5 (RR 22, T 38,4, HR 104, sat 94): hourly rounds asked, the next one is late (issue 41).
    [jan, 2, { ademhaling: 22, temperatuur: 38.4, hartfrequentie: 104, saturatie: 94, 'bloeddruk-systolisch': 128 }, 'A'],
    [fatima, 6, { glucose: 2.6, hartfrequentie: 78 }, null],
    [pieter, 10, { temperatuur: 39.4, 'bloeddruk-systolisch': 132, hartfrequentie: 118, ademhaling: 22, saturatie: 95 }, 'C'],
  ];
  for (const [patient, hours, measures, consciousness] of rounds) {
    if (!patient) continue;
    const complete = ['ademhaling', 'saturatie', 'bloeddruk-systolisch', 'hartfrequentie', 'temperatuur'].every((code) => code in measures);
    const score =
      complete && consciousness
        ? news2({
            respiration: measures.ademhaling!,
            saturation: measures.saturatie!,
            systolic: measures['bloeddruk-systolisch']!,
            pulse: measures.hartfrequentie!,
            temperature: measures.temperatuur!,
            consciousness,
            oxygen: false,
          })
        : null;
    const set = em.create(VitalSet, {
      id: randomUUID(),
      organisationId,
      patientId: patient.id,
      observedAt: ago(hours),
      consciousness,
      oxygen: consciousness ? false : null,
      news2Score: score?.score ?? null,
      news2Risk: score?.risk ?? null,
    });
    // Observations refer to the round by id only: the round is written first.
    await em.flush();
    for (const [code, value] of Object.entries(measures))
      em.create(VitalObservation, {
        organisationId,
        patientId: patient.id,
        code,
        label: vitalCodes[code]!.label,
        value,
        unit: vitalCodes[code]!.unit,
        interpretation: interpretationOf(code, value)!,
        observedAt: set.observedAt,
        setId: set.id,
      });
  }

  // Each risk with its evaluatiedatum (days from today); Fatima's review is overdue, Jan's suicide
  // risk has an older assessment in its history.
  const psychiatrist = await em.findOne(User, { email: demoAccounts.psychiater.email });
  const today = clinicalToday();
  const risks: [Patient | null, string, RiskLevel, string, number, number][] = [
    [jan, 'suïcide', 'gemiddeld', 'Somber, geen doodsgedachten; eerdere poging in 2019.', 24 * 9, -2],
    [jan, 'suïcide', 'hoog', 'Uitte gisteren doodsgedachten zonder concreet plan; eerdere poging in 2019.', 20, 7],
    [jan, 'agressie', 'gemiddeld', 'Verbale agressie bij frustratie, één fysiek incident deze week.', 26, 14],
    [fatima, 'zelfverwaarlozing', 'laag', 'Eet en drinkt met ondersteuning voldoende.', 48, -3],
    [pieter, 'agressie', 'zeer hoog', 'Ernstige ontremming bij koorts en delier; 1-op-1 begeleiding.', 9, 1],
  ];
  for (const [patient, riskType, riskLevel, rationale, hours, reviewInDays] of risks) {
    if (patient)
      em.create(RiskAssessment, {
        organisationId,
        patientId: patient.id,
        riskType,
        riskLevel,
        rationale,
        assessedAt: ago(hours),
        assessedBy: psychiatrist?.id ?? null,
        reviewDate: addDaysToIsoDate(today, reviewInDays),
      });
  }

  // Codes from the list (domain/diagnoses/diagnosis-codes.ts), each recorded once in its history.
  const diagnoses: [Patient | null, 'primary' | 'secondary', string, string][] = [
    [jan, 'primary', 'F20.9', '2024-05-14'],
    [jan, 'secondary', 'F12.20', '2024-05-14'],
    [fatima, 'primary', 'F32.2', '2026-09-02'],
    [pieter, 'primary', 'F05', '2026-11-19'],
  ];
  const recorded: Diagnosis[] = [];
  for (const [patient, rank, code, diagnosedAt] of diagnoses) {
    if (patient)
      recorded.push(
        em.create(Diagnosis, {
          organisationId,
          patientId: patient.id,
          rank,
          code,
          label: diagnosisCode(code)!.label,
          diagnosedAt,
          diagnosedBy: psychiatrist?.id ?? null,
          version: 1,
        }),
      );
  }
  // The history refers to its diagnosis by id only: the diagnoses are written first.
  await em.flush();
  for (const diagnosis of recorded)
    em.create(DiagnosisEvent, {
      organisationId,
      patientId: diagnosis.patientId,
      diagnosisId: diagnosis.id,
      kind: 'vastgelegd',
      rank: diagnosis.rank,
      occurredAt: new Date(`${diagnosis.diagnosedAt}T10:00:00Z`),
      actorId: diagnosis.diagnosedBy ?? null,
    });

  const completed: [Patient | null, number][] = [
    [jan, 7],
    [fatima, 5],
    [pieter, 2],
  ];
  for (const [patient, count] of completed) {
    if (!patient) continue;
    intakeSections.forEach(({ key }, index) =>
      em.create(IntakeSection, {
        organisationId,
        patientId: patient.id,
        sectionKey: key,
        content: index < count ? (intakeTexts[key] ?? '') : '',
        completedAt: index < count ? ago(24 * (10 - index)) : null,
      }),
    );
  }
}

/** What a completed intake section says in the demo (fictional). */
const intakeTexts: Record<string, string> = {
  aanmelding: 'Verwezen door de huisarts na toename van achterdocht en slapeloosheid; crisisdienst betrokken.',
  anamnese: 'Eerste psychose in 2019, toen opgenomen. Woont alleen, beperkt netwerk; zus is belangrijkste steun.',
  'psychiatrisch-onderzoek':
    'Wakker en georiënteerd. Achterdochtig, hoort commentaarstemmen. Geen formele denkstoornis. Ziektebesef wisselend.',
  risicotaxatie: 'Suïciderisico hoog (doodsgedachten, eerdere poging); agressierisico gemiddeld bij frustratie.',
  'somatische-screening': 'Bloeddruk verhoogd; lab (glucose, lipiden, ECG) aangevraagd in verband met antipsychotica.',
  hulpvraag: 'Wil weer rustig kunnen slapen en zelfstandig blijven wonen.',
  behandeladvies: 'Klinische stabilisatie, herstart clozapine met spiegelcontrole, daarna overdracht naar FACT.',
};

/** BVC scores per shift as the Metingen form records them; Pieter's very high score was yesterday evening. */
async function seedScales(em: EntityManager): Promise<void> {
  const jan = await em.findOne(Patient, { familyName: 'Vries' });
  const pieter = await em.findOne(Patient, { familyName: 'Berg' });
  const scores: [Patient | null, number, BvcItem[]][] = [
    [jan, 29, ['prikkelbaar']],
    [jan, 5, ['prikkelbaar', 'luidruchtig']],
    [pieter, 30, ['verward', 'prikkelbaar', 'verbaal-dreigend', 'voorwerpen-aanvallen']],
    [pieter, 8, ['verward', 'prikkelbaar']],
  ];
  for (const [patient, hours, present] of scores) {
    if (!patient) continue;
    const items = Object.fromEntries(present.map((key) => [key, true]));
    em.create(ScaleScore, {
      organisationId: demoOrganisation.id,
      patientId: patient.id,
      scale: 'bvc',
      items: {
        ...Object.fromEntries(bvcItemKeys.map((key) => [key, false])),
        ...items,
      },
      score: bvc(items).score,
      observedAt: new Date(Date.now() - hours * 3600_000),
    });
  }
}

/**
 * The coming seven days' appointments, from today, a few overlapping: a ward works every day, so
 * a demo seeded on a Saturday shows a full weekend and "de agenda van morgen" is never empty.
 * Weekdays carry the treatment programme, weekends the ward's own work (medication, visits).
 */
async function seedAgenda(em: EntityManager): Promise<void> {
  const nurse = await em.findOne(User, { email: demoAccounts.verpleegkundige.email });
  const psychiatrist = await em.findOne(User, { email: demoAccounts.psychiater.email });
  const patients = await em.find(Patient, { johnDoe: false }, { orderBy: { updatedAt: 'desc' }, limit: 12 });
  if (!nurse || !psychiatrist || patients.length < 6) return;
  type Planned = [string, number, AppointmentType, number, 'nurse' | 'psychiatrist'];
  // Index: day of the week as Date.getDay() gives it (0 = Sunday).
  const plan: Planned[][] = [
    [
      ['10:00', 30, 'medicatiecontrole', 1, 'nurse'],
      ['14:00', 60, 'overig', 3, 'nurse'],
    ],
    [
      ['09:00', 60, 'behandelgesprek', 0, 'psychiatrist'],
      ['09:30', 45, 'medicatiecontrole', 1, 'nurse'],
      ['13:00', 90, 'groepstherapie', 2, 'nurse'],
    ],
    [
      ['10:00', 60, 'intake', 3, 'psychiatrist'],
      ['10:15', 30, 'somatisch', 0, 'nurse'],
      ['10:30', 45, 'medicatiecontrole', 4, 'nurse'],
    ],
    [
      ['08:30', 30, 'crisisoverleg', 2, 'psychiatrist'],
      ['14:00', 60, 'behandelgesprek', 5, 'psychiatrist'],
    ],
    [
      ['11:00', 60, 'behandelgesprek', 1, 'psychiatrist'],
      ['15:30', 45, 'overig', 3, 'nurse'],
    ],
    [
      ['09:00', 120, 'groepstherapie', 4, 'nurse'],
      ['09:30', 60, 'behandelgesprek', 0, 'psychiatrist'],
    ],
    [
      ['10:30', 30, 'medicatiecontrole', 4, 'nurse'],
      ['15:00', 60, 'overig', 5, 'nurse'],
    ],
  ];
  const today = clinicalToday();
  for (let offset = 0; offset < 7; offset++) {
    const day = addDaysToIsoDate(today, offset);
    for (const [start, minutes, type, patient, who] of plan[clinicalDate(startOfClinicalDay(day)!).getDay()]!) {
      const startAt = new Date(wallClockToIso(`${day}T${start}`)!);
      const owner = who === 'nurse' ? nurse : psychiatrist;
      em.create(Appointment, {
        organisationId: demoOrganisation.id,
        patientId: patients[patient]!.id,
        startAt,
        endAt: new Date(startAt.getTime() + minutes * 60_000),
        type,
        practitionerId: owner.id,
        ownerId: owner.id,
        location: type === 'groepstherapie' ? 'Groepsruimte 2' : 'Spreekkamer 1',
      });
    }
  }
}

/**
 * Draft GP letters (huisartsbrieven) for two recognisable patients: what a no-show rewrites. They
 * carry the name, birth date and BSN as real letters do, which is what pseudonymisation must hide.
 */
/** The people around two demo patients, as the record and the pseudonymiser know them. */
async function seedContactPersons(em: EntityManager): Promise<void> {
  const nurse = await em.findOne(User, { email: demoAccounts.verpleegkundige.email });
  if (!nurse) return;
  const contacts: [string, string, string, string | null][] = [
    ['Vries', 'Gerda de Vries', 'moeder', '06 24681357'],
    ['Vries', 'Mr. P. Hoekstra', 'mentor', null],
    ['Amrani', 'Youssef El Amrani', 'partner', '06 13572468'],
  ];
  for (const [familyName, name, relation, phone] of contacts) {
    const patient = await em.findOne(Patient, { familyName });
    if (patient)
      em.create(ContactPerson, {
        organisationId: demoOrganisation.id,
        patientId: patient.id,
        name,
        relation,
        phone,
        email: null,
        createdBy: nurse.id,
      });
  }
  await em.flush();
}

async function seedGpLetters(em: EntityManager): Promise<void> {
  const psychiatrist = await em.findOne(User, { email: demoAccounts.psychiater.email });
  if (!psychiatrist) return;
  const letters: [string, string, string, string, (intro: string) => string][] = [
    [
      'Vries',
      'Dr. H. Jansen',
      'Huisartsenpraktijk De Linde',
      'Voortgang behandeling',
      (intro) => `Geachte collega Jansen,

${intro}

De heer De Vries is sinds mei 2024 bij ons in behandeling in verband met een schizofrenie, paranoïde type, met daarnaast een stoornis in cannabisgebruik. De afgelopen weken was er sprake van toenemende spanning en één incident op de afdeling. De medicatie (clozapine) is ongewijzigd; de spiegel wordt binnenkort opnieuw bepaald.

Wij zetten de behandeling voort met wekelijkse behandelgesprekken en begeleiding door de verpleging.`,
    ],
    [
      'Amrani',
      'Dr. M. Bakker',
      'Gezondheidscentrum Oost',
      'Start behandeling depressie',
      (intro) => `Geachte collega Bakker,

${intro}

Mevrouw El Amrani is op 2 september 2026 bij ons gestart met een behandeling voor een ernstige depressieve episode. Zij krijgt cognitieve gedragstherapie en sertraline 50 mg. Het eten en drinken gaat met ondersteuning voldoende; de glucose wordt gevolgd.

Wij verwachten de behandeling over drie maanden te evalueren en informeren u dan opnieuw.`,
    ],
  ];
  for (const [familyName, gpName, gpPractice, subject, body] of letters) {
    const patient = await em.findOne(Patient, { familyName });
    if (!patient) continue;
    const born = patient.birthDate ? `, geboren ${formatNumericDate(String(patient.birthDate))}` : '';
    const bsn = patient.bsn ? ` (BSN ${patient.bsn})` : '';
    const text = `${body(`Hierbij informeren wij u over het verloop van de behandeling van uw patiënt ${displayName(patient)}${born}${bsn}.`)}

Met collegiale groet,

${psychiatrist.displayName}
Psychiater, Kliniek De Linde`;
    const letter = em.create(GpLetter, {
      organisationId: demoOrganisation.id,
      patientId: patient.id,
      gpName,
      gpPractice,
      subject,
      originalText: text,
      createdBy: psychiatrist.id,
      version: 1,
    });
    // Versions refer to the letter by id only: the letter must be written first.
    await em.flush();
    em.create(GpLetterVersion, {
      organisationId: demoOrganisation.id,
      letterId: letter.id,
      version: 1,
      event: 'concept',
      status: 'concept',
      text,
      createdBy: psychiatrist.id,
    });
  }
}
