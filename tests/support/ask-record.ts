import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Appointment } from '../../domain/agenda/appointment.entity';
import { appointmentTypes } from '../../domain/agenda/agenda.schemas';
import type { AuditActor } from '../../domain/audit/audit.service';
import { User } from '../../domain/auth/auth.entities';
import { CoerciveMeasure, LegalStatus } from '../../domain/coercive-care/coercive-care.entities';
import { legalStatusKinds, type CoerciveMeasureKind, type LegalStatusKind } from '../../domain/coercive-care/coercive-care.vocabulary';
import type { EntityManager } from '../../domain/db/orm';
import { generateBsn } from '../../domain/demo/patient-generator';
import { Diagnosis } from '../../domain/diagnoses/diagnosis.entities';
import { GpLetter } from '../../domain/gp-letter/gp-letter.entity';
import { IntakeSection } from '../../domain/intake/intake.entities';
import { intakeSections } from '../../domain/intake/intake.service';
import { ScaleScore } from '../../domain/measurements/scale.entity';
import { VitalObservation, VitalSet } from '../../domain/measurements/vitals.entity';
import { vitalCodes } from '../../domain/measurements/vital-codes';
import { MedicationAdministration, MedicationOrder } from '../../domain/medication/medication.entity';
import { products } from '../../domain/medication/products';
import { ContactPerson } from '../../domain/patient/contact-person.entity';
import { createPatient } from '../../domain/patient/patient.service';
import { Report } from '../../domain/report/report.entity';
import { RiskAssessment } from '../../domain/risks/risk.entity';
import { isoDay, shiftOf } from '../../domain/shared/clinical-time';
import { foldAccents } from '../../domain/shared/text';
import { z } from '../../domain/shared/validation';

/*
 * An evaluation record for "Vraag het dossier" (issue 47, ADR 0078): one patient and their sources
 * in a JSON file, seeded through the product's entities under the tenant's row security, with each
 * source's key kept beside the row it became so an answer's cited ids can be scored.
 */

const source = z.looseObject({ key: z.string(), type: z.string(), at: z.string(), author: z.string() });

export const askFileSchema = z.object({
  now: z.string(),
  patient: z.object({ given: z.string(), family: z.string(), birthDate: z.string(), gender: z.string() }),
  sources: z.array(source),
  questions: z.array(
    z.looseObject({
      id: z.string(),
      question: z.string(),
      expect: z.array(z.string()).default([]),
      answerable: z.boolean(),
      style: z.string().optional(),
      kind: z.string().optional(),
    }),
  ),
});
export type AskFile = z.infer<typeof askFileSchema>;
export type AskQuestion = AskFile['questions'][number];

export const readAskFile = (path: string): AskFile => askFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));

export interface SeededRecord {
  patientId: string;
  /** The fixture's key ("S3") → the id of the row it became (the one an answer cites). */
  rowOf: Map<string, string>;
}

type Fields = Record<string, unknown>;
const str = (fields: Fields, name: string): string => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
const maybe = (fields: Fields, name: string): string | null => str(fields, name) || null;
const fold = (text: string) => foldAccents(text.toLowerCase());
const instant = (text: string) => new Date(text);

const genders: Record<string, 'male' | 'female' | 'other' | 'unknown'> = {
  man: 'male',
  m: 'male',
  male: 'male',
  vrouw: 'female',
  v: 'female',
  f: 'female',
  female: 'female',
  anders: 'other',
  other: 'other',
};

const measureKinds: Record<string, CoerciveMeasureKind> = {
  separatie: 'separatie',
  afzondering: 'separatie',
  insluiting: 'insluiting',
  fixatie: 'mechanische-fixatie',
  'mechanische fixatie': 'mechanische-fixatie',
  dwangmedicatie: 'dwangmedicatie',
  'vocht en voeding': 'vocht-en-voeding',
  toezicht: 'toezicht',
  cameratoezicht: 'toezicht',
  'beperking bewegingsvrijheid': 'beperking-bewegingsvrijheid',
  'medische handeling': 'medische-handeling',
};

/** Section names an evaluation file may use for the product's intake sections. */
const intakeAliases: Record<string, string> = {
  somatiek: 'somatische-screening',
  risico: 'risicotaxatie',
  onderzoek: 'psychiatrisch-onderzoek',
};

const legalKinds: Record<string, LegalStatusKind> = {
  vrijwillig: 'vrijwillig',
  crisismaatregel: 'wvggz-crisismaatregel',
  'machtiging tot voortzetting': 'wvggz-machtiging-voortzetting',
  zorgmachtiging: 'wvggz-zorgmachtiging',
  rm: 'wzd-rechterlijke-machtiging',
  ibs: 'wzd-inbewaringstelling',
};

const vitalKinds: Record<string, string> = {
  pols: 'hartfrequentie',
  hartfrequentie: 'hartfrequentie',
  temperatuur: 'temperatuur',
  saturatie: 'saturatie',
  ademfrequentie: 'ademhaling',
  gewicht: 'gewicht',
  glucose: 'glucose',
};

/** "2x daags" → the schedule's times; the words themselves stay in the order's note. */
function timesOf(frequency: string): string[] {
  // "3x per dag", and the prescriber's "2dd"; "a.n." is at night.
  const perDay = Number(/(\d+)\s*(?:x|dd\b)/i.exec(frequency)?.[1] ?? (/(eenmaal|1 ?maal|dagelijks)/i.test(frequency) ? 1 : 0));
  const schedules: Record<number, string[]> = {
    1: ['08:00'],
    2: ['08:00', '20:00'],
    3: ['08:00', '14:00', '20:00'],
    4: ['08:00', '12:00', '17:00', '22:00'],
  };
  if (/voor de nacht|avond|ann|a\.n\./i.test(frequency) && perDay <= 1) return ['22:00'];
  return schedules[perDay] ?? ['08:00'];
}

const productOf = (medicine: string) => products.find((product) => fold(product.name).startsWith(fold(medicine).split(' ')[0]!));

/**
 * Seeds the file's patient and sources in the tenant of `em` (a `withTenant` transaction) and
 * returns the patient and the key → row id map. Authors ("naam, rol") become users of the
 * organisation, a psychiatrist where the role says so, else a nurse (the product has two roles), with
 * the role's words as the user's discipline.
 */
export async function seedAskRecord(em: EntityManager, organisationId: string, file: AskFile): Promise<SeededRecord> {
  const users = new Map<string, string>();
  const userOf = (author: string): string => {
    const [name, role = ''] = author.split(/,\s*/, 2);
    const existing = users.get(name!.trim());
    if (existing) return existing;
    const user = em.create(User, {
      organisationId,
      email: `ask-${randomUUID().slice(0, 12)}@ggz-epd.test`,
      displayName: name!.trim(),
      role: /psychiater|arts|dr\b/i.test(`${role} ${name}`) ? 'psychiater' : 'verpleegkundige',
      // "verpleegkundige (nachtdienst)": the shift is the note's, not the author's discipline.
      discipline: role.replace(/\(.*?\)/g, '').trim() || null,
      passwordHash: 'scrypt$ongebruikt',
    });
    users.set(name!.trim(), user.id);
    return user.id;
  };
  // Every author and practitioner first, flushed before the rows that name them.
  const anyUser = userOf(file.sources[0]?.author ?? 'Onbekend, verpleegkundige');
  for (const item of file.sources) {
    userOf(item.author);
    if (item.type === 'afspraak' && typeof item.with === 'string' && item.with) userOf(item.with);
  }
  const actor: AuditActor = { organisationId, userId: anyUser, role: 'verpleegkundige', channel: 'api' };
  await em.flush();
  const patient = await createPatient(em, actor, {
    nameGiven: [file.patient.given],
    familyName: file.patient.family,
    birthDate: file.patient.birthDate,
    gender: genders[fold(file.patient.gender)] ?? 'unknown',
    bsn: generateBsn(Math.random),
  });
  const patientId = patient.id;
  const rowOf = new Map<string, string>();
  const base = { organisationId, patientId };
  let primaryTaken = false;
  const orders: { product: string; start: number; id: string }[] = [];
  const sections = new Map<string, { id: string; content: string }>();
  const legal: { id: string; start: string; end: string | null; grounds: boolean }[] = [];
  // Orders first and legal statuses first: an administration names its order, a measure its legal basis.
  const rank = (type: string) => (type === 'medicatieopdracht' || type === 'juridisch' ? 0 : 1);
  for (const item of [...file.sources].sort((a, b) => rank(a.type) - rank(b.type))) {
    const fields = item as Fields;
    const at = instant(item.at);
    const author = userOf(item.author);
    let id: string;
    switch (item.type) {
      case 'rapportage':
      case 'dagnotitie': {
        const { shift, shiftDate } = shiftOf(at);
        const category = item.type === 'dagnotitie' ? (maybe(fields, 'category') as Report['category']) : null;
        id = em.create(Report, {
          ...base,
          type: item.type === 'dagnotitie' ? 'dagnotitie' : 'verpleegkundig',
          category,
          content: str(fields, 'text'),
          createdBy: author,
          createdAt: at,
          updatedAt: at,
          shiftDate,
          shift,
        }).id;
        break;
      }
      case 'meting': {
        const kind = fold(str(fields, 'kind'));
        const value = String(fields.value ?? '');
        if (kind === 'bvc') {
          id = em.create(ScaleScore, {
            ...base,
            scale: 'bvc',
            items: {},
            score: Number(value),
            observedAt: at,
            recordedBy: author,
            createdAt: at,
          }).id;
          break;
        }
        const score = kind === 'news2' ? Number(value) : null;
        const news2Risk = score === null ? null : score >= 7 ? 'hoog' : score >= 5 ? 'gemiddeld' : 'laag';
        const set = em.create(VitalSet, { ...base, observedAt: at, recordedBy: author, createdAt: at, news2Score: score, news2Risk });
        // The round before its measurements: they name it.
        await em.flush();
        if (kind !== 'news2') {
          const readings: [string, number][] =
            kind === 'bloeddruk'
              ? value
                  .split('/')
                  .map((part, i) => [i === 0 ? 'bloeddruk-systolisch' : 'bloeddruk-diastolisch', Number(part)] as [string, number])
              : [[vitalKinds[kind] ?? kind, Number(value.replace(',', '.'))]];
          for (const [code, reading] of readings) {
            const known = vitalCodes[code];
            em.create(VitalObservation, {
              ...base,
              code,
              label: known?.label ?? code,
              value: reading,
              unit: known?.unit ?? '',
              interpretation: 'N',
              observedAt: at,
              recordedBy: author,
              setId: set.id,
            });
          }
        }
        id = set.id;
        break;
      }
      case 'medicatieopdracht': {
        const medicine = str(fields, 'medicine');
        const product = productOf(medicine);
        const frequency = str(fields, 'frequency');
        const times = timesOf(frequency);
        const whenNeeded = /zo nodig|z\.n\.|\bzn\b/i.test(frequency);
        const stop = maybe(fields, 'stop');
        const start = str(fields, 'start') || isoDay(at);
        id = em.create(MedicationOrder, {
          ...base,
          productCode: product?.code ?? `vrij-${fold(medicine).replace(/[^a-z0-9]+/g, '-')}`,
          // The medicine as the file names it: the catalogue's product carries a strength the dose may not be.
          productName: medicine,
          dose: str(fields, 'dose'),
          route: product?.route ?? 'oraal',
          kind: whenNeeded ? 'zo-nodig' : 'vast',
          times: whenNeeded ? [] : times,
          indication: maybe(fields, 'reason'),
          maxPerDay: whenNeeded ? 3 : null,
          minIntervalMinutes: whenNeeded ? 240 : null,
          startDate: start.slice(0, 10),
          endDate: stop ? stop.slice(0, 10) : null,
          note: frequency || null,
          prescribedBy: author,
          createdAt: at,
        }).id;
        orders.push({ product: fold(medicine), start: at.getTime(), id });
        break;
      }
      case 'toediening': {
        const medicine = fold(str(fields, 'medicine'));
        const order =
          orders.filter((entry) => entry.product.startsWith(medicine.split(' ')[0]!) && entry.start <= at.getTime()).at(-1) ??
          orders.find((entry) => entry.product.startsWith(medicine.split(' ')[0]!));
        if (!order) throw new Error(`${item.key}: no medicatieopdracht for ${medicine}`);
        const status = str(fields, 'status').replace(' ', '-') as MedicationAdministration['status'];
        id = em.create(MedicationAdministration, {
          ...base,
          orderId: order.id,
          scheduledFor: at,
          status,
          prn: false,
          reason: status === 'gegeven' ? null : (maybe(fields, 'reason') ?? 'Niet vermeld'),
          administeredAt: at,
          recordedBy: author,
          createdAt: at,
        }).id;
        break;
      }
      case 'risico':
        id = em.create(RiskAssessment, {
          ...base,
          riskType: fold(str(fields, 'kind')) === 'suicide' ? 'suïcide' : str(fields, 'kind').toLowerCase(),
          // The record's scale is laag, gemiddeld, hoog, zeer hoog; "matig" is its "gemiddeld".
          riskLevel: (str(fields, 'level') === 'matig' ? 'gemiddeld' : str(fields, 'level')) as RiskAssessment['riskLevel'],
          rationale: str(fields, 'text'),
          assessedAt: at,
          assessedBy: author,
        }).id;
        break;
      case 'diagnose':
        id = em.create(Diagnosis, {
          ...base,
          rank: primaryTaken ? 'secondary' : 'primary',
          code: str(fields, 'code'),
          label: str(fields, 'text'),
          diagnosedAt: isoDay(at),
          diagnosedBy: author,
        }).id;
        primaryTaken = true;
        break;
      case 'juridisch': {
        const kind = legalKinds[fold(str(fields, 'kind'))] ?? 'vrijwillig';
        const start = (str(fields, 'start') || item.at).slice(0, 10);
        const end = maybe(fields, 'end')?.slice(0, 10) ?? null;
        id = em.create(LegalStatus, { ...base, kind, startsOn: start, endsOn: end, recordedBy: author, recordedAt: at }).id;
        legal.push({ id, start, end, grounds: legalStatusKinds[kind].groundsForCompulsoryCare });
        break;
      }
      case 'maatregel': {
        const start = instant(str(fields, 'start') || item.at);
        const end = maybe(fields, 'end');
        const day = isoDay(start);
        const basis = legal.find((status) => status.grounds && status.start <= day && (!status.end || status.end >= day));
        id = em.create(CoerciveMeasure, {
          ...base,
          kind: measureKinds[fold(str(fields, 'kind'))] ?? 'separatie',
          startedAt: start,
          legalBasis: basis ? 'maatregel' : 'noodsituatie',
          legalStatusId: basis?.id ?? null,
          decidedBy: item.author.split(',')[0]!,
          note: maybe(fields, 'reason'),
          recordedBy: author,
          recordedAt: at,
          endedAt: end ? instant(end) : null,
          endRecordedBy: end ? author : null,
          endRecordedAt: end ? instant(end) : null,
        }).id;
        break;
      }
      case 'intake': {
        const section = fold(str(fields, 'section'));
        const key =
          intakeAliases[section] ??
          intakeSections.find(
            (entry) => fold(entry.key) === section || fold(entry.label).startsWith(section) || section.startsWith(fold(entry.key)),
          )?.key ??
          'anamnese';
        // The record holds one section per key: a second source for the same section is added to its text.
        const existing = sections.get(key);
        if (existing) {
          existing.content = `${existing.content}\n\n${str(fields, 'text')}`;
          id = existing.id;
          break;
        }
        const created = em.create(IntakeSection, {
          ...base,
          sectionKey: key,
          content: str(fields, 'text'),
          completedAt: at,
          completedBy: author,
          updatedAt: at,
          updatedBy: author,
        });
        sections.set(key, created);
        id = created.id;
        break;
      }
      case 'brief':
        id = em.create(GpLetter, {
          ...base,
          subject: str(fields, 'kind') || 'Brief',
          originalText: str(fields, 'text'),
          status: 'concept',
          createdBy: author,
          createdAt: at,
          updatedAt: at,
        }).id;
        break;
      case 'afspraak': {
        const start = instant(str(fields, 'start') || item.at);
        // The file's own `type` is "afspraak": the appointment's kind comes as `kind` (or `appointmentType`).
        const asked = str(fields, 'kind') || str(fields, 'appointmentType');
        const type = (appointmentTypes as readonly string[]).includes(fold(asked)) ? fold(asked) : 'overig';
        const practitioner = maybe(fields, 'with');
        id = em.create(Appointment, {
          ...base,
          startAt: start,
          endAt: new Date(start.getTime() + 45 * 60_000),
          type,
          practitionerId: practitioner ? userOf(practitioner) : null,
          ownerId: author,
          location: type === 'overig' ? asked || null : null,
          createdAt: at,
          updatedAt: at,
        }).id;
        break;
      }
      case 'contactpersoon':
        id = em.create(ContactPerson, {
          ...base,
          name: str(fields, 'name'),
          relation: str(fields, 'relation').toLowerCase(),
          phone: maybe(fields, 'phone'),
          createdBy: author,
          createdAt: at,
          updatedAt: at,
        }).id;
        break;
      default:
        throw new Error(`${item.key}: unknown source type ${item.type}`);
    }
    rowOf.set(item.key, id);
    // One flush per source: a user an appointment names exists before the appointment.
    await em.flush();
  }
  return { patientId, rowOf };
}
