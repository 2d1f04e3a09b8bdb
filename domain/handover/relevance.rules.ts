import {
  asNeededMedicationWords,
  hallucinationWords,
  mealWords,
  medicationTakenWords,
  medicationWords,
  sleepWords,
  suicideAndSelfHarmWords,
  washingWords,
  wordPattern,
} from '../shared/clinical-vocabulary';
import type { HandoverRole } from './handover.schemas';

/**
 * The vocabulary of the handover's relevance rules (`relevance.ts` is the engine that applies it):
 * why an item is kept or dropped, per role, and the Dutch words and phrases of ward notes that
 * decide it. Patterns are written against lower-case text without diacritics.
 */

export const relevanceReasons = [
  // kept
  'crisis_dwang',
  'incident',
  'risicosignaal',
  'psychotisch',
  'agitatie',
  'medicatieprobleem',
  'somatisch',
  'vitaal_afwijkend',
  'stemming_gedrag',
  'adl_afwijkend',
  'zo_nodig_medicatie',
  'levensgebeurtenis',
  'behandelbeleid',
  'arts_ingeschakeld',
  'familiecontact',
  'slaapprobleem',
  'afspraak',
  'zorgtaak',
  'overig',
  // dropped
  'routinemedicatie',
  'adl_routine',
  'sociaal',
  'dagstructuur',
  'standaardobservatie',
  'vitaal_normaal',
  'vitaal_licht_afwijkend',
  'risico_gemiddeld',
  'risico_laag',
  'geen_signaal',
] as const;
export type RelevanceReason = (typeof relevanceReasons)[number];

export interface Relevance {
  keep: boolean;
  reason: RelevanceReason;
  /** 0..3: how urgent, used to order items (3 = crisis/suicidality, 0 = routine). */
  weight: number;
}

/** Dutch label per reason for the UI. */
export const relevanceReasonLabels: Record<RelevanceReason, string> = {
  crisis_dwang: 'Crisis of dwang',
  incident: 'Incident',
  risicosignaal: 'Risicosignaal',
  psychotisch: 'Psychotische verschijnselen',
  agitatie: 'Agitatie',
  medicatieprobleem: 'Medicatieprobleem',
  somatisch: 'Somatisch probleem',
  vitaal_afwijkend: 'Afwijkende meting',
  stemming_gedrag: 'Verandering in stemming of gedrag',
  adl_afwijkend: 'Afwijkende ADL',
  zo_nodig_medicatie: 'Zo-nodigmedicatie',
  levensgebeurtenis: 'Ingrijpende gebeurtenis',
  behandelbeleid: 'Behandelbeleid',
  arts_ingeschakeld: 'Arts ingeschakeld',
  familiecontact: 'Contact met naasten',
  slaapprobleem: 'Slaapprobleem',
  afspraak: 'Afspraak of gespreksverzoek',
  zorgtaak: 'Zorgtaak',
  overig: 'Overige rapportage',
  routinemedicatie: 'Medicatie volgens voorschrift',
  adl_routine: 'ADL zonder bijzonderheden',
  sociaal: 'Sociale activiteit',
  dagstructuur: 'Dagstructuur',
  standaardobservatie: 'Geen bijzonderheden',
  vitaal_normaal: 'Normale meting',
  vitaal_licht_afwijkend: 'Licht afwijkende meting',
  risico_gemiddeld: 'Gemiddeld risico',
  risico_laag: 'Laag risico',
  geen_signaal: 'Geen signaal voor deze rol',
};

/** A kept or a dropped item: what the tables below and the engine hand out. */
export const keep = (reason: RelevanceReason, weight: number): Relevance => ({ keep: true, reason, weight });
export const drop = (reason: RelevanceReason): Relevance => ({ keep: false, reason, weight: 0 });

// ---------------------------------------------------------------------------------------------
// Vitals and risk assessments: already coded, so a table per role is all it takes.

export const vitalRelevance: Record<'HH' | 'H' | 'N' | 'L' | 'LL', Record<HandoverRole, Relevance>> = {
  HH: { psychiater: keep('vitaal_afwijkend', 2), verpleegkundige: keep('vitaal_afwijkend', 2) },
  LL: { psychiater: keep('vitaal_afwijkend', 2), verpleegkundige: keep('vitaal_afwijkend', 2) },
  // A slightly raised value is the nurse's to re-measure; the psychiatrist hears when it becomes HH/LL.
  H: { psychiater: drop('vitaal_licht_afwijkend'), verpleegkundige: keep('vitaal_afwijkend', 1) },
  L: { psychiater: drop('vitaal_licht_afwijkend'), verpleegkundige: keep('vitaal_afwijkend', 1) },
  N: { psychiater: drop('vitaal_normaal'), verpleegkundige: drop('vitaal_normaal') },
};

export const riskRelevance: Record<'zeer hoog' | 'hoog' | 'gemiddeld' | 'laag', Record<HandoverRole, Relevance>> = {
  'zeer hoog': { psychiater: keep('risicosignaal', 3), verpleegkundige: keep('risicosignaal', 3) },
  hoog: { psychiater: keep('risicosignaal', 2), verpleegkundige: keep('risicosignaal', 2) },
  // The psychiatrist set the assessment; the nurse needs a medium risk in mind during the shift.
  gemiddeld: { psychiater: drop('risico_gemiddeld'), verpleegkundige: keep('risicosignaal', 1) },
  laag: { psychiater: drop('risico_laag'), verpleegkundige: drop('risico_laag') },
};

/**
 * A measure of compulsory care in force (separatie, fixatie, dwangmedicatie …) is the top of the
 * scale for both roles: the psychiatrist evaluates and decides on it, the nurse carries it out.
 */
export const measureRelevance: Record<HandoverRole, Relevance> = {
  psychiater: keep('crisis_dwang', 3),
  verpleegkundige: keep('crisis_dwang', 3),
};

/**
 * The nurse's registrations: a refusal is a medication problem for both roles (the first thing on
 * the psychiatrist's list), as "weigerde de medicatie" in a report is; a dose not given weighs less;
 * a zo-nodig gift is kept as the same words in a report are.
 */
export const medicationRelevance: Record<'geweigerd' | 'niet-gegeven' | 'zo-nodig', Record<HandoverRole, Relevance>> = {
  geweigerd: { psychiater: keep('medicatieprobleem', 2), verpleegkundige: keep('medicatieprobleem', 2) },
  'niet-gegeven': { psychiater: keep('medicatieprobleem', 1), verpleegkundige: keep('medicatieprobleem', 1) },
  'zo-nodig': { psychiater: keep('zo_nodig_medicatie', 1), verpleegkundige: keep('zo_nodig_medicatie', 1) },
};

/** Risk types about suicidality or self-harm, matched anywhere in the type's name: they go to the top of the scale. */
export const selfDirectedRisk = new RegExp([...suicideAndSelfHarmWords, 'automutil'].map((word) => word.replace(/\*$/, '')).join('|'));

// ---------------------------------------------------------------------------------------------
// Reports: free ward text, judged clause by clause against ordered rule tables.

const both: readonly HandoverRole[] = ['psychiater', 'verpleegkundige'];
const nurse: readonly HandoverRole[] = ['verpleegkundige'];

export interface KeepRule {
  reason: RelevanceReason;
  weight: number;
  roles: readonly HandoverRole[];
  pattern: RegExp;
}

/** Whole words or stems; alternatives may use `\w*` for Dutch inflection. */
const words = (...alternatives: string[]) => new RegExp(String.raw`\b(?:${alternatives.join('|')})\b`, 'g');
/** Up to n words between two parts of a phrase: "weigerde (vanochtend zijn) medicatie". */
const gap = (n: number) => String.raw`(?:\S+\s+){0,${n}}`;
/** Words of the shared clinical vocabulary as alternatives of a pattern. */
const shared = (list: readonly string[]) => list.map(wordPattern);
/** One of several alternatives, as a group to build phrases with. */
const anyOf = (...alternatives: string[]) => `(?:${alternatives.join('|')})`;

/** Any medication: the general words, forms and the drug names of a psychiatric ward. */
const drug = anyOf(
  ...shared(medicationWords),
  String.raw`\w+medicatie`,
  String.raw`depot\w*`,
  String.raw`injectie\w*`,
  'clozapine',
  'olanzapine',
  'haloperidol',
  String.raw`risperid\w*`,
  'quetiapine',
  String.raw`aripiprazol\w*`,
  'lithium',
  'lorazepam',
  'oxazepam',
  'diazepam',
  'temazepam',
  'zuclopentixol',
  'sertraline',
  String.raw`\w*citalopram`,
  'paroxetine',
  'venlafaxine',
  'mirtazapine',
  String.raw`valpro\w*`,
  'lamotrigine',
  'promethazine',
  'biperideen',
);
const kin = String.raw`(?:moeder|vader|ouders|zus|zuster|broer|partner|vrouw|man|zoon|dochter|familie|naasten?|ex|ex-partner|vriend\w*)`;
const conflict = String.raw`(?:ruzie\w*|conflict\w*|boos|kwaad|kortaf|klacht\w*|verdrietig|dreig\w*|advocaat)`;
const doctor = String.raw`(?:psychiater|arts|ag|aios|agnio|anios|dokter|dienstdoende|behandelaar|huisarts)`;
/** Other disciplines a nurse calls in: the call itself is a decision the next shift follows up. */
const discipline = String.raw`(?:dietist\w*|fysiotherapeut\w*|ergotherapeut\w*|tandarts|apotheker|logopedist\w*|maatschappelijk werk\w*)`;
const dayCount = String.raw`(?:\d+|twee|drie|vier|vijf|meerdere|paar|aantal|al)`;

/** Ordered by urgency: the first rule that matches an un-negated clause decides reason and weight. */
export const keepRules: KeepRule[] = [
  {
    reason: 'crisis_dwang',
    weight: 3,
    roles: both,
    pattern: words(
      String.raw`separ\w*`,
      String.raw`gesepar\w*`,
      'sep',
      String.raw`afzondering\w*`,
      String.raw`fixat\w*`,
      'gefixeerd',
      'fixeren',
      'dwangmedicatie',
      '(?:onder|met) dwang',
      'noodmedicatie',
      'verplichte zorg',
      String.raw`crisisdienst\w*`,
      String.raw`insluit\w*`,
      'ingesloten',
      String.raw`beveiliging\w*`,
    ),
  },
  {
    reason: 'risicosignaal',
    weight: 3,
    roles: both,
    pattern: words(
      String.raw`suicid\w*`,
      String.raw`doodsgedacht\w*`,
      String.raw`doodswens\w*`,
      String.raw`wil\w* dood`,
      String.raw`dood ${gap(1)}(?:wil|willen|zijn)`,
      String.raw`niet meer ${gap(2)}leven`,
      String.raw`niet meer wakker ${gap(1)}(?:worden|werd|te worden)`,
      'liever dood',
      // A passive death wish said in other words ("beter als ze er niet meer was").
      String.raw`(?:als|dat) (?:ze|zij|hij|ik) er niet meer (?:was|is|ben|zou zijn|zijn)`,
      String.raw`beter af zonder (?:haar|hem|mij)`,
      String.raw`eind\w* aan ${gap(2)}maken`,
      String.raw`ziet ${gap(2)}niet meer zitten`,
      'geen uitweg',
      String.raw`dood ${gap(2)}(?:gaan|kunnen)`,
      'er klaar mee',
      String.raw`zelfbeschadig\w*`,
      String.raw`zelfverwond\w*`,
      String.raw`automutil\w*`,
      String.raw`auto[- ]?agress\w*`,
      'krassen op',
      'gekrast',
      String.raw`snijwond\w*`,
      String.raw`(?:zich|zichzelf) ${gap(1)}(?:gesneden|snijden|gekrast)`,
      String.raw`hoofd ${gap(4)}(?:bonk\w*|gebonkt)`,
      'hoofdbonken',
      String.raw`ophang\w*`,
      'strop',
      'overdosis',
      String.raw`(?:tabletten|pillen|medicatie) ${gap(3)}(?:gevonden|verstopt|gespaard|verzameld)`,
      String.raw`onttr\w*`,
      'weggelopen',
      String.raw`ontvlucht\w*`,
      'vermist',
      String.raw`niet ${gap(1)}(?:teruggekomen|teruggekeerd)`,
      String.raw`te laat ${gap(2)}terug\w*`,
      String.raw`(?:zocht|zoekt|zoeken) ${gap(1)}(?:de )?uitgang`,
      String.raw`1[- ]op[- ]1`,
      String.raw`observatie ${gap(1)}(?:elk|ieder) kwartier`,
      'intensieve observatie',
      'wapen',
      'mes',
      // Physical aggression; slamming doors is agitation, see below.
      String.raw`geslagen|slaan|sloeg(?! met)|schop\w*|geschopt|trapte|getrapt|duwde|geduwd|gebeten|bespuugd|gooide met|smeet|vernield\w*|handtastelijk\w*`,
    ),
  },
  {
    reason: 'risicosignaal',
    weight: 2,
    roles: both,
    pattern: words(
      String.raw`agress\w*`,
      String.raw`dreig\w*`,
      String.raw`bedreig\w*`,
      'uitgescholden',
      String.raw`scheld\w*`,
      'schold',
      String.raw`blow\w*`,
      'geblowd',
      'wiet',
      'cannabis',
      'drugs',
      'alcohol',
      'dronken',
      'onder invloed',
      'cocaine',
      'middelengebruik',
      '(?:signaleringsplan )?fase (?:oranje|rood)',
    ),
  },
  {
    reason: 'crisis_dwang',
    weight: 2,
    roles: both,
    pattern: words('zorgmachtiging', 'crisismaatregel', 'ibs', 'rechter', 'zitting'),
  },
  {
    reason: 'psychotisch',
    weight: 2,
    roles: both,
    pattern: words(
      ...shared(hallucinationWords),
      String.raw`waan\w*`,
      'wanen',
      String.raw`wanide\w*`,
      String.raw`paranoi\w*`,
      String.raw`achterdocht\w*`,
      String.raw`psychot\w*`,
      String.raw`psychose\w*`,
      String.raw`verward\w*`,
      String.raw`onsamenhangend\w*`,
      String.raw`incoherent\w*`,
      String.raw`desorganis\w*`,
      'gedesorganiseerd',
      String.raw`grootheids\w*`,
      String.raw`vergiftig\w*`,
      String.raw`(?:gevolgd|achtervolgd|bekeken|beinvloed) ${gap(2)}(?:door|via)`,
      String.raw`afluister\w*`,
      'afgeluisterd',
      String.raw`voelt zich ${gap(1)}(?:gevolgd|achtervolgd|bekeken|afgeluisterd)`,
      'prikkels die er niet zijn',
      String.raw`(?:iemand|mensen|personen|dingen) die er niet (?:is|zijn)`,
      String.raw`berichten ${gap(2)}voor (?:hem|haar|mij)`,
      String.raw`(?:speciale|verborgen) (?:betekenis|boodschap\w*)`,
      String.raw`lacht ${gap(1)}ongepast`,
      'ongepast lachen',
      String.raw`reageert ${gap(2)}op ${gap(1)}(?:stemmen|prikkels)`,
      String.raw`(?:praat|lacht|praten) ${gap(1)}in zichzelf`,
      String.raw`staart ${gap(3)}(?:naar|in)`,
    ),
  },
  {
    reason: 'agitatie',
    weight: 2,
    roles: both,
    pattern: words(
      // "Onrustige nacht" is how ward notes say "slept badly"; agitation at night has its own words.
      String.raw`onrust\w*\b(?! nacht)`,
      String.raw`geagiteerd\w*`,
      String.raw`agitatie\w*`,
      String.raw`gespannen\w*`,
      String.raw`spanning\w*`,
      String.raw`ijsbe\w*`,
      String.raw`prikkelbaar\w*`,
      'geprikkeld',
      String.raw`geirriteerd\w*`,
      'boos',
      'boze',
      'kwaad',
      String.raw`woede\w*`,
      String.raw`schreeuw\w*`,
      'geschreeuwd',
      String.raw`ruzie\w*`,
      String.raw`sloeg met ${gap(1)}deur\w*`,
      String.raw`(?:kon|kan) niet stil\w*`,
      String.raw`rondjes ${gap(1)}(?:lopen|liep)`,
      'heen en weer',
      'liep veel',
      'explosief',
    ),
  },
  {
    reason: 'medicatieprobleem',
    weight: 2,
    roles: both,
    pattern: words(
      // refused or not taken
      String.raw`weiger\w* ${gap(3)}${drug}`,
      String.raw`${drug} ${gap(3)}(?:geweigerd|weiger\w*)`,
      String.raw`(?:geen|niet) ${gap(2)}${drug} ${gap(2)}(?:ingenomen|genomen)`,
      String.raw`${drug} ${gap(3)}niet ${gap(1)}(?:ingenomen|genomen|gegeven|toegediend|kunnen geven)`,
      String.raw`(?:nam|neemt) ${gap(1)}geen ${drug}`,
      String.raw`vergeten ${gap(2)}in te nemen`,
      String.raw`uitgespuug\w*`,
      String.raw`spuug\w* ${gap(3)}uit`,
      String.raw`(?:moeite met|problemen met) ${gap(1)}slikken`,
      String.raw`nieuwe? ${drug}`,
      'in de wang',
      'wangen',
      String.raw`${drug} ${gap(4)}(?:weggegooid|in de wc)`,
      String.raw`${drug} ${gap(2)}(?:niet meer|gemist|vergeten)`,
      String.raw`(?:na|met) ${gap(2)}(?:aandringen|aarzeling|overreding|overtuigen)`,
      // side effects
      String.raw`bijwerking\w*`,
      String.raw`stijf\w*`,
      'stijve',
      String.raw`trill\w*`,
      'tremor',
      String.raw`a[ck]athisie`,
      String.raw`dyskines\w*`,
      String.raw`kwijl\w*`,
      String.raw`speeksel\w*`,
      String.raw`afvlak\w*`,
      'suf',
      'sufheid',
      'gesedeerd',
      'sedatie',
      String.raw`duizelig\w*`,
      '(?:kilo|kg) aangekomen',
      'gewichtstoename',
      'obstipatie',
      'geen ontlasting',
      'dystonie',
      'wazig zien',
      // dose changes, levels, wanting to stop or asking for more
      String.raw`opgehoogd|ophoging|afgebouwd|afbouw\w*|\w*dosis|dosering\w*`,
      String.raw`${drug} ${gap(4)}(?:gestart|gestopt|verhoogd|verlaagd|gewijzigd|aangepast|omgezet|overslaan|overgeslagen)`,
      String.raw`(?:gestart|gestopt|stoppen|starten) met ${drug}`,
      String.raw`(?:lithium|clozapine|valproaat)spiegel\w*`,
      'spiegelbepaling',
      String.raw`extra ${drug}`,
      String.raw`twijfel\w* ${gap(3)}${drug}`,
      String.raw`(?:niet|slecht|wisselend) ${gap(1)}(?:therapie|medicatie) ?trouw`,
    ),
  },
  {
    reason: 'somatisch',
    weight: 2,
    roles: both,
    pattern: words(
      'gevallen',
      'val',
      'valincident',
      String.raw`insult\w*`,
      String.raw`epilep\w*`,
      String.raw`collaps\w*`,
      'flauwgevallen',
      'bewusteloos',
      String.raw`koorts\w*`,
      String.raw`temp\w* (?:3[89]|4[0-2])`,
      String.raw`benauwd\w*`,
      'pijn op de borst',
      'hoofdwond',
      'bloeding',
      'braakt',
      'braken',
      'gebraakt',
      'uitdroging',
      String.raw`hypoglyk\w*`,
      String.raw`delier\w*`,
      'rillerig',
      'koude rillingen',
      'ademnood',
    ),
  },
  {
    reason: 'stemming_gedrag',
    weight: 1,
    roles: both,
    pattern: words(
      String.raw`somber\w*`,
      String.raw`depress\w*`,
      String.raw`neerslachtig\w*`,
      String.raw`huil\w*`,
      'gehuild',
      'in tranen',
      'verdrietig',
      String.raw`angst\w*`,
      String.raw`paniek\w*`,
      'bang',
      'teruggetrokken',
      'in zichzelf gekeerd',
      String.raw`trekt zich ${gap(1)}terug`,
      'apathisch',
      'lusteloos',
      'initiatiefloos',
      String.raw`vlak\w*(?! bij| voor| na)`,
      String.raw`(?:stil|erg|wat|oogt) (?:en )?afwezig`,
      String.raw`manisch\w*`,
      String.raw`ontrem\w*`,
      'uitgelaten',
      String.raw`(?:erg|opvallend|heel|zeer|motorisch) druk`,
      'spraakzaam',
      String.raw`aan een stuk ${gap(1)}(?:door|praten)`,
      'gejaagd',
      'rusteloos',
      String.raw`stemming ${gap(2)}(?:wisselend|labiel|verslechterd|verbeterd|opgeknapt|gedaald|omgeslagen)`,
      'opgeknapt',
      'anders dan anders',
      String.raw`hopeloos\w*`,
      String.raw`wanhop\w*`,
      'geen toekomst',
      'zinloos',
      String.raw`schuldgevoel\w*`,
      'claimend',
      String.raw`grensoverschrijdend\w*`,
      String.raw`dissoci\w*`,
      String.raw`decompens\w*`,
      'terugval',
      String.raw`(?:hele dag|de hele dag) ${gap(1)}op (?:bed|de kamer)`,
      String.raw`(?:bleef|blijft|lag) ${gap(3)}(?:in|op) bed`,
      String.raw`een last ${gap(2)}(?:voelen|te zijn)`,
      'tot last',
      String.raw`ligt ${gap(3)}op bed`,
    ),
  },
  {
    reason: 'adl_afwijkend',
    weight: 1,
    roles: both,
    pattern: words(
      String.raw`(?:weiger\w*|wil\w* niet|wou niet) ${gap(2)}(?:te )?(?:eten|drinken)`,
      String.raw`niets? ${gap(3)}gegeten`,
      'at niets',
      'at niet',
      'eet niet',
      'eet nauwelijks',
      String.raw`eet ${gap(1)}(?:erg |te )?weinig`,
      String.raw`(?:eten|maaltijd|avondeten|ontbijt|lunch) ${gap(2)}onaangeroerd`,
      'geen eetlust',
      String.raw`eetlust ${gap(1)}(?:verminderd|slecht|weg)`,
      String.raw`drinkt ${gap(1)}(?:erg |te |heel )?weinig`,
      'weinig gedronken',
      'afgevallen',
      'gewichtsverlies',
      String.raw`gewicht ${gap(1)}(?:gedaald|afgenomen)`,
      String.raw`incontin\w*`,
      String.raw`bed ${gap(1)}nat`,
      'in bed geplast',
      'onverzorgd',
      String.raw`verwaarloos\w*`,
      String.raw`vervuil\w*`,
      'ruikt',
      'stinkt',
      // "for days": refusing to wash once is the nurse's business, for days it is a symptom
      String.raw`${dayCount} (?:dagen|weken|week) ${gap(2)}(?:niet|geen|slecht|weinig|nauwelijks)`,
      String.raw`(?:weiger\w*|wil\w* niet) ${gap(2)}${dayCount} (?:dagen|weken)`,
      String.raw`eet ${gap(3)}slecht`,
      String.raw`geurineerd|geplast|urineerde|plaste`,
      String.raw`niet ${gap(2)}(?:gedoucht|gewassen|douchen|wassen) ${gap(3)}dagen`,
    ),
  },
  {
    reason: 'slaapprobleem',
    weight: 1,
    roles: both,
    pattern: words(
      String.raw`${dayCount} nachten ${gap(2)}(?:nauwelijks|niet|slecht|weinig|amper)`,
      String.raw`nachten ${gap(1)}wakker`,
      String.raw`(?:dagen|nachten) ${gap(1)}(?:niet|nauwelijks) ${gap(1)}geslapen`,
    ),
  },
  { reason: 'zo_nodig_medicatie', weight: 1, roles: both, pattern: words(...shared(asNeededMedicationWords), 'zo nodig', 'zonodig') },
  {
    reason: 'levensgebeurtenis',
    weight: 1,
    roles: both,
    pattern: words(
      'overleden',
      'overlijden',
      'gestorven',
      'begrafenis',
      'uitvaart',
      'slecht nieuws',
      String.raw`ontslagen ${gap(2)}werk`,
      'baan kwijt',
      'uitgezet',
      'huisuitzetting',
      String.raw`relatie ${gap(1)}(?:uit|beeindigd|verbroken)`,
      'scheiding',
    ),
  },
  {
    reason: 'behandelbeleid',
    weight: 1,
    roles: both,
    pattern: words(
      'mdo',
      'besloten',
      'beleid',
      String.raw`behandelplan\w*`,
      String.raw`ontslag\w*`,
      String.raw`verlof ${gap(2)}(?:uitgebreid|uit te breiden|uitbreiden|ingetrokken|intrekken|stopgezet|opgeschort|afgebouwd)`,
      'overplaatsing',
      'heropname',
      'nazorg',
    ),
  },
  {
    reason: 'arts_ingeschakeld',
    weight: 1,
    roles: both,
    pattern: words(
      String.raw`${doctor} ${gap(1)}(?:gebeld|geinformeerd|ingelicht|gewaarschuwd|in consult|ingeschakeld|langs geweest)`,
      String.raw`(?:iom|in overleg met|na overleg met) ${gap(1)}${doctor}`,
      // "arts op de hoogte gebracht", "doorgegeven aan de AIOS", "gemeld bij de dienstdoende", "overlegd met psychiater"
      String.raw`${doctor} ${gap(2)}op de hoogte`,
      String.raw`(?:doorgegeven|doorgebeld|gemeld|overgedragen|voorgelegd|gevraagd) (?:aan|bij) ${gap(2)}${doctor}`,
      String.raw`(?:overlegd|overleg gehad|gebeld) met ${gap(2)}${doctor}`,
      String.raw`${discipline} ${gap(2)}(?:ingeschakeld|gebeld|geinformeerd|ingelicht|erbij gehaald|op de hoogte|gevraagd|aangevraagd)`,
      String.raw`(?:ingeschakeld|gebeld|erbij gehaald|verwezen naar) ${gap(2)}${discipline}`,
    ),
  },
  {
    reason: 'afspraak',
    weight: 1,
    roles: both,
    pattern: words(String.raw`${doctor} ${gap(1)}(?:te )?spreken`),
  },
  {
    reason: 'familiecontact',
    weight: 1,
    roles: both,
    // A relative's worry is collateral history, which the psychiatrist wants as well.
    pattern: words(String.raw`(?:maakt|maken) zich ${gap(1)}zorgen`, String.raw`zorgen (?:om|over) ${gap(1)}(?:pt|patient|hem|haar)`),
  },
  // The nurse's own additions: care during the shift, the shift's agenda, family, sleep, mild deviations.
  {
    reason: 'adl_afwijkend',
    weight: 1,
    roles: nurse,
    pattern: words(
      String.raw`(?:weiger\w*|wil\w* niet|wou niet) ${gap(2)}(?:te )?(?:douchen|wassen|scheren|opstaan|aankleden)`,
      String.raw`(?:gedeeltelijk|half|matig|slecht|weinig) gegeten`,
    ),
  },
  {
    reason: 'familiecontact',
    weight: 1,
    roles: nurse,
    pattern: words(
      String.raw`${kin}\b.{0,60}\b${conflict}`,
      String.raw`${conflict}\b.{0,60}\b${kin}`,
      String.raw`wil\w* ${gap(2)}niet ${gap(1)}spreken`,
      String.raw`contact ${gap(1)}(?:geweigerd|afgehouden|verbroken)`,
    ),
  },
  {
    reason: 'slaapprobleem',
    weight: 1,
    roles: nurse,
    pattern: words(
      String.raw`slecht\w* ${gap(1)}(?:geslapen|slapen)`,
      'sliep slecht',
      'slaapt slecht',
      String.raw`slapeloos\w*`,
      String.raw`niet ${gap(1)}(?:kunnen )?slapen`,
      'nauwelijks geslapen',
      String.raw`(?:lang|vaak|keren|regelmatig|vroeg) wakker`,
      String.raw`wakker ${gap(1)}(?:geworden|gelegen|liggen)`,
      String.raw`lag ${gap(1)}wakker`,
      String.raw`doorslaap\w*`,
      String.raw`inslaap\w*`,
      String.raw`nachtmerrie\w*`,
      'onrustige nacht',
    ),
  },
  {
    reason: 'zorgtaak',
    weight: 1,
    roles: nurse,
    pattern: words(
      String.raw`hulp ${gap(3)}(?:nodig|bij)`,
      'ondersteuning bij',
      'aansporing',
      String.raw`wond\w*`,
      String.raw`verband\w*`,
      'verbonden',
      String.raw`katheter\w*`,
      'insuline',
      String.raw`bloedsuiker\w*`,
      'glucose',
      'prikken',
      'pleister',
      'blaar',
      'vochtlijst',
      'vochtbalans',
      'decubitus',
      'wisselligging',
      'steunkousen',
      'bloedafname',
      'lab',
      'ecg',
      'nuchter',
      String.raw`urine\w+`,
      'controles?',
      String.raw`sonde\w*`,
      String.raw`druppel\w*`,
      'zalf',
      'paracetamol',
      String.raw`pijnstill\w*`,
      'ibuprofen',
      'meten',
      'gemeten',
      'rr',
    ),
  },
  {
    reason: 'somatisch',
    weight: 1,
    roles: nurse,
    pattern: words(String.raw`\w*pijn`, String.raw`misselijk\w*`, String.raw`hoest\w*`, 'verkouden', String.raw`klachten`),
  },
  {
    reason: 'afspraak',
    weight: 1,
    roles: nurse,
    pattern: words(
      String.raw`afspraak ${gap(2)}(?:bij|met|om|op|morgen|vandaag|verzet|verplaatst|afgezegd|geannuleerd|gepland)`,
      'tandarts',
      'huisarts',
      'ziekenhuis',
      'polikliniek',
      'poli',
      String.raw`fysiotherap\w*`,
      'taxi',
      'vervoer',
      'ophalen',
      String.raw`verlof\w*`,
      String.raw`komt ${gap(3)}langs`,
      'morgen om',
    ),
  },
];

/**
 * Tried only when no keep rule matched: what makes a note routine, most specific first. A negated
 * routine phrase ("niet gedoucht", "niet naar werktherapie") is no longer routine and falls through.
 */
export const dropRules: [RelevanceReason, RegExp][] = [
  [
    'routinemedicatie',
    words(
      String.raw`${drug} ${gap(4)}(?:ingenomen|genomen|gegeven|toegediend|uitgedeeld|gezet)`,
      String.raw`(?:nam|neemt) ${gap(3)}${drug} ${gap(1)}in`,
      ...shared(medicationTakenWords),
      String.raw`(?:zoals|volgens|conform) ${gap(1)}voorge?schr\w*`,
      String.raw`${drug} ?trouw`,
      'therapietrouw',
    ),
  ],
  [
    'adl_routine',
    words(
      'gedoucht',
      'douchen',
      ...shared(washingWords),
      'aangekleed',
      'verzorgd',
      'gegeten',
      'gedronken',
      ...shared(mealWords),
      'opgeruimd',
      'was gedaan',
      'boodschappen',
      'adl',
      'opgestaan',
      'geschoren',
      'gepoetst',
      'ontbeten',
      'bed opgemaakt',
    ),
  ],
  [
    'sociaal',
    words(
      String.raw`bezoek\w*`,
      String.raw`uitje\w*`,
      String.raw`spel\w*`,
      String.raw`activiteit\w*`,
      String.raw`wandel\w*`,
      'gewandeld',
      'tv',
      'televisie',
      'film',
      'koffie',
      String.raw`sjoel\w*`,
      'bingo',
      'kaarten',
      String.raw`biljart\w*`,
      String.raw`gezellig\w*`,
      'muziek',
      'gelachen',
      'terras',
      'winkelen',
      'markt',
      String.raw`gefietst|fietsen`,
      'kapper',
      String.raw`gepuzzel\w*|puzzel\w*`,
      'belde',
      'gebeld',
      String.raw`telefo\w*`,
    ),
  ],
  [
    'dagstructuur',
    words(
      'dagprogramma',
      'werktherapie',
      'dagbesteding',
      'creatieve therapie',
      'pmt',
      String.raw`psychomotor\w*`,
      'arbeidstraining',
      'werkplaats',
      String.raw`groep\w*`,
      'dagstructuur',
      'dagritme',
      'weekplanning',
      'weekprogramma',
      String.raw`sport\w*`,
      'fitness',
      'kookgroep',
      'ergotherapie',
      'mentor',
      'school',
      'opleiding',
      'deed actief mee',
      String.raw`\w*oefeningen`,
    ),
  ],
  [
    'standaardobservatie',
    words(
      'geen bijzonderheden',
      'zonder bijzonderheden',
      'gb',
      'zb',
      'gbh',
      String.raw`(?:niets?|niks) ${gap(1)}(?:bijzonders|opvallends)`,
      ...shared(sleepWords),
      String.raw`(?:lag|ligt) ${gap(2)}te slapen`,
      'gewogen',
      'wegen',
      'niets te melden',
      String.raw`rustig\w*`,
      'stabiel',
      'ontspannen',
      String.raw`goed ${gap(1)}(?:in contact|aanspreekbaar|contact)`,
      'aanspreekbaar',
      'werkt goed mee',
      'goed geslapen',
      'doorgeslapen',
      'sliep goed',
      'fase groen',
      String.raw`verliep ${gap(1)}(?:goed|prima)`,
      'gaat goed',
    ),
  ],
];

/** A finding written down as absent ("geen suïcidale uitingen") is itself a standard observation. */
export const negators = new Set(['geen', 'niet', 'zonder', 'nooit', 'noch', 'ontkent', 'ontkende']);
export const trailingNegators = new Set(['ontkent', 'ontkend', 'nee', 'afwezig', 'negatief', 'uitgesloten']);
/**
 * Words that end a negation's reach: "niet somber maar wel gespannen", "geen eetlust en somber",
 * "niet naar de groep want somber". "of" does not: "geen spanning of achterdocht" denies both.
 */
export const scopeBreakers = new Set(['maar', 'wel', 'echter', 'toch', 'en', 'behalve', 'want', 'omdat', 'doordat', 'dus']);
/** How many words before a finding a negation reaches. */
export const negationReach = 5;

/** Report types kept whatever their text says. */
export const alwaysKept: Partial<Record<string, Relevance>> = {
  crisis: keep('crisis_dwang', 3),
  incident: keep('incident', 3),
};

/** A nurse filing a note under incident or behaviour, with no words we recognise, is itself a doubt. */
export const categoryFallback: Partial<Record<string, Relevance>> = {
  incident: keep('incident', 2),
  gedrag: keep('stemming_gedrag', 1),
};

/** Abbreviations written with a dot ("dhr.", "z.n."): the dot does not end a clause. Dotted letter pairs are closed up anyway. */
export const dottedAbbreviations = ['dhr', 'mw', 'mevr', 'pt', 'vpk', 'med', 'ca', 'tel', 'evt', 'temp'] as const;

/**
 * Values that need the next shift whatever the words around them (issue 41: severity from the
 * values, not from wording): a number read after its label, in lower case without diacritics,
 * with a decimal comma or point. Thresholds as the ward's own warnings use them: a glucose under
 * 4 mmol/l is a hypoglycaemia; NEWS2 (RCP 2017) 5 or more asks for an urgent review; a BVC of 1 or
 * more is a raised risk of aggression, 3 or more a very high one; a change of weight in kilograms
 * is followed up (antipsychotics, eating).
 */
export interface ValueRule {
  reason: RelevanceReason;
  pattern: RegExp;
  /** The weight of a value read by the pattern's first group, or null when the value is no signal. */
  weight: (value: number, match: RegExpMatchArray) => number | null;
}

const number = String.raw`(\d{1,3}(?:[.,]\d{1,2})?)`;
const label = (names: string) => String.raw`\b(?:${names})\b\.?\s*(?:[:=]\s*)?`;

export const valueRules: ValueRule[] = [
  {
    reason: 'somatisch',
    pattern: new RegExp(String.raw`${number}\s*mmol\s*/?\s*l\b`, 'g'),
    weight: (glucose) => (glucose < 4 || glucose > 15 ? 2 : glucose < 4.5 || glucose > 11 ? 1 : null),
  },
  {
    reason: 'somatisch',
    pattern: new RegExp(String.raw`${label('t|temp|temperatuur')}${number}\s*(?:°\s*c?|graden)?`, 'g'),
    weight: (celsius) => (celsius < 30 || celsius > 43 ? null : celsius >= 39 || celsius < 35 ? 2 : celsius >= 38 ? 1 : null),
  },
  {
    reason: 'vitaal_afwijkend',
    pattern: new RegExp(String.raw`${label('sat|saturatie|spo2|so2')}${number}\s*%?`, 'g'),
    weight: (saturation) => (saturation > 100 || saturation < 50 ? null : saturation <= 91 ? 2 : saturation <= 93 ? 1 : null),
  },
  {
    reason: 'vitaal_afwijkend',
    pattern: new RegExp(String.raw`${label('news2?|news 2')}(?:score\s*)?${number}`, 'g'),
    weight: (score) => (score > 20 ? null : score >= 5 ? 2 : score >= 1 ? 1 : null),
  },
  {
    reason: 'risicosignaal',
    pattern: new RegExp(String.raw`${label('bvc')}(?:score\s*)?${number}`, 'g'),
    weight: (score) => (score > 6 ? null : score >= 3 ? 3 : score >= 1 ? 2 : null),
  },
  {
    reason: 'vitaal_afwijkend',
    pattern: new RegExp(String.raw`${label('rr|bd|bloeddruk|tensie')}(\d{2,3})\s*/\s*(\d{2,3})`, 'g'),
    weight: (systolic, match) => {
      const diastolic = Number(match[2]);
      if (systolic >= 180 || systolic <= 90 || diastolic >= 110) return 2;
      return systolic >= 160 || diastolic >= 100 || systolic <= 100 ? 1 : null;
    },
  },
  {
    reason: 'vitaal_afwijkend',
    pattern: new RegExp(String.raw`${label('pols|hf|hartslag|hartfrequentie')}${number}`, 'g'),
    weight: (rate) => (rate > 250 ? null : rate >= 131 || rate <= 40 ? 2 : rate >= 111 || rate <= 50 ? 1 : null),
  },
  {
    reason: 'adl_afwijkend',
    // "-1,8 kg", "+3,1 kg", "1,8 kg minder", "2 kilo aangekomen"
    pattern: new RegExp(
      String.raw`(?:[+-]\s?${number}\s*(?:kg|kilo)\b|${number}\s*(?:kg|kilo)\s+(?:minder|meer|lichter|zwaarder|afgevallen|aangekomen|erbij|eraf))`,
      'g',
    ),
    weight: () => 1,
  },
];
