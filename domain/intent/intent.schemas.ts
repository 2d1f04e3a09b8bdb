import { shifts } from '../shared/clinical-time';
import { dailyNoteCategories, dailyNoteMaxLength, textWithin } from '../report/report.schemas';
import { questionMaxLength } from '../dossiervraag/dossiervraag.schemas';
import { z } from '../shared/validation';

export const intents = [
  'dagnotitie',
  'zoeken',
  'overdracht',
  'rapportage',
  'agenda',
  'intake_status',
  'intake_navigeer',
  'risico_query',
  'diagnose_query',
  'agenda_query',
  'create_appointment',
  'cancel_appointment',
  'reschedule_appointment',
  'ontslag',
  'dossiervraag',
  'unknown',
] as const;
export type Intent = (typeof intents)[number];

/** Intents whose action changes the record: a chain asks for confirmation before running them. */
export const writingIntents = [
  'dagnotitie',
  'create_appointment',
  'cancel_appointment',
  'reschedule_appointment',
  'ontslag',
] as const satisfies readonly Intent[];
export type WritingIntent = (typeof writingIntents)[number];
export function isWriting(intent: Intent): intent is WritingIntent {
  return (writingIntents as readonly string[]).includes(intent);
}

/** Intents about one patient: a name that fits several patients is chosen before the chain starts. */
export function isPatientBound(intent: Intent): boolean {
  return !['agenda', 'unknown', 'zoeken'].includes(intent);
}

const text = (max: number) => z.string().trim().min(1).max(max);

/** What an action is about. Every field is optional: which ones an intent needs is checked per intent. */
export const entitiesSchema = z.object({
  patientName: text(120).optional(),
  /** Set by the server when the name resolves to one patient of the organisation. */
  patientId: z.uuid().optional(),
  category: z.enum(dailyNoteCategories).optional(),
  content: z.string().trim().min(1).pipe(textWithin(dailyNoteMaxLength, 'Een dagnotitie')).optional(),
  dateLabel: text(40).optional(),
  dateRange: z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) }).optional(),
  datetime: z.iso.datetime({ offset: true }).optional(),
  /** A bare hour read as a clock time ("“om 3 uur” gelezen als 15:00"): shown with the plan so it can be corrected. */
  assumedTime: text(80).optional(),
  /** Which existing appointment: its id, or how the clinician named it ("morgen 10:00"). */
  identifier: text(120).optional(),
  /** A free question about the patient's record (`dossiervraag`), as asked: the record's own box reads it again. */
  vraag: text(questionMaxLength).optional(),
});
export type Entities = z.output<typeof entitiesSchema>;

export const actionSchema = z.object({
  intent: z.enum(intents),
  entities: entitiesSchema.default({}),
  confidence: z.number().min(0).max(1),
});
export type ChainAction = z.output<typeof actionSchema>;

export const maxChainLength = 5;
export const chainSchema = z.object({ actions: z.array(actionSchema).min(1).max(maxChainLength) });
export type Chain = z.output<typeof chainSchema>;

const input = z
  .string({ error: 'Typ of dicteer wat de assistent moet doen.' })
  .trim()
  .min(1, 'Typ of dicteer wat de assistent moet doen.')
  .max(1000, 'Houd het bericht korter dan 1000 tekens.');

export const activePatientSchema = z.object({
  id: z.uuid('Kies een bestaande patiënt.'),
  name: z
    .string({ error: 'Geef de naam van de actieve patiënt.' })
    .trim()
    .min(1, 'Geef de naam van de actieve patiënt.')
    .max(120, 'De naam is te lang.'),
});

export const classifyContextSchema = z.object({
  activePatient: activePatientSchema.optional(),
  shift: z.enum(shifts, { error: 'Kies een dienst: dag, avond of nacht.' }).optional(),
});
export type ClassifyContext = z.output<typeof classifyContextSchema>;

export const intentClassifyRequestSchema = z.object({ input });
export const coreClassifyRequestSchema = z.object({ input, context: classifyContextSchema.optional() });
