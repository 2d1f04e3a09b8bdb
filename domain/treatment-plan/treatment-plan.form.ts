import type { ClassificationKind, ConsentStatus, TreatmentPlanContent } from './treatment-plan.schemas';

/**
 * The edit form's fields → the plan as typed, to validate and to refill the form after an error.
 * Lists are one item per line; repeated rows are `doelen.0.omschrijving`, … so a field error's
 * path (`doelen.0.evaluatiedatum`) is the name of the input it belongs to. Rows left empty are
 * dropped before validation, so the paths match the rows the form shows again.
 */
export function planFormValues(form: FormData): TreatmentPlanContent {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const lines = (name: string) =>
    text(name)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
  const rows = <K extends string>(prefix: string, keys: readonly K[], choices: readonly string[] = []): Record<K, string>[] => {
    const indexes = new Set<number>();
    for (const name of form.keys()) {
      const match = new RegExp(`^${prefix}\\.(\\d+)\\.`).exec(name);
      if (match) indexes.add(Number(match[1]));
    }
    return (
      [...indexes]
        .sort((a, b) => a - b)
        .map((index) => Object.fromEntries(keys.map((key) => [key, text(`${prefix}.${index}.${key}`)])) as Record<K, string>)
        // A select always has a value: a row counts as empty when its typed fields are.
        .filter((row) => keys.some((key) => !choices.includes(key) && row[key] !== ''))
    );
  };
  return {
    hulpvraag: text('hulpvraag'),
    probleemanalyse: text('probleemanalyse'),
    classificatie: rows('classificatie', ['code', 'omschrijving', 'soort'] as const, ['soort']).map((row) => ({
      ...row,
      soort: row.soort as ClassificationKind,
    })),
    doelen: rows('doelen', ['omschrijving', 'evaluatiedatum'] as const),
    interventies: lines('interventies'),
    medicatie: lines('medicatie'),
    frequentie: text('frequentie'),
    duur: text('duur'),
    behandelaren: rows('behandelaren', ['naam', 'rol'] as const),
    crisisplan: { signalen: lines('crisisplan.signalen'), acties: lines('crisisplan.acties'), contact: text('crisisplan.contact') },
    evaluatiemomenten: rows('evaluatiemomenten', ['datum', 'omschrijving'] as const),
    toestemming: { status: text('toestemming.status') as ConsentStatus, toelichting: text('toestemming.toelichting') },
  };
}
