import { cancelReasonCodes } from '../agenda/cancel-reasons';
import { dischargeMessages, dischargeReasonCodes } from '../discharge/discharge.vocabulary';
import { dailyNoteCategories, dailyNoteMaxLength, textWithin } from '../report/report.schemas';
import { AppError } from '../shared/errors';
import { fieldErrors, hiddenCharacterFields, z } from '../shared/validation';
import { chainSchema, isPatientBound, writingIntents, type Chain, type Intent, type WritingIntent } from './intent.schemas';

const appointmentTarget = (verb: string) => `Noem de patiënt of de afspraak die ${verb} moet worden.`;

/**
 * What a writing action needs before it can be prepared. The classifier fills entities where it
 * can; these rules say, in Dutch, what is still missing. The worker parses with the same schemas,
 * so a prepared step has exactly the fields it was validated with.
 */
export const writeEntitiesSchemas = {
  dagnotitie: z.object({
    patientId: z.uuid({ error: 'Kies de patiënt voor de dagnotitie.' }),
    content: z
      .string({ error: 'Vul de tekst van de dagnotitie in.' })
      .trim()
      .min(1, 'Vul de tekst van de dagnotitie in.')
      .pipe(textWithin(dailyNoteMaxLength, 'Een dagnotitie')),
    category: z.enum(dailyNoteCategories, { error: 'Kies een categorie: medicatie, ADL, gedrag, incident of observatie.' }),
  }),
  create_appointment: z.object({
    patientId: z.uuid({ error: 'Kies de patiënt voor de nieuwe afspraak.' }),
    datetime: z.iso.datetime({ offset: true, error: 'Geef de dag en het tijdstip van de nieuwe afspraak.' }),
  }),
  cancel_appointment: z
    .object({ patientId: z.uuid().optional(), identifier: z.string().trim().min(1).optional() })
    .refine((target) => target.patientId || target.identifier, { path: ['patientId'], message: appointmentTarget('geannuleerd') }),
  reschedule_appointment: z
    .object({
      patientId: z.uuid().optional(),
      identifier: z.string().trim().min(1).optional(),
      datetime: z.iso.datetime({ offset: true, error: 'Geef de nieuwe dag en het nieuwe tijdstip van de afspraak.' }),
    })
    .refine((target) => target.patientId || target.identifier, { path: ['patientId'], message: appointmentTarget('verplaatst') }),
  ontslag: z.object({ patientId: z.uuid({ error: 'Kies de patiënt die met ontslag gaat.' }) }),
} satisfies Record<WritingIntent, z.ZodType>;

const writingAction = z.object({ intent: z.enum(writingIntents), entities: z.unknown().optional() });
const namedAction = z.object({
  intent: z.string(),
  entities: z.object({ patientName: z.string().optional(), patientId: z.string().optional() }).optional(),
});

/** The message the chat answers with a patient picker: the name fits no single patient. */
export function choosePatientMessage(name: string): string {
  return `Kies welke patiënt met “${name}” bedoeld is.`;
}

/**
 * Per action, what its intent still needs; read on the raw input so it is reported even when the
 * shape is wrong too. A name that did not resolve to one patient is asked for first: the chat shows
 * a picker for it, and the chosen patient fills every action with that name.
 */
function missingEntities(input: unknown): Record<string, string> {
  const actions = z.object({ actions: z.array(z.unknown()) }).safeParse(input);
  const fields: Record<string, string> = {};
  actions.data?.actions.forEach((raw, index) => {
    const named = namedAction.safeParse(raw);
    const name = named.data?.entities?.patientName?.trim();
    if (named.success && name && !named.data.entities?.patientId && isPatientBound(named.data.intent as Intent))
      fields[`actions.${index}.entities.patientId`] = choosePatientMessage(name);
    const action = writingAction.safeParse(raw);
    if (!action.success) return;
    const entities = writeEntitiesSchemas[action.data.intent].safeParse(action.data.entities ?? {});
    if (entities.success) return;
    for (const [field, message] of Object.entries(fieldErrors(entities.error))) fields[`actions.${index}.entities.${field}`] ??= message;
  });
  return fields;
}

/**
 * `requestKey`: the message the chain answers, chosen by the client. The same key from the same
 * clinician is the same chain, so a request sent twice (a retry, a re-rendered block) starts one.
 */
const requestKeySchema = z.object({
  requestKey: z
    .string({ error: 'De aanvraagsleutel moet tekst zijn.' })
    .trim()
    .min(1, 'De aanvraagsleutel mag niet leeg zijn.')
    .max(100, 'De aanvraagsleutel is te lang.')
    .optional(),
});

/** A chain as the app accepts it: the classifier's shape, every writing action complete, and its request key. */
export function parseChainRequest(input: unknown): Chain & { requestKey?: string } {
  const chain = chainSchema.safeParse(input);
  const key = requestKeySchema.safeParse(input);
  // The intent rules name a field more precisely than the generic shape check, so theirs win.
  const fields = {
    ...(chain.success ? {} : fieldErrors(chain.error)),
    ...(key.success ? {} : fieldErrors(key.error)),
    ...missingEntities(input),
    ...hiddenCharacterFields(input),
  };
  if (!chain.success || !key.success || Object.keys(fields).length > 0) throw AppError.validation(fields);
  return { ...chain.data, ...(key.data.requestKey ? { requestKey: key.data.requestKey } : {}) };
}

const stepIndex = z.string().regex(/^\d+$/, 'Geef de stap als nummer.');

/** What the clinician changed in a prepared write: the same rules as the write's own form. */
const stepEditSchema = z.strictObject(
  {
    content: z
      .string({ error: 'Vul de tekst van de dagnotitie in.' })
      .trim()
      .min(1, 'Vul de tekst van de dagnotitie in.')
      .pipe(textWithin(dailyNoteMaxLength, 'Een dagnotitie'))
      .optional(),
    category: z.enum(dailyNoteCategories, { error: 'Kies een categorie: medicatie, ADL, gedrag, incident of observatie.' }).optional(),
    includeInHandover: z.boolean({ error: 'Geef met ja of nee aan of de notitie in de overdracht komt.' }).optional(),
    start: z.iso.datetime({ offset: true, error: 'Geef de dag en het tijdstip als datum met tijd.' }).optional(),
    reasonCode: z.enum(cancelReasonCodes, { error: 'Kies een van de redenen.' }).optional(),
    reason: z.string({ error: 'Geef de reden als tekst.' }).trim().max(300, 'De reden is te lang.').optional(),
    dischargeReasonCode: z.enum(dischargeReasonCodes, { error: dischargeMessages.reason }).optional(),
    dischargedOn: z
      .string({ error: dischargeMessages.date })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, dischargeMessages.date)
      .optional(),
  },
  { error: 'Alleen tekst, categorie, overdracht, tijdstip, reden en ontslagdatum kunnen worden aangepast.' },
);

export const confirmChainSchema = z.object({
  choices: z
    .record(stepIndex, z.uuid({ error: 'Kies een van de voorgestelde afspraken.' }), {
      error: 'Geef de keuzes als {"stapnummer": "afspraak-id"}.',
    })
    .optional(),
  edits: z.record(stepIndex, stepEditSchema, { error: 'Geef de aanpassingen als {"stapnummer": {…}}.' }).optional(),
});
