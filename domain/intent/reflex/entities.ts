import { TZDate } from '@date-fns/tz';
import { rangeForLabel } from '../../agenda/agenda.dates';
import { clinicalTimeZone, dayOfPhrase, startOfClinicalDay } from '../../shared/clinical-time';
import type { Entities, Intent } from '../intent.schemas';
import { honorifics } from '../lexicon';
import { asMainClause } from '../word-order';
import type { Classified } from './classify';
import { categoryIn, namedCategory } from './lookup';
import type { NameSpan } from './names';
import { momentIn, whenOf } from './times';
import { originalText, textOf, type Token } from './tokens';

/**
 * The entities of an action with the intent decided for the segment. What the reflex cannot do
 * keeps the patient it names, so a next action ("… en noteer dat hij …") is about that patient.
 */
export function entitiesFor(intent: Intent, input: string, segment: Token[], { head, contentAt, name }: Classified, now: Date): Entities {
  const entities: Entities = {};
  if (name) entities.patientName = name.name;
  if (intent === 'unknown') return entities;
  if (intent === 'dagnotitie') {
    const from =
      contentAt ??
      (name && name.end < segment.length && !head.slice(0, name.start).some((token) => token.kind === 'word' && !honorifics.has(token.norm))
        ? 0
        : nameEnd(segment, name));
    const contentTokens = segment.slice(from);
    const content = originalText(input, contentTokens)
      .replace(/^[:,\s-]+/, '')
      .replace(/[\s,;]+$/, '');
    // "noteer dat hij rustig was" is written down as "Hij was rustig."
    const dictatedClause = contentAt !== null && segment[contentAt - 1]?.norm === 'dat';
    if (content)
      entities.content = (dictatedClause ? asMainClause(content) : content.charAt(0).toUpperCase() + content.slice(1)).slice(0, 500);
    // "notitie mw. wijnands gedrag: schreeuwde …": the category said by name, before the text, wins.
    entities.category =
      namedCategory(segment)?.category ??
      categoryIn(contentTokens.length > 0 ? contentTokens : segment, textOf(contentTokens.length > 0 ? contentTokens : segment));
    return entities;
  }
  const naar = head.findIndex((token) => token.norm === 'naar');
  const source = momentIn(head, 0, naar >= 0 ? naar : head.length);
  const target = naar >= 0 ? momentIn(head, naar + 1, head.length) : source;
  const label = intent === 'reschedule_appointment' ? (target.label ?? source.label) : (source.label ?? target.label);
  if (label) entities.dateLabel = label;
  if (intent === 'create_appointment' || intent === 'reschedule_appointment') {
    const when = whenOf(intent === 'reschedule_appointment' ? target : source, now);
    if (when) entities.datetime = when.datetime;
    if (when?.guess) entities.assumedTime = when.guess;
  }
  if (intent === 'create_appointment') {
    // The kind named in the sentence ("plan intake …"): the service reads it from the identifier.
    const kind = appointmentTypeWord(segment);
    if (kind) entities.identifier = kind;
  }
  // A day the agenda has no label for ("volgende week dinsdag", "de 3e"): the day itself.
  const phrase = intent === 'reschedule_appointment' || intent === 'create_appointment' ? null : dayOfPhrase(source.text, now);
  if (phrase && phrase.label === null) {
    const start = startOfClinicalDay(phrase.date)!;
    entities.dateRange = {
      start: new TZDate(start.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
      end: new TZDate(startOfClinicalDay(phrase.date, { dayAfter: true })!.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
    };
  }
  if (intent === 'cancel_appointment' || intent === 'reschedule_appointment') {
    const identifier = [
      intent === 'reschedule_appointment' && naar < 0 ? null : source.label,
      intent === 'reschedule_appointment' && naar < 0 ? null : source.time,
    ]
      .filter(Boolean)
      .join(' ');
    if (identifier) entities.identifier = identifier;
  }
  if ((intent === 'agenda' || intent === 'agenda_query') && label && !entities.dateRange) {
    const range = rangeForLabel(label, now);
    if (range)
      entities.dateRange = {
        start: new TZDate(range.start.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
        end: new TZDate(range.end.getTime(), clinicalTimeZone).toISOString().replace('.000', ''),
      };
  }
  return entities;
}

const appointmentKinds: [RegExp, string][] = [
  [/^intake/, 'intake'],
  [/^medicatie(controle|gesprek|consult)/, 'medicatiecontrole'],
  [/^groeps?(therapie|sessie)/, 'groepstherapie'],
  [/^crisis/, 'crisisoverleg'],
  [/^somatisch/, 'somatisch'],
];

function appointmentTypeWord(segment: Token[]): string | null {
  for (const token of segment) for (const [pattern, kind] of appointmentKinds) if (pattern.test(token.norm)) return kind;
  return null;
}

function nameEnd(segment: Token[], name: NameSpan | null): number {
  if (!name) return segment.length;
  let index = name.end;
  while (segment[index]?.kind === 'punct') index++;
  return index;
}
