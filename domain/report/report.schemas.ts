import { characterCount, tooLongMessage } from '../shared/text';
import { z } from '../shared/validation';

export const reportTypes = ['dagnotitie', 'verpleegkundig', 'incident', 'crisis', 'behandeling'] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportTypeLabels: Record<ReportType, string> = {
  dagnotitie: 'Dagnotitie',
  verpleegkundig: 'Verpleegkundige rapportage',
  incident: 'Incident',
  crisis: 'Crisis',
  behandeling: 'Behandelrapportage',
};

export const dailyNoteCategories = ['medicatie', 'adl', 'gedrag', 'incident', 'observatie'] as const;
export const reportCategories = [...dailyNoteCategories, 'contact', 'somatiek'] as const;
export type ReportCategory = (typeof reportCategories)[number];
export const reportCategoryLabels: Record<ReportCategory, string> = {
  medicatie: 'Medicatie',
  adl: 'ADL',
  gedrag: 'Gedrag',
  incident: 'Incident',
  observatie: 'Observatie',
  contact: 'Contact',
  somatiek: 'Somatiek',
};

/**
 * The category chip beside the type chip, or null when it would only say the type again (an
 * incident report with category incident is one "Incident", not "Incident · Incident").
 */
export function categoryChipLabel(type: string, category: string | null | undefined): string | null {
  if (!category) return null;
  const label = reportCategoryLabels[category as ReportCategory] ?? category;
  const typeLabel = reportTypeLabels[type as ReportType] ?? type;
  return label.toLowerCase() === typeLabel.toLowerCase() ? null : label;
}

export const dailyNoteMaxLength = 500;
export const reportMaxLength = 5000;
export const reportPageSize = { default: 20, max: 100 } as const;

const uuid = (message: string) => z.uuid(message);

/** A text of at most `max` characters as a person counts them (code points, `characterCount`). */
export function textWithin(max: number, what: string) {
  return z.string().superRefine((text, ctx) => {
    const count = characterCount(text);
    if (count > max) ctx.addIssue({ code: 'custom', message: tooLongMessage(what, max, count) });
  });
}

const content = z
  .string({ error: 'Vul de tekst van de rapportage in.' })
  .trim()
  .min(1, 'Vul de tekst van de rapportage in.')
  .pipe(textWithin(reportMaxLength, 'Een rapportage'));

/** Rules that hold for every report, new or changed: a daily note is short and has a daily-note category. */
function dailyNoteRules(report: { type?: ReportType; category?: ReportCategory | null; content?: string }, ctx: z.RefinementCtx) {
  if (report.type !== 'dagnotitie') return;
  const count = characterCount(report.content ?? '');
  if (count > dailyNoteMaxLength) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: tooLongMessage('Een dagnotitie', dailyNoteMaxLength, count) });
  }
  if (!report.category || !(dailyNoteCategories as readonly string[]).includes(report.category)) {
    ctx.addIssue({ code: 'custom', path: ['category'], message: 'Kies een categorie: medicatie, ADL, gedrag, incident of observatie.' });
  }
}

export const reportInputSchema = z
  .object({
    patientId: uuid('Kies een bestaande patiënt.'),
    type: z.enum(reportTypes, { error: 'Kies een soort rapportage.' }),
    category: z.enum(reportCategories, { error: 'Kies een geldige categorie.' }).nullish(),
    content,
    includeInHandover: z.boolean({ error: 'Geef aan of dit mee moet in de overdracht (true of false).' }).default(false),
    encounterId: uuid('Kies een bestaande afspraak.').nullish(),
  })
  .superRefine(dailyNoteRules);
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportPatchSchema = z
  .object({
    type: z.enum(reportTypes, { error: 'Kies een soort rapportage.' }).optional(),
    category: z.enum(reportCategories, { error: 'Kies een geldige categorie.' }).nullish(),
    content: content.optional(),
    includeInHandover: z.boolean({ error: 'Geef aan of dit mee moet in de overdracht (true of false).' }).optional(),
    encounterId: uuid('Kies een bestaande afspraak.').nullish(),
  })
  .strict();

/** A changed report must still obey the rules for its (possibly changed) type. */
export const reportRulesSchema = z
  .object({ type: z.enum(reportTypes), category: z.enum(reportCategories).nullish(), content: z.string() })
  .superRefine(dailyNoteRules);

export const reportListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Geef het aantal als getal.' })
    .int('Geef het aantal als heel getal.')
    .min(1, 'Vraag minimaal 1 rapportage op.')
    .max(reportPageSize.max, `Maximaal ${reportPageSize.max} rapportages per pagina.`)
    .default(reportPageSize.default),
  offset: z.coerce
    .number({ error: 'Geef de offset als getal.' })
    .int('Geef de offset als heel getal.')
    .min(0, 'De offset kan niet negatief zijn.')
    .default(0),
  patientId: uuid('Kies een bestaande patiënt.').optional(),
  type: z.enum(reportTypes, { error: 'Kies een geldige soort rapportage.' }).optional(),
});

export const classifyInputSchema = z.object({
  text: z
    .string({ error: 'Vul een tekst in om te classificeren.' })
    .trim()
    .min(1, 'Vul een tekst in om te classificeren.')
    .max(reportMaxLength, 'De tekst is te lang.'),
});
