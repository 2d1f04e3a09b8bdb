import { roleLabels } from '../auth/auth.schemas';
import {
  legalStatusKinds,
  coerciveMeasureKinds,
  type LegalStatusKind,
  type CoerciveMeasureKind,
} from '../coercive-care/coercive-care.vocabulary';
import type { EntityManager } from '../db/orm';
import { arrayLiteral } from '../db/sql';
import { rankLabels, type DiagnosisRank } from '../diagnoses/diagnosis-codes';
import { intakeSections } from '../intake/intake.service';
import { vitalCodes } from '../measurements/vital-codes';
import { assertPatientExists } from '../patient/patient.service';
import { formatDate, formatDateTime, formatTime, isoDay } from '../shared/clinical-time';
import { formatMeasurement, foldAccents } from '../shared/text';
import {
  compoundTerms,
  cueAnswers,
  cuedTypes,
  measuredKinds,
  measuredValue,
  askedMoment,
  nothingAfterEvent,
  nothingAtMoment,
  purposeTerms,
  headPattern,
  headTerms,
  readQuestion,
  termQuery,
  termsFound,
  termWeights,
  unfoundActions,
  unfoundGeneral,
  withContactNames,
  type Contact,
  type Moment,
  type Question,
} from './dossiervraag.question';
import { noAnswer, sourceTypeLabels, type SourceType } from './dossiervraag.vocabulary';

/** One source an answer cites: what it is, when, by whom, the passage, and where it sits in the record. */
export interface Bron {
  type: SourceType;
  id: string;
  datum: string;
  auteur: string | null;
  tekst: string;
  link: string;
  /** On a model's answer: the label its sentences cite the source by ("B2", ADR 0084). */
  label?: string;
}

export interface Dossierantwoord {
  antwoord: string;
  bronnen: Bron[];
}

const legalLabels = JSON.stringify(Object.fromEntries(Object.entries(legalStatusKinds).map(([kind, { label }]) => [kind, label])));
const measureLabels = JSON.stringify(Object.fromEntries(Object.entries(coerciveMeasureKinds).map(([kind, { label }]) => [kind, label])));

/** At most this many sources in an answer. */
export const maxSources = 5;
/**
 * The share of a question's terms a source must answer (by its text, or by being the kind of record
 * a term names) before it is cited: below it the record says nothing about the question.
 */
export const supportThreshold = 0.6;
/**
 * The share that suffices when every word of the question is found somewhere in the record, spread
 * over sources: "de hulpvraag bij aanmelding" is answered by the hulpvraag section alone.
 */
export const spreadThreshold = 0.5;

export interface Row {
  type: SourceType;
  id: string;
  at: Date;
  author_name: string | null;
  author_role: string | null;
  author_discipline: string | null;
  by_name: string | null;
  facet: string;
  data: Record<string, unknown>;
  rank: number;
  matched: number[];
  live: boolean[];
}

/*
 * Every kind of record the patient has, as (type, id, moment, author, facet, document, data): a
 * query-time union over the record's own tables (ADR 0078), under the tenant's row security. The
 * reports branch only takes rows whose text matches (the expression index of migration
 * 20261129090000 serves it); the smaller kinds are read in full when the question names their kind.
 * A term is searched twice: stemmed by the `dutch` configuration ("slapen:*" is "slap:*") and as
 * written under `simple`, because the stemmer also shortens a prefix ("blaass:*" becomes "blas:*",
 * which no longer starts "blaasscan"; ADR 0106).
 */
const retrievalSql = `
with params as (
  select ?::uuid as patient_id, to_tsquery('dutch', ?) || to_tsquery('simple', ?) as q, ?::text[] as terms, ?::text[] as cued,
         ?::text[] as categories, ?::date as from_day, ?::date as to_day
),
-- The organisation's users whose discipline the question names ("de diëtist"): their reports are read
-- even where the text does not say who wrote it.
authors as (
  select coalesce(array_agg(u.id), '{}') as ids from users u, params
   where u.discipline is not null and to_tsvector('dutch', u.discipline) @@ params.q
),
sources as (
  select case when r.type = 'dagnotitie' then 'dagnotitie' else 'rapportage' end as type, r.id, r.created_at as at,
         r.created_by as author, null::text as by_name, r.type || ' ' || coalesce(r.category, '') as facet,
         to_tsvector('dutch', r.content) as doc,
         jsonb_build_object('content', r.content, 'category', r.category) as data
    from reports r, params
   where r.patient_id = params.patient_id and r.deleted_at is null and to_tsvector('dutch', r.content) @@ params.q
  union all
  select case when r.type = 'dagnotitie' then 'dagnotitie' else 'rapportage' end, r.id, r.created_at, r.created_by, null,
         r.type || ' ' || coalesce(r.category, ''), to_tsvector('dutch', r.content),
         jsonb_build_object('content', r.content, 'category', r.category)
    from reports r, params, authors
   where cardinality(authors.ids) > 0 and r.patient_id = params.patient_id and r.deleted_at is null
     and r.created_by = any(authors.ids) and not to_tsvector('dutch', r.content) @@ params.q
  union all
  -- A daily note of the category a question names ("dagbesteding": ADL), whatever its words.
  select 'dagnotitie', r.id, r.created_at, r.created_by, null, r.type || ' ' || coalesce(r.category, ''), to_tsvector('dutch', r.content),
         jsonb_build_object('content', r.content, 'category', r.category)
    from reports r, params, authors
   where cardinality(params.categories) > 0 and r.patient_id = params.patient_id and r.deleted_at is null
     and r.type = 'dagnotitie' and r.category = any(params.categories)
     and not to_tsvector('dutch', r.content) @@ params.q and not r.created_by = any(authors.ids)
  union all
  -- A moment asked with nothing else ("hoe was de nacht van 8 oktober"): the notes of that span (only
  -- then are the days passed; no other branch reads a report without a word of the question).
  select case when r.type = 'dagnotitie' then 'dagnotitie' else 'rapportage' end, r.id, r.created_at, r.created_by, null,
         r.type || ' ' || coalesce(r.category, ''), to_tsvector('dutch', r.content),
         jsonb_build_object('content', r.content, 'category', r.category)
    from reports r, params
   where params.from_day is not null and r.patient_id = params.patient_id and r.deleted_at is null
     and (r.created_at at time zone 'Europe/Amsterdam')::date between params.from_day and params.to_day
  union all
  select 'meting', s.id, s.observed_at, s.recorded_by, null,
         concat_ws(' ', case when s.news2_score is not null then 'news2' end, v.codes),
         to_tsvector('dutch', concat_ws(' ', 'meting', case when s.news2_score is not null then 'news2 early warning score' end, v.labels)),
         jsonb_build_object('news2Score', s.news2_score, 'news2Risk', s.news2_risk, 'values', coalesce(v.values, '[]'::jsonb))
    from vital_sets s, params,
         lateral (select string_agg(o.code, ' ') as codes, string_agg(o.label, ' ') as labels,
                         jsonb_agg(jsonb_build_object('code', o.code, 'label', o.label, 'value', o.value, 'unit', o.unit) order by o.code) as values
                    from vital_observations o where o.set_id = s.id and o.corrected_at is null) v
   where s.patient_id = params.patient_id
  union all
  select 'meting', o.id, o.observed_at, o.recorded_by, null, o.code, to_tsvector('dutch', 'meting ' || o.label),
         jsonb_build_object('values', jsonb_build_array(jsonb_build_object('code', o.code, 'label', o.label, 'value', o.value, 'unit', o.unit)))
    from vital_observations o, params
   where o.patient_id = params.patient_id and o.set_id is null and o.corrected_at is null
  union all
  select 'meting', b.id, b.observed_at, b.recorded_by, null, 'bvc ' || b.scale, to_tsvector('dutch', 'meting bvc broset ' || b.scale),
         jsonb_build_object('bvc', b.score)
    from scale_scores b, params
   where b.patient_id = params.patient_id and b.corrected_at is null
  union all
  select 'medicatieopdracht', m.id, m.created_at, m.prescribed_by, null, concat_ws(' ', m.product_name, m.change),
         to_tsvector('dutch', concat_ws(' ', 'medicatie', m.product_name, m.dose, m.indication, m.note, m.stop_reason,
                                        case when m.kind = 'zo-nodig' then 'zonodig' end)),
         jsonb_build_object('product', m.product_name, 'dose', m.dose, 'kind', m.kind, 'times', m.times, 'indication', m.indication,
                            'note', m.note, 'start', m.start_date, 'end', m.end_date, 'stoppedAt', m.stopped_at, 'stopReason', m.stop_reason)
    -- What the order did to the medicine's daily dose, against the order before it of the same medicine:
    -- "wanneer is de clozapine verhoogd" is the order that raised it, not every clozapine order.
    from (select o.*,
                 case when o.previous_daily is null then 'gestart'
                      when o.daily > o.previous_daily then 'verhoogd'
                      when o.daily < o.previous_daily then 'verlaagd' end as change
            from (select m.*, d.daily,
                         lag(d.daily) over (partition by lower(split_part(m.product_name, ' ', 1)) order by m.start_date, m.created_at) as previous_daily
                    from medication_orders m, params,
                         lateral (select nullif(regexp_replace(replace(split_part(m.dose, ' ', 1), ',', '.'), '[^0-9.]', '', 'g'), '')::numeric
                                         * greatest(coalesce(cardinality(m.times), 0), 1) as daily) d
                   where m.patient_id = params.patient_id and m.kind <> 'zo-nodig') o
          union all
          select m.*, null, null, null from medication_orders m, params where m.patient_id = params.patient_id and m.kind = 'zo-nodig') m
  union all
  select 'toediening', a.id, a.administered_at, a.recorded_by, null, m.product_name || ' ' || a.status,
         -- A dose given under a zo-nodig order is a zo-nodig dose: "hoe vaak kreeg hij iets extra's".
         to_tsvector('dutch', concat_ws(' ', 'toediening', m.product_name, m.dose, replace(a.status, '-', ' '), a.reason, a.effect,
                                        case when m.kind = 'zo-nodig' then 'zonodig' end)),
         jsonb_build_object('product', m.product_name, 'dose', m.dose, 'status', a.status, 'reason', a.reason, 'effect', a.effect, 'orderId', m.id)
    from medication_administrations a join medication_orders m on m.id = a.order_id, params
   where a.patient_id = params.patient_id
  union all
  select 'risico', k.id, k.assessed_at, k.assessed_by, null, k.risk_type,
         to_tsvector('dutch', concat_ws(' ', 'risico', k.risk_type, k.risk_level, k.rationale)),
         jsonb_build_object('riskType', k.risk_type, 'level', k.risk_level, 'rationale', k.rationale)
    from risk_assessments k, params
   where k.patient_id = params.patient_id
  union all
  select 'diagnose', d.id, d.diagnosed_at::timestamptz, d.diagnosed_by, null, d.code || ' ' || d.label,
         -- An ICD-10 code outside chapter F is a somatic diagnosis: "welke somatische diagnose".
         to_tsvector('dutch', concat_ws(' ', 'diagnose', d.code, d.label, d.end_reason,
                                        case when d.code ~* '^[a-eg-z][0-9]' then 'somatisch lichamelijk' else 'psychiatrisch' end)),
         jsonb_build_object('code', d.code, 'label', d.label, 'rank', d.rank, 'since', d.diagnosed_at, 'endedAt', d.ended_at)
    from diagnoses d, params
   where d.patient_id = params.patient_id
  union all
  select 'juridisch', l.id, l.starts_on::timestamptz, l.recorded_by, null, l.kind,
         to_tsvector('dutch', concat_ws(' ', 'rechtspositie', replace(l.kind, '-', ' '), ?::jsonb ->> l.kind, l.note)),
         jsonb_build_object('kind', l.kind, 'start', l.starts_on, 'end', l.ends_on, 'note', l.note)
    from legal_statuses l, params
   where l.patient_id = params.patient_id and l.corrected_at is null
  union all
  select 'maatregel', c.id, c.started_at, c.recorded_by, c.decided_by, c.kind,
         to_tsvector('dutch', concat_ws(' ', 'maatregel verplichte zorg', replace(c.kind, '-', ' '), ?::jsonb ->> c.kind, c.note, c.end_note)),
         jsonb_build_object('kind', c.kind, 'start', c.started_at, 'end', c.ended_at, 'note', c.note, 'endNote', c.end_note)
    from coercive_measures c, params
   where c.patient_id = params.patient_id
  union all
  select 'intake', i.id, coalesce(i.completed_at, i.updated_at), coalesce(i.completed_by, i.updated_by), null, i.section_key,
         to_tsvector('dutch', concat_ws(' ', 'intake', replace(i.section_key, '-', ' '), i.content)),
         jsonb_build_object('section', i.section_key, 'content', i.content)
    from intake_sections i, params
   where i.patient_id = params.patient_id and i.content <> ''
  union all
  select 'brief', g.id, g.created_at, g.created_by, null, 'brief huisarts',
         to_tsvector('dutch', concat_ws(' ', 'brief huisarts', g.subject, coalesce(g.final_text, g.rewritten_text, g.original_text))),
         jsonb_build_object('subject', g.subject, 'text', coalesce(g.final_text, g.rewritten_text, g.original_text))
    from gp_letters g, params
   where g.patient_id = params.patient_id
  union all
  select 'afspraak', ap.id, ap.start_at, ap.owner_id, pr.display_name, ap.type,
         to_tsvector('dutch', concat_ws(' ', 'afspraak', ap.type, ap.status, ap.location, ap.cancel_reason, pr.display_name, pr.discipline)),
         jsonb_build_object('type', ap.type, 'status', ap.status, 'with', concat_ws(', ', pr.display_name, pr.discipline), 'location', ap.location)
    from appointments ap left join users pr on pr.id = ap.practitioner_id, params
   where ap.patient_id = params.patient_id
  union all
  select 'contactpersoon', cp.id, cp.created_at, cp.created_by, null, cp.relation,
         to_tsvector('dutch', concat_ws(' ', 'contactpersoon', cp.name, cp.relation, cp.phone, cp.email)),
         jsonb_build_object('name', cp.name, 'relation', cp.relation, 'phone', cp.phone, 'email', cp.email)
    from contact_persons cp, params
   where cp.patient_id = params.patient_id
)
select s.type, s.id, s.at, u.display_name as author_name, u.role as author_role, u.discipline as author_discipline, s.by_name,
       s.facet, s.data, ts_rank_cd(d.doc, params.q) as rank,
       array(select t.i::int from unnest(params.terms) with ordinality t(query, i) where d.doc @@ (to_tsquery('dutch', t.query) || to_tsquery('simple', t.query))) as matched,
       array(select numnode(to_tsquery('dutch', t.query)) > 0 from unnest(params.terms) t(query)) as live
  from sources s cross join params left join users u on u.id = s.author,
       -- Who wrote it is part of what it says: "wat adviseerde de diëtist" (ADR 0106).
       lateral (select s.doc || to_tsvector('dutch', coalesce(u.discipline, '')) as doc) d
 where d.doc @@ params.q or s.type = any(params.cued)
    or (params.from_day is not null and (s.at at time zone 'Europe/Amsterdam')::date between params.from_day and params.to_day)
 order by rank desc, s.at desc
 limit 400`;

/**
 * The patient's notes that hold a compound ending in a word no source held (`headPattern`), in the shape
 * of `retrievalSql`'s rows; the terms they answer are read by `headTerms`. Only the patient's own notes
 * are scanned, through the patient's index.
 */
const headsSql = `
select case when r.type = 'dagnotitie' then 'dagnotitie' else 'rapportage' end as type, r.id, r.created_at as at,
       u.display_name as author_name, u.role as author_role, u.discipline as author_discipline, null as by_name,
       r.type || ' ' || coalesce(r.category, '') as facet, jsonb_build_object('content', r.content, 'category', r.category) as data,
       0 as rank, '{}'::int[] as matched,
       array(select numnode(to_tsquery('dutch', t.query)) > 0 from unnest(?::text[]) t(query)) as live
  from reports r left join users u on u.id = r.created_by
 where r.patient_id = ? and r.deleted_at is null and r.content ~* ? and not r.id = any(?::uuid[])
 order by r.created_at desc
 limit 50`;

export interface Scored {
  row: Row;
  coverage: number;
  /** A term answered by the kind of record rather than by its text: the structured lookup. */
  structured: boolean;
  /** The weight of the terms its text matched. */
  textual: number;
}

/** How much of the question a source answers, by its text or by being the record the question names. */
function score(question: Question, row: Row, skip: ReadonlySet<number>, weights: readonly number[]): Scored {
  let asked = 0;
  let answered = 0;
  let structured = false;
  let textual = 0;
  question.terms.forEach((term, i) => {
    // A word PostgreSQL does not index (a stop word of its own) and no cue answers: not part of the question.
    if (row.live[i] === false && term.cues.length === 0) return;
    if (skip.has(i)) return;
    asked += weights[i]!;
    const byCue = cueAnswers(term, row.type, row.facet);
    if (byCue && !term.compound && term.cues.some((cue) => cue.facets)) structured = true;
    if (row.matched.includes(i + 1)) textual += term.weight;
    if (byCue || row.matched.includes(i + 1)) answered += term.weight;
  });
  if (question.day) {
    asked += 1;
    if (isoDay(row.at).slice(5) === question.day) answered += 1;
  }
  if (question.month) {
    asked += 1;
    if (isoDay(row.at).slice(5, 7) === question.month) answered += 1;
  }
  return { row, coverage: asked ? answered / asked : 0, structured, textual };
}

/** A judgement about the patient rather than something that happened on a day. */
const assessment = (row: Row) => row.type === 'risico' || row.type === 'diagnose';

const time = (row: Row) => new Date(row.at).getTime();

/**
 * Best first: the most of the question answered, then what lies in the moment the question names
 * ("HF vannacht", "hoe sliep hij afgelopen nacht"), then the order the question asks for.
 */
export function compare(question: Question, now: Date, moment: Moment | null) {
  const kinds = measuredKinds(question);
  const value = (row: Row) => (row.type === 'meting' ? measuredValue(row.data, kinds) : null);
  const inMoment = (row: Row) => moment !== null && isoDay(row.at) >= moment.from && isoDay(row.at) <= moment.to;
  return (a: Scored, b: Scored): number => {
    if (Math.abs(a.coverage - b.coverage) > 1e-9) return b.coverage - a.coverage;
    if (inMoment(a.row) !== inMoment(b.row)) return inMoment(a.row) ? -1 : 1;
    // "Wanneer is hij gevallen": the report of the fall, not the falls risk that mentions it.
    if (question.when && assessment(a.row) !== assessment(b.row)) return assessment(a.row) ? 1 : -1;
    if (a.structured !== b.structured) return a.structured ? -1 : 1;
    // "Het laagste gewicht": among the measurements that answer as well, the lowest value first.
    if (question.order === 'lowest' || question.order === 'highest') {
      const [first, second] = [value(a.row), value(b.row)];
      if ((first === null) !== (second === null)) return first === null ? 1 : -1;
      if (first !== null && second !== null && first !== second) return question.order === 'lowest' ? first - second : second - first;
    }
    // Where no kind of record answers by itself, the text that holds the words beats the row of the
    // kind a compound's head names, whatever the order asked: "laatste lithiumspiegel" is the newest
    // level in the notes, not the newest lithium dose.
    if (a.textual !== b.textual && (question.order === 'fit' || !a.structured)) return b.textual - a.textual;
    if (question.order === 'newest') return time(b.row) - time(a.row);
    if (question.order === 'oldest') return time(a.row) - time(b.row);
    if (question.order === 'next') {
      const [aFuture, bFuture] = [time(a.row) >= now.getTime(), time(b.row) >= now.getTime()];
      if (aFuture !== bFuture) return aFuture ? -1 : 1;
      return aFuture ? time(a.row) - time(b.row) : time(b.row) - time(a.row);
    }
    // "Wanneer is hij gevallen": the first record of the event, not the notes that look back on it (nor
    // the one that says there was no fall); a planned event is its appointment.
    if (question.when) {
      if ((a.row.type === 'afspraak') !== (b.row.type === 'afspraak')) return a.row.type === 'afspraak' ? -1 : 1;
      return time(a.row) - time(b.row);
    }
    return b.row.rank - a.row.rank || time(b.row) - time(a.row);
  };
}

/**
 * Answers a free question about one patient's record from the record alone (no model): the
 * best-supported sources, each cited with type, date and author and linked; or "Ik weet het niet"
 * when nothing answers enough of the question. Runs under the tenant's row security: another
 * organisation's patient is a 404, and only this patient's rows are read.
 */
export async function askRecord(em: EntityManager, patientId: string, vraag: string, now: Date = new Date()): Promise<Dossierantwoord> {
  await assertPatientExists(em, patientId);
  const names = await em.execute<{ name_given: string[]; family_name: string }[]>(
    'select name_given, family_name from patients where id = ?',
    [patientId],
  );
  const patientNames = names.flatMap((row) => [...row.name_given, row.family_name]);
  const contacts = await em.execute<Contact[]>('select name, relation from contact_persons where patient_id = ?', [patientId]);
  const question = withContactNames(readQuestion(vraag, patientNames), contacts, patientNames);
  const moment = askedMoment(vraag, now);
  // Nothing asked but a moment: what the record holds of that moment is the answer.
  const momentOnly = question.terms.length === 0 ? moment : null;
  if (question.terms.length === 0 && !question.day && !question.month && !momentOnly) return { antwoord: noAnswer, bronnen: [] };
  const fetched = await em.execute<Row[]>(retrievalSql, [
    patientId,
    question.terms.map((term) => `(${termQuery(term)})`).join(' | '),
    question.terms.map((term) => `(${termQuery(term)})`).join(' | '),
    arrayLiteral(question.terms.map(termQuery)),
    arrayLiteral(cuedTypes(question)),
    arrayLiteral(
      question.terms.flatMap((term) => term.cues.filter((cue) => cue.types.includes('dagnotitie')).flatMap((cue) => cue.facets ?? [])),
    ),
    momentOnly?.from ?? null,
    momentOnly?.to ?? null,
    // The kinds' own Dutch labels are searched too: "Separatie / afzondering", "Insluiting op de eigen kamer".
    legalLabels,
    measureLabels,
  ]);
  // A medicine asked by what it is for: a note about sleep does not answer "iets om te slapen".
  const rows = fetched.filter((row) => !question.forMedicine || row.type === 'medicatieopdracht' || row.type === 'toediening');
  // An administration is given for what its order is for (round five): "hoe vaak kreeg ze iets extra's tegen
  // de onrust" counts the lorazepam given under the order "bij agitatie".
  const orderReasons = new Map(
    rows
      .filter((row) => row.type === 'medicatieopdracht')
      .map((row) => [row.id, [row.data.indication, row.data.reason].filter((value) => typeof value === 'string').join(' ')] as const),
  );
  for (const row of rows) {
    const inside = compoundTerms(
      question,
      Object.values(row.data)
        .filter((value) => typeof value === 'string')
        .join(' '),
    );
    const aims =
      row.type === 'medicatieopdracht' || row.type === 'toediening'
        ? purposeTerms(
            question,
            [row.data.indication, row.data.note, row.data.reason, orderReasons.get(text(row.data.orderId))]
              .filter((value) => typeof value === 'string')
              .join(' '),
          )
        : [];
    row.matched = [...new Set([...row.matched, ...inside, ...aims])];
  }
  // A word no source holds may be the head of the record's compound ("haven" in "jachthaven").
  const unheld = question.terms.flatMap((term, i) => (rows.some((row) => row.matched.includes(i + 1)) ? [] : [i]));
  // Such a head is also looked for in the notes no word of the question fetched: "uitslag kweek?" asks only
  // "kweek", which the record writes as "urinekweek" (an infix the text index cannot find).
  const heads = question.forMedicine ? null : headPattern(question, unheld);
  if (heads)
    rows.push(
      ...(await em.execute<Row[]>(headsSql, [
        arrayLiteral(question.terms.map(termQuery)),
        patientId,
        heads,
        arrayLiteral(rows.map((row) => row.id)),
      ])),
    );
  if (unheld.length)
    for (const row of rows) {
      const text = Object.values(row.data)
        .filter((value) => typeof value === 'string')
        .join(' ');
      row.matched = [...new Set([...row.matched, ...headTerms(question, text, unheld)])];
    }
  const skip = new Set([...unfoundActions(question, rows), ...unfoundGeneral(question, rows)]);
  // Never a guess: a moment with nothing of the kind asked, or an event with nothing asked after it,
  // is not answered by what the record holds on other days or by the event itself.
  if (momentOnly) return momentAnswer(rows, momentOnly, patientId, question);
  if (nothingAtMoment(question, moment, rows) || nothingAfterEvent(question, rows, skip)) return { antwoord: noAnswer, bronnen: [] };
  const found = termsFound(question, rows, skip);
  const weights = termWeights(question, found);
  const scoredRows = rows.map((row) => score(question, row, skip, weights));
  const threshold = found.every(Boolean) ? spreadThreshold : supportThreshold;
  const supported = scoredRows
    // Below the usual share a source must hold a word of the question or be the very record it names
    // (a NEWS2 row, a clozapine order): being some medication order does not answer "ECT gestart?".
    .filter(
      (scored) => scored.coverage >= supportThreshold || (scored.coverage >= threshold - 1e-9 && (scored.textual > 0 || scored.structured)),
    )
    .sort(compare(question, now, moment));
  if (supported.length === 0) return { antwoord: noAnswer, bronnen: [] };
  const bronnen = supported.slice(0, maxSources).map(({ row }) => bronOf(row, patientId, question));
  const best = supported[0]!.coverage;
  const count = supported.filter((scored) => Math.abs(scored.coverage - best) < 1e-9).length;
  const lines = bronnen.map((bron) => `• ${bron.tekst} (${citation(bron)})`);
  const lead = question.counts
    ? `Het dossier noemt dit ${count} keer${count > maxSources ? `; de ${maxSources} best passende` : ''}:`
    : 'Uit het dossier:';
  return { antwoord: [lead, ...lines].join('\n'), bronnen };
}

/** The sources of a moment asked with nothing else, the notes first, in the order they were written. */
function momentAnswer(rows: readonly Row[], moment: Moment, patientId: string, question: Question): Dossierantwoord {
  const note = (row: Row) => row.type === 'rapportage' || row.type === 'dagnotitie';
  const inside = rows
    .filter((row) => isoDay(row.at) >= moment.from && isoDay(row.at) <= moment.to)
    .sort((a, b) => Number(note(b)) - Number(note(a)) || time(a) - time(b));
  if (inside.length === 0) return { antwoord: noAnswer, bronnen: [] };
  const bronnen = inside.slice(0, maxSources).map((row) => bronOf(row, patientId, question));
  return { antwoord: ['Uit het dossier:', ...bronnen.map((bron) => `• ${bron.tekst} (${citation(bron)})`)].join('\n'), bronnen };
}

/** "(medicatieopdracht, 12 nov 2026, dr. A. Visser, psychiater)". */
export const citation = (bron: Bron): string => [sourceTypeLabels[bron.type], bron.datum, bron.auteur].filter(Boolean).join(', ');

const day = (at: Date | string) => formatDateTime(at).split(',')[0]!;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function bronOf(row: Row, patientId: string, question: Question): Bron {
  const author = row.type === 'maatregel' && row.by_name ? row.by_name : row.author_name;
  const role =
    row.type === 'maatregel'
      ? null
      : (row.author_discipline ?? (row.author_role ? (roleLabels as Record<string, string>)[row.author_role] : null));
  return {
    type: row.type,
    id: row.id,
    datum: day(row.at),
    auteur: author ? [author, role?.toLowerCase()].filter(Boolean).join(', ') : null,
    tekst: passage(row, question),
    link: linkOf(row, patientId),
  };
}

function linkOf(row: Row, patientId: string): string {
  const record = `/patients/${patientId}`;
  const anchor = `#${row.type}-${row.id}`;
  switch (row.type) {
    case 'rapportage':
    case 'dagnotitie':
      return `${record}/rapportages${anchor}`;
    case 'meting':
      return row.data.bvc !== undefined ? `${record}/metingen/bvc${anchor}` : `${record}/metingen${anchor}`;
    case 'medicatieopdracht':
      return `${record}/medicatie${anchor}`;
    case 'toediening':
      // The page lists a week of administrations; the order it belongs to is always there.
      return `${record}/medicatie#medicatieopdracht-${text(row.data.orderId)}`;
    case 'risico':
      return `${record}/risicos${anchor}`;
    case 'diagnose':
      return `${record}/diagnoses${anchor}`;
    case 'juridisch':
    case 'maatregel':
      return `${record}/verplichte-zorg${anchor}`;
    case 'intake':
      return `${record}/intake/${text(row.data.section)}`;
    case 'brief':
      return `/brieven/${row.id}`;
    case 'afspraak':
      return `/agenda/${row.id}`;
    case 'contactpersoon':
      return `${record}#contactpersonen`;
  }
}

/** The sentences of a long text that carry the question's words; the text itself when short. */
function excerpt(full: string, question: Question, max = 320): string {
  const flat = full.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const stems = question.terms.flatMap((term) => term.words.map((word) => foldAccents(word.toLowerCase()).slice(0, 5)));
  const sentences = flat.split(/(?<=[.!?])\s+/);
  const hits = sentences.filter((sentence) => stems.some((stem) => foldAccents(sentence.toLowerCase()).includes(stem)));
  const chosen = (hits.length ? hits : sentences).join(' ');
  return chosen.length <= max ? chosen : `${chosen.slice(0, max).replace(/\s+\S*$/, '')} …`;
}

interface Value {
  code: string;
  label: string;
  value: number | string;
  unit: string;
}

function measurements(values: Value[]): string[] {
  const byCode = new Map(values.map((value) => [value.code, value]));
  const systolic = byCode.get('bloeddruk-systolisch');
  const diastolic = byCode.get('bloeddruk-diastolisch');
  const parts: string[] = [];
  if (systolic && diastolic) parts.push(`bloeddruk ${Number(systolic.value)}/${Number(diastolic.value)} mmHg`);
  for (const value of values) {
    if (systolic && diastolic && value.code.startsWith('bloeddruk-')) continue;
    const label = (vitalCodes[value.code]?.label ?? value.label).toLowerCase();
    parts.push(`${label} ${formatMeasurement(Number(value.value), value.unit)}`);
  }
  return parts;
}

/** The source in one plain Dutch sentence. */
function passage(row: Row, question: Question): string {
  const data = row.data;
  switch (row.type) {
    case 'rapportage':
    case 'dagnotitie':
      return excerpt(text(data.content), question);
    case 'meting': {
      if (data.bvc !== undefined) return `BVC ${Number(data.bvc)} van 6, gescoord op ${formatDateTime(row.at)}.`;
      const parts = measurements((data.values as Value[] | undefined) ?? []);
      if (data.news2Score !== null && data.news2Score !== undefined)
        parts.unshift(`NEWS2 ${Number(data.news2Score)}${data.news2Risk ? ` (risico ${text(data.news2Risk)})` : ''}`);
      return `Gemeten op ${formatDateTime(row.at)}: ${parts.join(', ')}.`;
    }
    case 'medicatieopdracht': {
      const times = (data.times as string[] | undefined) ?? [];
      const schedule = data.kind === 'zo-nodig' ? 'zo nodig' : times.length ? `om ${times.join(', ')}` : '';
      const period = `vanaf ${formatDate(text(data.start))}${data.end ? ` tot ${formatDate(text(data.end))}` : ''}`;
      const reason = data.indication ? `; reden: ${text(data.indication)}` : '';
      const note = data.note ? ` (${text(data.note)})` : '';
      const stopped = data.stoppedAt ? `; gestopt op ${day(text(data.stoppedAt))}: ${text(data.stopReason)}` : '';
      return `${text(data.product)}, ${text(data.dose)} ${schedule}${note} ${period}${reason}${stopped}.`.replace(/\s+/g, ' ');
    }
    case 'toediening': {
      const status = text(data.status).replace('-', ' ');
      const reason = data.reason ? ` (${text(data.reason)})` : '';
      const effect = data.effect ? `; effect: ${text(data.effect)}` : '';
      return `${text(data.product)} ${text(data.dose)} ${status} op ${formatDateTime(row.at)}${reason}${effect}.`;
    }
    case 'risico':
      return `Risico ${text(data.riskType)}: ${text(data.level)}. ${excerpt(text(data.rationale), question, 240)}`;
    case 'diagnose': {
      const rank = rankLabels[data.rank as DiagnosisRank] ?? 'Diagnose';
      const ended = data.endedAt ? `, beëindigd op ${formatDate(text(data.endedAt))}` : '';
      return `${rank} ${text(data.code)} ${text(data.label)}, vastgesteld op ${formatDate(text(data.since))}${ended}.`;
    }
    case 'juridisch': {
      const label = legalStatusKinds[data.kind as LegalStatusKind]?.label ?? text(data.kind);
      const end = data.end ? ` tot ${formatDate(text(data.end))}` : ', zonder einddatum';
      return `Rechtspositie: ${label} vanaf ${formatDate(text(data.start))}${end}.`;
    }
    case 'maatregel': {
      const label = coerciveMeasureKinds[data.kind as CoerciveMeasureKind]?.label ?? text(data.kind);
      const end = data.end ? ` tot ${formatDateTime(text(data.end))}` : ' (loopt nog)';
      const reason = data.note ? `; reden: ${text(data.note)}` : '';
      return `${label} van ${formatDateTime(text(data.start))}${end}${reason}.`;
    }
    case 'intake': {
      const label = intakeSections.find((section) => section.key === data.section)?.label ?? text(data.section);
      return `Intake, ${label}: ${excerpt(text(data.content), question, 280)}`;
    }
    case 'brief':
      return `Brief "${text(data.subject)}": ${excerpt(text(data.text), question, 280)}`;
    case 'afspraak': {
      const cancelled = data.status === 'geannuleerd' ? ' (geannuleerd)' : '';
      const who = data.with ? ` met ${text(data.with)}` : '';
      return `Afspraak (${text(data.type)}) op ${day(row.at)} om ${formatTime(row.at)}${who}${cancelled}.`;
    }
    case 'contactpersoon': {
      const reach = [data.phone, data.email].filter(Boolean).map(text).join(', ');
      return `${text(data.name)} (${text(data.relation)})${reach ? `, bereikbaar op ${reach}` : ''}.`;
    }
  }
}
