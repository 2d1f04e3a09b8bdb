import { describe, expect, it } from 'vitest';
import {
  askedMoment,
  compoundTerms,
  eventWords,
  forcedCompounds,
  nothingAfterEvent,
  nothingAtMoment,
  correctTypo,
  cueAnswers,
  cuedTypes,
  diminutiveBase,
  headPattern,
  joinSeparableVerbs,
  headTerms,
  knownPart,
  measuredKinds,
  measuredValue,
  participleForm,
  participleStem,
  purposeTerms,
  readQuestion,
  splitCompound,
  termQuery,
  termWeights,
  termsFound,
  unfoundActions,
  unfoundGeneral,
  withContactNames,
  wordFamily,
  type Dated,
  type Found,
} from './dossiervraag.question';

describe('reading a question about the record', () => {
  it('keeps what is asked about, not the question words, the pronouns or the patient’s name', () => {
    const question = readQuestion('Hoe sliep Jan de afgelopen week?', ['Jan', 'de Vries']);
    expect(question.terms.map((term) => term.word)).toEqual(['sliep']);
    // The synonyms the Dutch stemmer does not join: "sliep" also searches "slapen" and "nachtrust".
    expect(question.terms[0]!.words).toEqual(expect.arrayContaining(['slapen', 'nachtrust', 'geslapen']));
  });

  it('reads a brand name as its medicine, and one term for a word and its synonym', () => {
    const question = readQuestion('Welke dosis Leponex of clozapine krijgt hij?');
    expect(question.terms.map((term) => term.word)).toEqual(['dosis', 'leponex']);
    expect(termQuery(question.terms[1]!)).toBe('clozap:* | clozapine:* | leponex:* | clozaril:*');
  });

  it('searches a broader word with its narrower ones, and a narrower word never with the broader one (ADR 0108)', () => {
    const [sideEffects] = readQuestion('Welke bijwerkingen heeft hij?').terms;
    expect(sideEffects!.words).toEqual(expect.arrayContaining(['kwijlen', 'stijfheid', 'obstipatie']));
    const [drooling] = readQuestion('Kwijlt hij?').terms;
    expect(drooling!.words).toContain('speekselvloed');
    expect(drooling!.words).not.toContain('bijwerking');
    expect(readQuestion('Heeft hij migraine?').terms.flatMap((term) => term.words)).not.toContain('hoofdpijn');
    expect(readQuestion('Heeft hij hoofdpijn?').terms.flatMap((term) => term.words)).toContain('migraine');
  });

  it('reads "verhoging" as a fever, and beside a medicine as the dose going up', () => {
    const [fever] = readQuestion('Heeft hij verhoging gehad?').terms;
    expect(cueAnswers(fever!, 'meting', 'temperatuur')).toBe(true);
    const [dose] = readQuestion('Wanneer was de verhoging van de clozapine?').terms;
    expect(dose!.words).toContain('opgehoogd');
  });

  it('reads a kind of medicine by what it is for, as orders of its members and as written (ADR 0108)', () => {
    const [sugar] = readQuestion('Slikt hij een suikerpil?').terms;
    expect(cueAnswers(sugar!, 'medicatieopdracht', 'metformine')).toBe(true);
    expect(cueAnswers(sugar!, 'medicatieopdracht', 'lorazepam')).toBe(false);
    const [laxative] = readQuestion('Gebruikt ze laxeermiddelen?').terms;
    expect(laxative!.words).toContain('laxantia');
  });

  it('asks for the newest, the first, the next, or by fit; and counts for "hoe vaak"', () => {
    expect(readQuestion('Wat was de laatste NEWS2?').order).toBe('newest');
    expect(readQuestion('Sinds wanneer heeft hij een zorgmachtiging?').order).toBe('oldest');
    expect(readQuestion('Wanneer is de volgende afspraak?').order).toBe('next');
    expect(readQuestion('Heeft hij koorts gehad?').order).toBe('fit');
    expect(readQuestion('Hoe vaak is hij gesepareerd?').counts).toBe(true);
  });

  it('lets a cue answer for the kind of record it names: the last NEWS2 is a NEWS2 round, not any round', () => {
    const [news2] = readQuestion('Wat was de laatste NEWS2?').terms;
    expect(cueAnswers(news2!, 'meting', 'news2')).toBe(true);
    expect(cueAnswers(news2!, 'meting', 'hartfrequentie')).toBe(false);
    expect(cueAnswers(news2!, 'rapportage', 'verpleegkundig')).toBe(false);
    const [mentor] = readQuestion('Wie is zijn mentor?').terms;
    expect(cueAnswers(mentor!, 'contactpersoon', 'mentor')).toBe(true);
    expect(cueAnswers(mentor!, 'contactpersoon', 'zus')).toBe(false);
  });

  it('reads a compound by its head and a named day as a date', () => {
    const [risk] = readQuestion('Is er een suïciderisico?').terms;
    expect(cueAnswers(risk!, 'risico', 'suïcide')).toBe(true);
    const question = readQuestion('Wat was de temperatuur op 18 november?');
    expect(question.day).toBe('11-18');
    expect(question.terms.map((term) => term.word)).toEqual(['temperatuur']);
  });
});

describe('a question with alternatives', () => {
  it('reads "A of B" of one kind of record as one term either answers', () => {
    const question = readQuestion('Heeft hij een zorgmachtiging of is hij vrijwillig opgenomen?');
    expect(question.terms.map((term) => term.word)).toEqual(['zorgmachtiging', 'opgenomen']);
    expect(cueAnswers(question.terms[0]!, 'juridisch', 'vrijwillig')).toBe(true);
    expect(cueAnswers(question.terms[0]!, 'juridisch', 'wvggz-zorgmachtiging')).toBe(true);
  });
});

describe('a question in another hand', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);

  it('reads dictation: spoken punctuation is not asked about, and a compound written apart is one word', () => {
    expect(words('sinds wanneer heeft meneer een zorg machtiging punt')).toEqual(['zorgmachtiging']);
    const [ect] = readQuestion('is er al gestart met elektro convulsie therapie vraagteken').terms.filter(
      (term) => term.word !== 'gestart',
    );
    expect(ect!.words).toEqual(expect.arrayContaining(['ect', 'elektroconvulsietherapie']));
  });

  it('reads hurried shorthand: a shortened word is the one known word it starts, abbreviations are their word', () => {
    const [risk] = readQuestion('suic risico nu').terms;
    expect(cueAnswers(risk!, 'risico', 'suïcide')).toBe(true);
    const [pressure] = readQuestion('RR laatst').terms;
    expect(cueAnswers(pressure!, 'meting', 'bloeddruk')).toBe(true);
    expect(cueAnswers(readQuestion('sinds wnr ZM?').terms[0]!, 'juridisch', 'wvggz-zorgmachtiging')).toBe(true);
    // Too short to be sure of: left as written.
    expect(words('dwa')).toEqual(['dwa']);
  });

  it('asks how something went without searching for "beloop" or "stand van zaken"', () => {
    expect(words('gewicht beloop sinds opn')).toEqual(['gewicht', 'opn']);
    expect(readQuestion('gewicht beloop sinds opn').terms[1]!.words).toContain('opname');
    expect(words('decubitus stand v zaken')).toEqual(['decubitus']);
  });

  it('reads a brand as its medicine and a class of medicines as any of its members', () => {
    const [metformin] = readQuestion('glucophage gestopt?').terms;
    expect(cueAnswers(metformin!, 'medicatieopdracht', 'Metformine 500 mg')).toBe(true);
    const [antipsychotic] = readQuestion('Welk antipsychoticum krijgt hij?').terms;
    expect(cueAnswers(antipsychotic!, 'medicatieopdracht', 'Haloperidol')).toBe(true);
    expect(cueAnswers(antipsychotic!, 'medicatieopdracht', 'Oxazepam')).toBe(false);
  });

  it('does not search for regional pronouns and auxiliaries', () => {
    expect(words('hedde gij al gezien of ie zen Haldol neemt?')).toEqual(['haldol']);
  });

  it('lets only a letter of that kind answer an "ontslagbrief"', () => {
    const [letter] = readQuestion('ontslagbrief al klaar?').terms;
    expect(cueAnswers(letter!, 'brief', 'brief huisarts')).toBe(false);
    expect(cueAnswers(readQuestion('welke brieven zijn er?').terms[0]!, 'brief', 'brief huisarts')).toBe(true);
  });
});

describe('reading Dutch more widely (round three)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);

  it('does not search for the record’s bookkeeping verbs: what was written, sent or decided', () => {
    expect(words('Welke DSM-classificatie is bij opname gesteld?')).toEqual(['dsm', 'classificatie']);
    expect(words('Is de huisarts schriftelijk geïnformeerd over de opname?')).toEqual(['huisarts', 'opname']);
  });

  it('searches a long word also by its stem without the last letters: a noun finds its adjective', () => {
    const [term] = readQuestion('orthostase?').terms;
    expect(termQuery(term!)).toContain('orthost:*');
    expect(termQuery(term!)).toContain('hypoten:*');
    // Short words stay whole.
    expect(termQuery(readQuestion('pols?').terms[0]!)).toContain('pols');
  });

  it('reads a compound with an asking head as what it is a value of, and no other compound by its head', () => {
    expect(knownPart('bloedglucosewaarde')).toBe('glucose');
    expect(knownPart('lithiumspiegel')).toBeNull();
    const [glucose] = readQuestion('Welke bloedglucosewaarde is het laatst gemeten?').terms;
    expect(cueAnswers(glucose!, 'meting', 'glucose')).toBe(true);
  });

  it('lets a spouse be answered by the partner registered as contact, and reads "sinds?" as since when', () => {
    const [spouse] = readQuestion('wat is het nummer van zijn vrouw?').terms.filter((term) => term.word === 'vrouw');
    expect(cueAnswers(spouse!, 'contactpersoon', 'partner')).toBe(true);
    expect(cueAnswers(spouse!, 'contactpersoon', 'broer')).toBe(false);
    expect(readQuestion('DM2 sinds?').order).toBe('oldest');
    expect(readQuestion('wanneer haj ie t leste gesprek?').order).toBe('newest');
  });
});

describe('what the record holds for a question', () => {
  it('weighs a word the record holds nowhere as much as the medicine named beside it (ADR 0108)', () => {
    const question = readQuestion('Heeft hij last van obstipatie door de clozapine?');
    expect(question.terms.map((term) => term.word)).toEqual(['obstipatie', 'clozapine']);
    expect(termWeights(question, [false, true])).toEqual([2, 2]);
    expect(termWeights(question, [true, true])).toEqual([1, 2]);
    // A word of the asker's own, no clinical word, keeps its weight when unfound: "tel" beside a medicine.
    const own = readQuestion('Wanneer is de clozapine kapotgegaan?');
    expect(termWeights(own, [true, false])).toEqual([2, 1]);
    // Alone, an unfound word weighs what it weighs.
    expect(termWeights(readQuestion('Heeft hij last van obstipatie?'), [false])).toEqual([1]);
  });

  it('weighs an unfound complaint or lab value as much as the measure or medicine named beside it (round six)', () => {
    // A measure is no medicine: the sonde's records do not answer a complaint the record never names.
    const sick = readQuestion('Wordt hij duizelig van de sondevoeding?');
    expect(sick.terms.map((term) => term.word)).toEqual(['duizelig', 'sondevoeding']);
    expect(termWeights(sick, [false, true])).toEqual([2, 2]);
    expect(termWeights(sick, [true, true])).toEqual([1, 2]);
    // Belly ache and the salts of the blood are clinical words now, so they weigh up too.
    const belly = readQuestion('Krijgt ze buikkrampen van de sondevoeding?');
    expect(belly.terms[0]!.known).toBe(true);
    expect(termWeights(belly, [false, true])).toEqual([2, 2]);
    const salt = readQuestion('Is het natrium gecontroleerd sinds de lithium?');
    expect(salt.terms.find((term) => term.word === 'natrium')!.known).toBe(true);
    expect(readQuestion('mineralen laag?').terms[0]!.words).toEqual(expect.arrayContaining(['calcium', 'natrium']));
    expect(readQuestion('calcium?').terms[0]!.words).not.toContain('kalium');
    // "verstopt" is food hidden as often as a bowel: constipation is asked by its own words.
    expect(readQuestion('heeft hij last van obstipatie?').terms[0]!.words).not.toContain('verstopt');
    expect(readQuestion('heeft hij last van obstipatie?').terms[0]!.words).toContain('verstopping');
  });

  it('never corrects a common Dutch word into a clinical one (round six)', () => {
    const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
    for (const word of ['mensen', 'kwijt', 'geven', 'benen', 'willen', 'koken', 'breken']) expect(correctTypo(word)).toBe(word);
    expect(words('zijn er veel mensen op bezoek geweest')).not.toContain('menses');
    expect(words('is hij zijn sleutels kwijt')).not.toContain('kwijlt');
    // A slip of typing still is one.
    expect(correctTypo('mensus')).not.toBe('mensus');
    // "nodig" says only that something is asked about: it is no second hit on the record's "zo nodig".
    expect(words('Heeft hij extra kleding nodig?')).toEqual(['extra', 'kleding']);
    expect(words('krijgt hij zo nodig lorazepam')).toEqual(['zonodig', 'lorazepam']);
    // "vaker" asks how often, as "vaak" does: no father is looked for.
    expect(words('is hij vaker onrustig')).not.toContain('vader');
  });

  const row = (type: Found['type'], facet: string, matched: number[]): Found => ({ type, facet, matched, live: [true, true, true] });

  it('leaves out a past participle no source holds, never a noun or a word some source holds', () => {
    const question = readQuestion('Heeft de diëtist het schema aangepast?');
    expect(question.terms.map((term) => term.word)).toEqual(['dietist', 'schema', 'aangepast']);
    expect([...unfoundActions(question, [row('rapportage', 'verpleegkundig', [1, 2])])]).toEqual([2]);
    expect([...unfoundActions(question, [row('rapportage', 'verpleegkundig', [1, 2, 3])])]).toEqual([]);
    const noun = readQuestion('Is er een CT scan van het hoofd gemaakt?');
    expect([...unfoundActions(noun, [row('rapportage', 'verpleegkundig', [])])]).toEqual([]);
  });

  it('knows when every word of a question is somewhere in the record, by text or by the kind of record', () => {
    const question = readQuestion('Wat was de hulpvraag bij aanmelding?');
    const sections = [row('intake', 'hulpvraag', []), row('intake', 'aanmelding', [])];
    expect(termsFound(question, sections, new Set())).toEqual([true, true]);
    expect(termsFound(question, [sections[0]!], new Set())).toEqual([true, false]);
    const scan = readQuestion('Is er een CT scan van het hoofd gemaakt?');
    expect(termsFound(scan, [row('rapportage', 'verpleegkundig', [3])], new Set()).every(Boolean)).toBe(false);
  });
});

describe('a question typed in a hurry or about a moment (ADR 0106)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);

  it('reads a word one letter off as the known word, and leaves a short or unknown word as written', () => {
    expect(words('nortriptiline dossis nu')).toEqual(['nortriptyline', 'dosis']);
    expect(words('wanner is de crisimaatregel afgegeven')).toEqual(['crisismaatregel', 'afgegeven']);
    expect(words('is hij allergisch voor penicilline?')).toEqual(['allergisch', 'penicilline']);
    expect(words('depot gehad?')).toEqual(['depot']);
    expect(correctTypo('slaopt')).toBe('slaapt');
    expect(correctTypo('kumt')).toBe('kumt');
  });

  it('reads "bij opname" as the first of what is asked, and a named month as a term', () => {
    const question = readQuestion('kreatinine bij opname');
    expect(question.terms.map((term) => term.word)).toEqual(['kreatinine']);
    expect(question.order).toBe('oldest');
    expect(readQuestion('Heeft hij koorts gehad sinds de opname?').terms.map((term) => term.word)).toContain('opname');
    expect(readQuestion('hoe hoog was de spiegel in oktober').month).toBe('10');
    expect(readQuestion('wat was de temperatuur op 18 oktober').month).toBeNull();
  });

  it('knows a question asks when something happened, unless it asks since when or for the next', () => {
    expect(readQuestion('wanneer is hij gevallen?').when).toBe(true);
    expect(readQuestion('valincident wnr').when).toBe(true);
    expect(readQuestion('sinds wanneer heeft hij een zorgmachtiging?').when).toBe(false);
    expect(readQuestion('wanneer is de volgende afspraak?').when).toBe(false);
  });

  it('finds two words of the question inside one compound of the text, never one word as any tail', () => {
    const question = readQuestion('laatste spiegel nortriptyline?');
    expect(compoundTerms(question, 'Uitslag nortriptylinespiegel 23-11: 94 µg/l.')).toEqual([1, 2]);
    expect(compoundTerms(readQuestion('lithiumspiegel?'), 'Uitslag nortriptylinespiegel 23-11: 94 µg/l.')).toEqual([]);
    expect(compoundTerms(readQuestion('laatste spiegel lithium?'), 'Uitslag nortriptylinespiegel 23-11: 94 µg/l.')).toEqual([]);
  });

  it('reads a clipped pronoun as the word, never as two letters of an abbreviation', () => {
    expect(words("hoe ist mee z'n eten, eet ie al un bietje?")).toEqual(['eten']);
    expect(words('zo nodig medicatie?')).toEqual(['zonodig', 'medicatie']);
    expect(correctTypo('gebeld')).toBe('gebeld');
  });

  it('reads a compound of two known words as both, each to be answered; an asking part is dropped', () => {
    expect(splitCompound('lithiumspiegel')).toEqual(['lithium', 'spiegel']);
    expect(splitCompound('clozapinedosis')).toEqual(['clozapine', 'dosis']);
    expect(splitCompound('opnamedatum')).toEqual(['opname']);
    expect(splitCompound('bloedglucosewaarde')).toEqual(['bloedglucosewaarde']);
    expect(splitCompound('penicilline')).toEqual(['penicilline']);
    expect(correctTypo('bloudsoeker')).toBe('bloedsuiker');
  });

  it('lets a son or daughter registered as contact answer "kinderen"', () => {
    const [children] = readQuestion('heeft meneer kinderen?').terms;
    expect(cueAnswers(children!, 'contactpersoon', 'zoon')).toBe(true);
    expect(cueAnswers(children!, 'contactpersoon', 'partner')).toBe(false);
  });
});

describe('the asker’s words against the record’s words (ADR 0108)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
  const only = (text: string) => readQuestion(text).terms[0]!;

  it('reads a brand as its generic order and a generic as an order written under its brand', () => {
    expect(cueAnswers(only('thyrax dosis?'), 'medicatieopdracht', 'Levothyroxine 75 microgram')).toBe(true);
    expect(cueAnswers(only('krijgt hij nog Priadel'), 'medicatieopdracht', 'lithiumcarbonaat')).toBe(true);
    // The reverse: the record writes the brand, the asker the generic or an everyday name.
    expect(cueAnswers(only('welk fosfaatpreparaat is gegeven'), 'medicatieopdracht', 'Phosphate Sandoz bruistablet')).toBe(true);
    expect(cueAnswers(only('heeft ze ooit prozac gekregen'), 'medicatieopdracht', 'Sertraline')).toBe(false);
    // A name is matched whole: "vitamine D" is not any vitamin, a phosphate not any natrium salt.
    expect(cueAnswers(only('vit D?'), 'medicatieopdracht', 'Vitamine B1 100 mg')).toBe(false);
    expect(cueAnswers(only('vit D?'), 'medicatieopdracht', 'Vitamine D3 800 IE')).toBe(true);
    expect(cueAnswers(only('welk fosfaatpreparaat'), 'medicatieopdracht', 'Natriumvalproaat')).toBe(false);
  });

  it('reads a name of two words as one, searched as those words side by side', () => {
    const retard = only('krijgt ze nog kalium retard');
    expect(retard.word).toBe('kaliumretard');
    expect(termQuery(retard)).toContain('(kalium <-> retard)');
    expect(termQuery(retard)).toContain('kaliumchlor:*');
    expect(termQuery(only('wnr vit B1 gestopt'))).toContain('thiamine:*');
  });

  it('never reads a word cut short or a letter off as a name of two words', () => {
    expect(words('welke vitamine krijgt ze')).toEqual(['vitamine']);
    expect(termQuery(only('vit D?'))).not.toContain('thiamine');
  });

  it('never reads a shortened word as a brand: a Dutch word starts many of them', () => {
    expect(words('is ze stil geweest')).toEqual(['stil']);
    expect(words('norm')).toEqual(['norm']);
    // A generic is still what a hurried word stands for.
    expect(words('nortrip dosis')).toContain('nortriptyline');
  });

  it('reads a class of medicines by what it is for', () => {
    const pill = only('welke bloeddrukpil gebruikt hij');
    expect(cueAnswers(pill, 'medicatieopdracht', 'amlodipine')).toBe(true);
    expect(cueAnswers(pill, 'meting', 'bloeddruk')).toBe(false);
  });

  it('reads the ward’s abbreviations and the lay word as the record’s word', () => {
    expect(cueAnswers(only('HF vannacht'), 'meting', 'hartfrequentie')).toBe(true);
    expect(words('HF vannacht')).toEqual(['hf']);
    expect(cueAnswers(only('hoe lang heeft hij in de isoleer gezeten'), 'maatregel', 'separatie')).toBe(true);
    expect(cueAnswers(only('wat was de laatste agressiescore'), 'meting', 'bvc')).toBe(true);
    expect(cueAnswers(only('wie is haar SPV'), 'contactpersoon', 'sociaal-psychiatrisch verpleegkundige')).toBe(true);
    expect(cueAnswers(only('tot wanneer loopt het toezicht'), 'maatregel', 'toezicht')).toBe(true);
    expect(only('eerder een IBS gehad?').words).toContain('inbewaringstelling');
    expect(only('wanneer moet hij naar de nierarts').words).toContain('nefroloog');
    expect(only('wanneer was ze voor het laatst ongesteld').words).toContain('menstruatie');
    expect(only('snijdt ze zichzelf?').words).toContain('krassen');
    expect(only('hoeveel calorieën krijgt ze').words).toContain('kcal');
    expect(only('hoeveel promille blies hij').words).toContain('blaastest');
    expect(only('trilt hij').words).toContain('tremor');
    expect(only('heeft ze overgegeven').words).toContain('braken');
    expect(only('is er een MIC gedaan').words).toContain('incidentmelding');
    expect(termQuery(only('moest hij naar de SEH'))).toContain('(spoedeisende <-> hulp)');
    expect(only('hoeveel biertjes dronk hij').words).toContain('alcohol');
    // Work history is written as what ended it: "afgekeurd als planner".
    expect(only('Wat voor werk deed hij vroeger?').words).toContain('afgekeurd');
  });

  it('reads a lab symbol in its capitals as the lab value, never an initial or a unit', () => {
    expect(words('K bij opname?')).toEqual(['kalium']);
    expect(words('wat schreef K. de Wit')).not.toContain('kalium');
    expect(words('hoeveel mg')).not.toContain('magnesium');
  });

  it('reads a phrase as the one thing it says and drops an idiom that only asks', () => {
    // An injection against his will is the dwangmedicatie (round five: `forcedCompounds`).
    expect(only('heeft hij een spuit gekregen tegen zijn wil').words).toContain('dwangmedicatie');
    expect(only('wanneer mag hij naar huis').words).toEqual(expect.arrayContaining(['ontslag', 'dagverlof']));
    expect(only('mag de wicht al noar hoes?').words).toContain('ontslag');
    expect(words('wat was er aan de hand met de voedingspomp')).toEqual(['voedingspomp']);
    expect(words('hoogste lithiumspiegel tijdens deze opname')).toEqual(['lithium', 'spiegel']);
  });

  it('keeps a class that borrows another’s word as its own term: "verlof naar huis" is two things', () => {
    expect(words('Wanneer mag hij weer met verlof naar huis?')).toEqual(['verlof', 'naarhuis']);
  });

  it('does not search for pointers back and the record’s formal words', () => {
    expect(words('wat vond de internist ervan')).toEqual(['internist']);
    expect(words('Bij welke hartfrequentie dient patiënte te worden overgeplaatst naar het algemeen ziekenhuis?')).toEqual([
      'hartfrequentie',
      'overgeplaatst',
      'ziekenhuis',
    ]);
    expect(words('scores op de eetstoornisvragenlijst en is er verbetering')).toEqual(['eetstoornisvragenlijst']);
  });

  it('reads a participle said without its g, and Gronings vowels', () => {
    expect(participleForm('ekocht')).toBe('gekocht');
    expect(participleForm('edronken')).toBe('gedronken');
    expect(participleForm('eetlust')).toBe('eetlust');
    expect(participleForm('ernstig')).toBe('ernstig');
    expect(correctTypo('bruur')).toBe('broer');
    expect(correctTypo('bezuik')).toBe('bezoek');
  });

  it('reads a compound whose front is typed a letter off', () => {
    expect(splitCompound('lithuimspiegel')).toEqual(['lithium', 'spiegel']);
  });

  it('asks for the lowest or highest value, and reads the value of the kind the question names', () => {
    const lowest = readQuestion('Wat was het laagste lichaamsgewicht tijdens deze opname en op welke datum werd dat gemeten?');
    expect(lowest.order).toBe('lowest');
    expect(readQuestion('hoogste BVC sinds opname').order).toBe('highest');
    expect(measuredKinds(lowest)).toEqual(['gewicht']);
    expect(measuredValue({ values: [{ code: 'gewicht', value: '39.4' }] }, ['gewicht'])).toBe(39.4);
    const round = {
      news2Score: 3,
      values: [
        { code: 'temperatuur', value: 35.4 },
        { code: 'hartfrequentie', value: 44 },
      ],
    };
    expect(measuredValue(round, ['hartfrequentie'])).toBe(44);
    expect(measuredValue(round, ['gewicht'])).toBeNull();
    expect(measuredValue({ bvc: 2 }, ['bvc'])).toBe(2);
  });

  it('reads a level of a medicine as the text that reports it, the newest when no moment is asked', () => {
    const level = readQuestion('lith spiegel?');
    expect(level.order).toBe('newest');
    expect(level.terms[0]!.compound).toBe(true);
    expect(readQuestion('1e nortrip spiegel?').order).toBe('oldest');
    expect(readQuestion('lithium dosis?').terms[0]!.compound).toBe(false);
  });

  it('lets any order answer a restart, as it answers a start', () => {
    const restart = readQuestion('na het herstarten van de lithium').terms.find((term) => term.word === 'herstarten')!;
    expect(cueAnswers(restart, 'medicatieopdracht', 'lithiumcarbonaat')).toBe(true);
  });

  it('asks for the first with "sinds welke datum" and the newest with the Gronings "lest"', () => {
    expect(readQuestion('Sinds welke datum staan de financiën onder beschermingsbewind?').order).toBe('oldest');
    expect(readQuestion('wanneer is t wicht veur t lest woog’n').order).toBe('newest');
  });
});

describe('never a guess: a moment asked, an event asked after (ADR 0108)', () => {
  const now = new Date('2026-11-28T12:00:00+01:00');

  it('reads the moment a question names: a date in figures or words, a part of a month, a day relative to today', () => {
    expect(askedMoment('RR op 1 november?', now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(askedMoment('hoeveel woog ze op dertig september', now)).toEqual({ from: '2026-09-30', to: '2026-09-30' });
    expect(askedMoment('NEWS op eenentwintig okt.', now)).toEqual({ from: '2026-10-21', to: '2026-10-21' });
    expect(askedMoment('gewicht rond 20 oktober?', now)).toEqual({ from: '2026-10-18', to: '2026-10-22' });
    expect(askedMoment('gewicht begin november?', now)).toEqual({ from: '2026-11-01', to: '2026-11-10' });
    expect(askedMoment('NEWS in de tweede week van oktober', now)).toEqual({ from: '2026-10-08', to: '2026-10-14' });
    expect(askedMoment('NEWS vanochtend', now)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(askedMoment('glucose gisteren', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(askedMoment('hoe sliep hij afgelopen nacht', now)).toEqual({ from: '2026-11-27', to: '2026-11-28' });
    expect(askedMoment('was de pols deze week normaal?', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(askedMoment('gewicht vorige week?', now)).toEqual({ from: '2026-11-15', to: '2026-11-28' });
    // A date after today is last year's; a whole month or no moment is none.
    expect(askedMoment('BVC op 20 december', now)).toEqual({ from: '2025-12-20', to: '2025-12-20' });
    expect(askedMoment('hoe sliep hij in oktober', now)).toBeNull();
    expect(askedMoment('wat was de laatste NEWS2?', now)).toBeNull();
    expect(askedMoment('gewicht sinds 1 november', now)).toBeNull();
    expect(askedMoment('Welke afspraken staan er na vandaag gepland?', now)).toBeNull();
  });

  const row = (at: string, type: Dated['type'], facet: string, matched: number[] = []): Dated => ({
    at,
    type,
    facet,
    matched,
    live: [true, true],
  });

  it('declines a measured kind asked for a moment with none of it, not one with it that day', () => {
    const question = readQuestion('NEWS op 20 oktober');
    const moment = askedMoment('NEWS op 20 oktober', now);
    const rows = [row('2026-10-19T08:00:00+02:00', 'meting', 'news2'), row('2026-10-20T08:00:00+02:00', 'meting', 'temperatuur')];
    expect(nothingAtMoment(question, moment, rows)).toBe(true);
    expect(nothingAtMoment(question, moment, [...rows, row('2026-10-20T20:00:00+02:00', 'meting', 'news2')])).toBe(false);
    // A note of that day naming the kind answers too.
    expect(nothingAtMoment(question, moment, [...rows, row('2026-10-20T14:00:00+02:00', 'rapportage', 'rapportage', [1])])).toBe(false);
    // No moment, or no measured kind: the rule does not apply.
    expect(nothingAtMoment(question, null, rows)).toBe(false);
    expect(nothingAtMoment(readQuestion('familiegesprek op 20 oktober'), moment, [])).toBe(false);
    // CIWA is a scale the ward scores: a note planning it on another day does not answer a day asked.
    const ciwa = readQuestion('CIWA op 5 oktober?');
    const planned = row('2026-10-03T10:00:00+02:00', 'rapportage', 'rapportage', [1]);
    expect(nothingAtMoment(ciwa, askedMoment('CIWA op 5 oktober?', now), [planned])).toBe(true);
  });

  it('takes the event a question asks after as context, never as the answer', () => {
    expect(eventWords('is er na de val een ct van het hoofd gemaakt')).toEqual(['val']);
    expect(eventWords('ecg gemaakt na het ophogen van de lithium')).toEqual(['ophogen', 'lithium']);
    const question = readQuestion('ecg gemaakt na het ophogen van de lithium');
    expect(question.after.map((i) => question.terms[i]!.word)).toEqual(['ophogen', 'lithium']);
    const raised = row('2026-10-20T10:00:00+02:00', 'medicatieopdracht', 'Lithiumcarbonaat verhoogd');
    const before = row('2026-10-05T11:00:00+02:00', 'rapportage', 'rapportage', [1, 2, 3]);
    // An ECG before the raise, and a note mentioning the raise beforehand: nothing asked after it.
    expect(nothingAfterEvent(question, [before, raised])).toBe(true);
    expect(nothingAfterEvent(question, [before, raised, row('2026-10-22T09:00:00+02:00', 'rapportage', 'rapportage', [1])])).toBe(false);
    // A thing the record never names is never answered by the event's own report.
    const ct = readQuestion('is er na de val een CT van het hoofd gemaakt');
    const fall = row('2026-11-02T03:00:00+01:00', 'rapportage', 'rapportage', [1, 3]);
    expect(nothingAfterEvent(ct, [{ ...fall, live: [true, true, true, true] }])).toBe(true);
    // A question without an event is left to the usual threshold.
    expect(nothingAfterEvent(readQuestion('is er een ECG gemaakt'), [])).toBe(false);
  });
});

describe('a medicine asked by what it is for (ADR 0108, round four)', () => {
  it('reads a purpose said with a medicine word as asking for a medicine, not for the purpose', () => {
    const sleep = readQuestion('Krijgt ze iets om beter te slapen?');
    expect(sleep.forMedicine).toBe(true);
    expect(sleep.terms.map((term) => term.word)).toEqual(['slapen']);
    const thyroid = readQuestion('Wat slikt meneer voor zijn schildklier?');
    expect(thyroid.forMedicine).toBe(true);
    // The medicine's noun says it is a medicine; what it is for is the term.
    const unrest = readQuestion('Welk middel kreeg hij tegen de onrust?');
    expect(unrest.forMedicine).toBe(true);
    expect(unrest.terms.map((term) => term.word)).toEqual(['onrust']);
    expect(readQuestion('Welke medicatie gebruikt ze tegen de hoofdpijn?').forMedicine).toBe(true);
  });

  it('does not read a moment, a kind of thing or a named medicine as a purpose', () => {
    expect(readQuestion('Welke medicatie gebruikte hij voor de opname?').forMedicine).toBe(false);
    expect(readQuestion('Wat voor werk deed hij?').forMedicine).toBe(false);
    expect(readQuestion('Welke begeleiding krijgt hij voor zijn schulden?').forMedicine).toBe(false);
    expect(readQuestion('Krijgt hij lithium voor zijn stemming?').forMedicine).toBe(false);
    expect(readQuestion('Hoe sliep hij vannacht?').forMedicine).toBe(false);
  });

  it('reads "iets voor zijn suiker" as the kind of medicine named after it ("suikerpil")', () => {
    const sugar = readQuestion('Wat krijgt hij voor zijn suiker?');
    expect(cueAnswers(sugar.terms[0]!, 'medicatieopdracht', 'Metformine 500 mg')).toBe(true);
    expect(cueAnswers(sugar.terms[0]!, 'medicatieopdracht', 'Oxazepam 10 mg')).toBe(false);
    // Not outside a question for a medicine: "hoe was zijn suiker" is the glucose.
    expect(cueAnswers(readQuestion('Hoe was zijn suiker?').terms[0]!, 'medicatieopdracht', 'Metformine 500 mg')).toBe(false);
  });

  it('answers a kind of medicine by an order whose reason names what the kind is for', () => {
    const question = readQuestion('slaappil?');
    expect(purposeTerms(question, 'Slaapproblemen')).toEqual([1]);
    expect(purposeTerms(question, 'slapeloosheid bij manie')).toEqual([1]);
    expect(purposeTerms(question, 'angst rond eten')).toEqual([]);
    expect(purposeTerms(readQuestion('bloeddrukpil?'), 'hypertensie (thuismedicatie)')).toEqual([1]);
    expect(purposeTerms(readQuestion('welke pijnstiller?'), 'buikpijn')).toEqual([]);
    // A kind without a purpose of its own is answered by its members only.
    expect(purposeTerms(readQuestion('antipsychotica?'), 'psychose')).toEqual([]);
  });
});

describe('the asker’s words, round four (ADR 0108)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);

  it('searches a long word whole as well as shortened, since the stemmer may cut more than the prefix', () => {
    const [social] = readQuestion('Wat deed de maatschappelijk werker?').terms;
    expect(termQuery(social!)).toBe('maatschappel:* | maatschappelijk:*');
    expect(termQuery(readQuestion('werker?').terms[0]!)).toBe('werker:*');
  });

  it('reads a measure asked by what it measures: how heavy is the weight, how tall the height', () => {
    expect(words('Hoe zwaar is hij nu?')).toEqual(['gewicht']);
    expect(words('Hoe lang is ze?')).toEqual(['lengte']);
    expect(words('hoe lang is dat wicht')).toEqual(['lengte']);
    // A duration is not a height.
    expect(words('Hoe lang is ze al opgenomen?')).toEqual(['opgenomen']);
    expect(words('Hoe lang is de separatie geleden?')).not.toContain('lengte');
  });

  it('reads how a weight changed as the weight, and "de vorige" as the newest', () => {
    expect(cueAnswers(readQuestion('Is ze dunner geworden?').terms[0]!, 'meting', 'gewicht')).toBe(true);
    expect(readQuestion('Wanneer was de vorige lithiumspiegel?').order).toBe('newest');
    expect(readQuestion('Hoe sliep hij vorige week?').order).toBe('fit');
    // A word of degree says how much, not what.
    expect(readQuestion('Was hij heel onrustig?').terms.map((term) => term.word)).toEqual(['onrustig']);
    expect(readQuestion('Is hij erg moe?').terms[0]!.words).toContain('vermoeid');
    // "Hoe laat" asks a time, like "wanneer".
    expect(readQuestion('Hoe laat was hij wakker?').terms.map((term) => term.word)).toEqual(['wakker']);
    expect(readQuestion('Hoe laat was hij wakker?').when).toBe(true);
  });

  it('reads when he sees or speaks someone as an appointment, and only a question of when', () => {
    expect(readQuestion('Wanneer ziet hij de neuroloog?').terms.map((term) => term.word)).toEqual(['afspraak', 'neuroloog']);
    expect(readQuestion('Ziet hij er moe uit?').terms.map((term) => term.word)).toContain('ziet');
  });

  it('never drops a word as a question word for one letter typed for another, but reads regional ie as ij', () => {
    expect(correctTypo('handen')).toBe('handen');
    expect(correctTypo('wonden')).toBe('wonden');
    expect(correctTypo('tiedens')).toBe('tijdens');
    // A letter too many or too few still is a question word typed in a hurry.
    expect(correctTypo('wanneeer')).toBe('wanneer');
    expect(readQuestion('Trillen zun handen?').terms.map((term) => term.word)).toEqual(['trillen', 'handen']);
  });

  it('reads a role by its ward abbreviation', () => {
    expect(termQuery(readQuestion('gesprek met de VS?').terms[1]!)).toContain('(verpleegkundig <-> specialist)');
  });
});

describe('a person asked by their role (ADR 0108, round four)', () => {
  const contacts = [
    { name: 'Esther Kuipers', relation: 'dochter' },
    { name: 'dr. M. Oosterhuis (Huisartsenpraktijk De Worp, Deventer)', relation: 'huisarts' },
    { name: 'R. Sanders (Sanders Budgetbeheer, Deventer)', relation: 'bewindvoerder' },
    { name: 'Anna van der Berg', relation: 'zus' },
  ];

  it('searches the registered name of the relation asked, without initials, titles, particles or the patient’s names', () => {
    const daughter = withContactNames(readQuestion('Wat vertelde de dochter?'), contacts, ['Johannes', 'Kuipers']);
    expect(daughter.terms.find((term) => term.word === 'dochter')!.words).toEqual(['dochter', 'esther']);
    const money = withContactNames(readQuestion('Wie regelt zijn financiën?'), contacts);
    expect(money.terms.find((term) => term.word === 'financien')!.words).toContain('sanders');
    expect(money.terms.find((term) => term.word === 'financien')!.words).not.toContain('budgetbeheer');
    const sister = withContactNames(readQuestion('Belde de zus?'), contacts);
    expect(sister.terms.find((term) => term.word === 'zus')!.words).toEqual(['zus', 'zuster', 'zusje', 'anna', 'berg']);
  });

  it('leaves a question about no relation, or a relation the record does not register, as it was', () => {
    const sleep = readQuestion('Hoe sliep hij?');
    expect(withContactNames(sleep, contacts)).toEqual(sleep);
    const son = readQuestion('Wat zei de zoon?');
    expect(withContactNames(son, contacts).terms).toEqual(son.terms);
  });
});

describe('a word the record holds only inside its own compound (ADR 0108, round four)', () => {
  it('finds a word no source holds as the head of a longer word, with a plural ending', () => {
    const question = readQuestion('Hoe vaak belde hij de haven?');
    expect(question.terms.map((term) => term.word)).toEqual(['belde', 'haven']);
    expect(headTerms(question, 'belde 20 keer met de jachthaven', [1])).toEqual([2]);
    expect(headTerms(question, 'alle jachthavens gebeld', [1])).toEqual([2]);
    // Only the terms asked for, and not a word that merely starts with it or holds it in the middle.
    expect(headTerms(question, 'belde 20 keer met de jachthaven', [])).toEqual([]);
    expect(headTerms(question, 'havengeld betaald', [1])).toEqual([]);
    expect(headTerms(question, 'de havenmeester', [1])).toEqual([]);
  });

  it('reads every order for a medicine asked by its purpose, since its reason may hold the word inside a compound', () => {
    const question = readQuestion('Welk middel kreeg hij tegen de onthouding?');
    expect(cuedTypes(question)).toEqual(['medicatieopdracht', 'toediening']);
    expect(headTerms(question, 'agitatie en alcoholonthouding', [0])).toEqual([1]);
    expect(cuedTypes(readQuestion('Hoe was de onthouding?'))).toEqual([]);
  });
});

describe('a participle of the asker’s own (ADR 0108, round four)', () => {
  it('takes the stem of a weak past participle, with a separable front, and nothing shorter than four letters', () => {
    expect(participleStem('gehuild')).toBe('huil');
    expect(participleStem('gekrast')).toBe('kras');
    expect(participleStem('opgebeld')).toBe('opbel');
    expect(participleStem('verteld')).toBe('vertel');
    expect(participleStem('gezet')).toBeNull();
    expect(participleStem('stoel')).toBeNull();
  });

  it('searches that stem as a prefix beside the word, for a word the vocabulary does not know', () => {
    expect(termQuery(readQuestion('Heeft ze gehuild?').terms[0]!)).toBe('gehuild:* | huil:*');
    expect(termQuery(readQuestion('Is hij gevallen?').terms[0]!)).not.toContain('vall:*');
  });
});

describe('the asker’s words against the record’s (ADR 0108, round five)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
  const cued = (text: string, type: Parameters<typeof cueAnswers>[1], facet: string) =>
    readQuestion(text).terms.some((term) => cueAnswers(term, type, facet));

  it('reads a thing done against the will as its dwang compound, and keeps the will where no compound fits', () => {
    expect(forcedCompounds(['prik', 'dwang'])).toEqual(['dwanginjectie']);
    expect(forcedCompounds(['dwang', 'voeding'])).toEqual(['dwangvoeding']);
    expect(forcedCompounds(['gedwongen', 'maaltijd'])).toEqual(['dwangvoeding']);
    expect(forcedCompounds(['douche', 'dwang'])).toEqual(['douche', 'dwang']);
    expect(words('Kreeg ze een injectie terwijl ze dat niet wilde?')).toEqual(['dwanginjectie']);
    expect(cued('Een prik gehad tegen zijn wil?', 'maatregel', 'dwangmedicatie')).toBe(true);
    expect(words('Moest hij douchen tegen zijn wil?')).toEqual(['douchen', 'dwang']);
  });

  it('reads a dose not taken or left lying as refused', () => {
    expect(cued('Hoe vaak heeft ze haar tabletten niet ingenomen?', 'toediening', 'geweigerd')).toBe(true);
    expect(cued('Wilde hij zijn medicatie wel eens niet innemen?', 'toediening', 'geweigerd')).toBe(true);
    expect(cued('Heeft hij zijn avondpil laten liggen?', 'toediening', 'geweigerd')).toBe(true);
  });

  it('reads phrases for a death wish, sleep, a day at home and a family sitting down together', () => {
    expect(cued('Praat ze over er een eind aan maken?', 'risico', 'suïcide')).toBe(true);
    expect(words('Deed ze vannacht een oog dicht?')).toEqual(['slapen']);
    expect(words('Hoe ging het weekendje thuis?')).toEqual(['verlof']);
    expect(words('Wanneer zitten we met de familie om tafel?')).toEqual(['familiegesprek']);
    expect(correctTypo('zitten')).toBe('zitten');
    // The clinic, the ward and the blood are where the record is; they ask nothing.
    expect(words('Sinds wanneer verblijft hij onvrijwillig in de kliniek?')).toEqual(['onvrijwillig']);
    expect(words('Is er een tekort aan kalium in het bloed?')).toEqual(['kalium']);
  });

  it('routes words of the court, of what he has and of a chance of harm to their source', () => {
    expect(cuedTypes(readQuestion('Onder welke rechterlijke titel is ze opgenomen?'))).toContain('juridisch');
    expect(cuedTypes(readQuestion('Welke ziekte heeft hij?'))).toEqual(['diagnose']);
    expect(cuedTypes(readQuestion('Welke aandoening staat als hoofdclassificatie?'))).toEqual(['diagnose']);
    expect(cued('Is er kans op geweld?', 'risico', 'agressie')).toBe(true);
    expect(words('Hoe vaak heeft hij gebeld?')).toEqual(['gebeld']);
    expect(cued('Gaat ze ervandoor?', 'risico', 'weglopen')).toBe(true);
    // A compound of a known word and a chance: "vluchtgevaar" splits as "ontvluchting" and the risk.
    expect(cued('ontvluchtingsgevaar?', 'risico', 'weglopen')).toBe(true);
    expect(cued('Wat zijn haar doelen?', 'intake', 'hulpvraag')).toBe(true);
    expect(cued('Wie heeft haar doorverwezen?', 'intake', 'aanmelding')).toBe(true);
  });

  it('knows lay, regional and role words as the record’s', () => {
    expect(readQuestion('Pitte ze goed?').terms[0]!.words).toContain('geslapen');
    expect(readQuestion('Hoe lang pitten ze?').terms[0]!.words).toContain('geslapen');
    expect(readQuestion('hoeveel peuken per dag?').terms[0]!.words).toContain('sigaretten');
    expect(readQuestion('Is ze lichter geworden?').terms[0]!.words).toContain('gewicht');
    // Common words one letter from a new one stay themselves.
    expect(words('Heeft hij een lichte tremor?')).toEqual(['tremor']);
    expect(words('Heeft hij stiekem gerookt?')).toEqual(['gerookt']);
    expect(correctTypo('zwarte')).toBe('zwarte');
    expect(readQuestion('bovendruk?').terms[0]!.cues[0]!.facets).toEqual(['bloeddruk']);
    expect(readQuestion('Wanneer gaat ze naar de zenuwarts?').terms[0]!.words).toContain('neuroloog');
    expect(readQuestion('Is hij onderuitgegaan?').terms[0]!.words).toContain('gevallen');
    expect(cued('Wat is het nummer van de huisdokter?', 'contactpersoon', 'huisarts')).toBe(true);
    // Parents are the registered moeder and vader; asking the mother is not asking the father.
    expect(cued('Hoe bereik ik haar ouders?', 'contactpersoon', 'vader')).toBe(true);
    expect(readQuestion('Belde de moeder?').terms[0]!.words).not.toContain('vader');
    // Salts in the blood take in the potassium; the potassium does not take in the salts.
    expect(readQuestion('mineralen laag?').terms[0]!.words).toEqual(expect.arrayContaining(['kalium', 'magnesium', 'fosfaat']));
    expect(readQuestion('kalium?').terms[0]!.words).not.toContain('mineralen');
    expect(words('wie strooit er zout')).toEqual(['strooit', 'zout']);
  });

  it('reads how heavy a thing of hers is as its severity, how heavy she is as the weight', () => {
    expect(words('Hoe zwaar is haar depressie?')).not.toContain('gewicht');
    expect(readQuestion('Hoe zwaar is haar depressie?').terms[0]!.words).toContain('ernstig');
    expect(words('Hoe zwaar is ze?')).toEqual(['gewicht']);
  });

  it('reads a medicine asked by its purpose in Low Saxon, and "in het begin" as the first', () => {
    expect(readQuestion("Hef e wat ehad um te kunn'n sloap'n?").forMedicine).toBe(true);
    expect(readQuestion('Heeft ze iets gehad tegen de hoofdpijn?').forMedicine).toBe(true);
    expect(readQuestion('Welke medicatie kreeg hij in het begin?').order).toBe('oldest');
    // "Hoevaak" written as one word counts, and is no word to find.
    expect(readQuestion('hoevaak gesepareerd?').counts).toBe(true);
    expect(words('hoevaak gesepareerd?')).toEqual(['gesepareerd']);
  });
});

describe('a general word does not veto what the record holds (ADR 0108, round seven)', () => {
  const row = (type: Found['type'], facet: string, matched: number[]): Found => ({ type, facet, matched, live: [true, true, true] });
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);

  it('leaves out an unfound general word beside a clinical word some source holds', () => {
    const saliva = readQuestion('Loopt het speeksel hem uit de mond?');
    expect(words('Loopt het speeksel hem uit de mond?')).toEqual(['speeksel', 'mond']);
    expect([...unfoundGeneral(saliva, [row('dagnotitie', 'dagnotitie gedrag', [1])])]).toEqual([1]);
    // Held by a source, the general word counts as any other.
    expect([...unfoundGeneral(saliva, [row('dagnotitie', 'dagnotitie gedrag', [1, 2])])]).toEqual([]);
    // The clinical word unfound too: nothing is left out, the record does not answer.
    expect([...unfoundGeneral(saliva, [row('dagnotitie', 'dagnotitie gedrag', [])])]).toEqual([]);
  });

  it('keeps an unfound general word when only the asker’s own words are found', () => {
    const thirst = readQuestion('Klaagt ze over dorst bij een collega?');
    expect(thirst.terms.map((term) => term.word)).toEqual(['klaagt', 'dorst', 'collega']);
    expect(thirst.terms.some((term) => term.known)).toBe(false);
    const found = thirst.terms.flatMap((term, i) => (term.word === 'collega' ? [] : [i + 1]));
    expect([...unfoundGeneral(thirst, [row('rapportage', 'verpleegkundig', found)])]).toEqual([]);
  });

  it('reads auxiliaries of going and trying as question words, "de pil" as the contraceptive and an empty plate as eating', () => {
    expect(words('is ze s nachts stiekem gaan sporten')).toEqual(['sporten']);
    expect(words('Heeft hij geprobeerd te roken?')).toEqual(['roken']);
    expect(readQuestion('Slikt ze de pil?').terms[0]!.words).toContain('anticonceptiepil');
    // A medicine's noun beside its purpose is no contraceptive.
    expect(readQuestion('Welke pil krijgt ze om te slapen?').terms.flatMap((term) => term.words)).not.toContain('anticonceptie');
    expect(readQuestion("Krijgt-ie z'n bordje al leeg?").terms[0]!.words).toContain('maaltijd');
    expect(readQuestion('Hoeveel krijgt hij per dag aan dranken binnen?').terms[0]!.words).toContain('vochtinname');
    // A helper of hers is a professional among her contacts, not her mother; a typo of a general word is read as it.
    const helper = readQuestion('wie is haar hulpverlener buitten de kliniek');
    expect(helper.terms.map((term) => term.word)).toEqual(['hulpverlener', 'buiten', 'kliniek']);
    expect(cueAnswers(helper.terms[0]!, 'contactpersoon', 'sociaal-psychiatrisch verpleegkundige')).toBe(true);
    expect(cueAnswers(helper.terms[0]!, 'contactpersoon', 'moeder')).toBe(false);
    // A role asked by name is that role: the GP or the psychiatrist does not answer "wie is zijn casemanager".
    for (const role of ['huisarts', 'psychiater', 'sociaal-psychiatrisch verpleegkundige'])
      expect(readQuestion('wie is zijn casemanager?').terms.some((term) => cueAnswers(term, 'contactpersoon', role))).toBe(false);
    // Care had before is the anamnese.
    expect(cueAnswers(readQuestion('hulpverlening vroeger?').terms[0]!, 'intake', 'anamnese')).toBe(true);
  });
});

describe('the words of other wards and disorders (ADR 0108, round seven)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
  const found = (text: string) => readQuestion(text).terms.flatMap((term) => term.words);

  it('reads the clinical, lay and abbreviated names of one thing as one term', () => {
    expect(found('Heeft ze nachtmerries?')).toContain('angstdromen');
    expect(found('Heeft hij last van flashbacks?')).toContain('herbelevingen');
    expect(found('Is hij achterdochtig?')).toEqual(expect.arrayContaining(['paranoïde', 'wantrouwig']));
    expect(found('Heeft ze last van ontwenningsverschijnselen?')).toEqual(expect.arrayContaining(['detox', 'afkicken']));
    expect(found('Wie is haar regiebehandelaar?')).toContain('hoofdbehandelaar');
    expect(readQuestion('Huilt ze veel?').terms[0]!.known).toBe(true);
  });

  it('takes the narrower in under the broader word, never the other way round', () => {
    expect(found('Gebruikt hij drugs?')).toEqual(expect.arrayContaining(['cocaïne', 'heroïne', 'amfetamine']));
    expect(found('Gebruikt hij coke?')).not.toContain('cannabis');
    expect(found('Zijn de leverwaarden bepaald?')).toEqual(expect.arrayContaining(['asat', 'alat']));
    expect(found('ASAT en ALAT?')).not.toContain('leverfunctie');
    expect(found('Is er dementie vastgesteld?')).toContain('alzheimer');
    expect(found('Heeft ze alzheimer?')).not.toContain('dementie');
  });

  it('reads common words as written, not as the start or a slip of a new clinical word', () => {
    expect(words('hoe is de wond achter z’n oor')).toEqual(['wond', 'oor']);
    expect(words('heeft hij zin en lust om te eten')).toContain('lust');
    expect(words('zijn zijn sokken gewassen')).toContain('sokken');
    expect(words('is er iets met de urine')).toEqual(['urine']);
    expect(words('welke persoon is de mentor')).toEqual(['mentor']);
    // Spelled as heard: the known word it is with k for c, g for ch(t), ei for ij.
    expect(words('tot wanneer loopt het toezig')).toEqual(['toezicht']);
    expect(words('welke beiwerking')).toEqual(['bijwerking']);
    expect(words('medikatie?')).toEqual(['medicatie']);
  });
});

describe('the frame of a question and the ward’s shorthand (ADR 0108, round eight)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
  const found = (text: string) => readQuestion(text).terms.flatMap((term) => term.words);

  it('reads the frame of a question as no part of what is asked', () => {
    expect(words('Zijn er aanwijzingen voor een delier?')).toEqual(['delier']);
    expect(words('Eet hij genoeg?')).toEqual(['eet']);
    expect(words('wanneer is de zorgmachtiging ingegaan en tot wanneer liep die')).toEqual(['zorgmachtiging']);
    expect(words('welke therapie volgt hij')).toEqual(['therapie']);
    expect(words('wanneer worden de nierwaarden weer bekeken')).toEqual(['nierwaarden']);
    // Regional forms of "hoeveel", "worden", "moet", "nu", "geweest".
    expect(words('hoeveul rookt ie noe')).toEqual(['rookt']);
    expect(words('mot de bloeddruk nog gemeten worre')).toEqual(['bloeddruk']);
  });

  it('reads "dat mens" as a person, not as the menses', () => {
    expect(found('wat krijgt dat mens tegen de onrust')).not.toContain('menstruatie');
    expect(found('is ze ongesteld')).toContain('menstruatie');
  });

  it('reads the ward’s shorthand and lay words as the record’s', () => {
    expect(found('bd vanochtend?')).toContain('bloeddruk');
    expect(cueAnswers(readQuestion('bd?').terms[0]!, 'meting', 'bloeddruk')).toBe(true);
    expect(found('welke med krijgt hij')).toContain('medicatie');
    expect(found('heeft hij een blaasontsteking')).toEqual(expect.arrayContaining(['urineweginfectie', 'uwi']));
    expect(found('is er een botbreuk gezien')).toContain('fractuur');
    expect(found('welk antibioticum krijgt ze')).toContain('antibiotica');
    expect(found('heeft hij last van onttrekkingsverschijnselen')).toContain('detox');
    expect(cueAnswers(readQuestion('wie is haar vriendje').terms[0]!, 'contactpersoon', 'partner')).toBe(true);
    expect(found('Krijgt hij iets tegen de zucht naar drugs?')).toContain('craving');
    // A sigh is not the craving.
    expect(found('slaakte hij een zucht')).not.toContain('craving');
  });
});

describe('a compound in the notes and a fall in the night shift’s words (ADR 0108, round nine)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
  const matches = (pattern: string | null, text: string) =>
    pattern !== null && new RegExp(pattern.replace('[[:alpha:]]', '\\p{L}').replace('[^[:alpha:]]', '[^\\p{L}]'), 'iu').test(text);

  it('looks for a word of the asker’s own as the head of the record’s compound in every note', () => {
    const question = readQuestion('uitslag kweek?');
    expect(words('uitslag kweek?')).toEqual(['kweek']);
    const pattern = headPattern(question, [0]);
    expect(matches(pattern, 'Uitslag urinekweek: E. coli')).toBe(true);
    expect(matches(pattern, 'de bloedkweek is negatief')).toBe(true);
    expect(matches(pattern, 'kweek afgenomen')).toBe(false);
    expect(matches(pattern, 'kweekmedium')).toBe(false);
    expect(headPattern(question, [])).toBeNull();
  });

  it('does not look for a known word inside others: its forms end Dutch verbs', () => {
    // "roken" ends "besproken" and "gebroken"; its synonyms are searched already.
    expect(headPattern(readQuestion('rookt ze?'), [0])).toBeNull();
  });

  it('searches a fall as the night shift writes it, the words side by side', () => {
    const fall = readQuestion('is ze gevallen?').terms[0]!;
    expect(termQuery(fall)).toContain('(op <-> de <-> grond <-> aangetroffen)');
    expect(termQuery(fall)).toContain('(op <-> de <-> grond <-> gezakt)');
    expect(termQuery(fall)).not.toMatch(/(?:^|\| )grond/);
  });

  it('reads a separable verb split by "te" as the one word the record writes, when it is known', () => {
    expect(joinSeparableVerbs('probeert ze weg te loopen?')).toBe('probeert ze weglopen?');
    expect(readQuestion('probeert hij weg te lopen').terms.map((term) => term.word)).toEqual(['weglopen']);
    // Not a word the vocabulary knows: the words stay as they are.
    expect(joinSeparableVerbs('zit hij weg te kijken')).toBe('zit hij weg te kijken');
  });
});

describe('an event told in other words (ADR 0108, round ten)', () => {
  const words = (text: string) => readQuestion(text).terms.map((term) => term.word);
  const found = (text: string) => readQuestion(text).terms.flatMap((term) => term.words);
  const query = (text: string) => readQuestion(text).terms.map(termQuery).join(' | ');

  it('reads a diminutive as the known thing it makes small, and an unknown one as written', () => {
    expect(diminutiveBase('kindje')).toBe('kind');
    expect(diminutiveBase('broertjes')).toBe('broer');
    expect(found('kreeg hij een prikje')).toContain('injectie');
    expect(diminutiveBase('meisje')).toBe('meisje');
  });

  it('asks a child as the son or daughter the record names, never the zo-nodig medicine', () => {
    expect(found('is het kindje op bezoek geweest')).toEqual(expect.arrayContaining(['dochter', 'zoon']));
    expect(found('wie zorgt er voor het kleintje')).toContain('dochter');
    // "zoons" and "zonen" stem to "zon", which starts "zonodig".
    expect(query('heeft hij kinderen')).not.toMatch(/zoons|zonen/);
    expect(found('hoe gaat het met mam')).toContain('moeder');
  });

  it('searches a verb of the asker’s own as its noun too, and a noun as its verb', () => {
    expect(wordFamily('plannen')).toContain('planning');
    expect(wordFamily('verhuizen')).toEqual(expect.arrayContaining(['verhuizing', 'verhuiz']));
    expect(wordFamily('wisseling')).toEqual(['wissel']);
    expect(wordFamily('bezoek')).toEqual([]);
    expect(query('wat zijn de plannen')).toContain('planning:*');
    // A known word keeps its own synonyms only.
    expect(query('hoe is het eten')).not.toContain('eting');
  });

  it('reads weighing as weighing, not as "wegens", and washing as the self-care the record notes', () => {
    expect(words('heeft ze bij het wegen gesjoemeld')).toContain('wegen');
    expect(found('heeft ze de weegschaal gefopt')).toEqual(expect.arrayContaining(['wegen', 'weging']));
    expect(found('wast ze zich zelf')).toEqual(expect.arrayContaining(['gewassen', 'zelfverzorging']));
  });

  it('reads "the specialist" as the hospital specialists and a check-up as said or as heard', () => {
    expect(found('wanneer moet ze naar de specialist')).toEqual(expect.arrayContaining(['internist', 'cardioloog']));
    expect(found('wanneer is de internist')).not.toContain('specialist');
    expect(found('voor kontrole')).toContain('controle');
    // The vital signs keep their own cue: a check-up is no measurement.
    expect(cueAnswers(readQuestion('kontrole?').terms[0]!, 'meting', 'bloeddruk')).toBe(false);
  });

  it('reads the plans after discharge as the aftercare written before it, not as an event to look after', () => {
    const question = readQuestion('wat zijn de plannen na ontslag?');
    expect(question.after).toEqual([]);
    expect(question.terms.flatMap((term) => term.words)).toEqual(expect.arrayContaining(['beleid', 'ontslagvoorbereiding']));
    expect(found('wat is het beleid')).toContain('plan');
  });

  it('reads Brabants and Twents "deur" as "door"', () => {
    expect(words('Slaopt ze al een beetje deur?')).toEqual(['slaapt']);
  });

  it('leaves out a verb of the asker’s own after "te" that no source holds, once a clinical word is held', () => {
    const note = (matched: number[]): Found => ({ type: 'dagnotitie', facet: 'dagnotitie gedrag', matched, live: [true, true] });
    const trick = readQuestion('Heeft ze de weegschaal proberen te foppen?');
    expect(trick.terms.map((term) => term.word)).toEqual(['weegschaal', 'foppen']);
    expect([...unfoundActions(trick, [note([1])])]).toEqual([1]);
    // Nothing clinical held: the verb still counts.
    expect([...unfoundActions(trick, [note([])])]).toEqual([]);
    // A plural noun is no verb: "handen" counts where it is not held.
    expect([...unfoundActions(readQuestion('weegschaal handen?'), [note([1])])]).toEqual([]);
  });

  it('reads a questionnaire asked by its generic name as the ones the ward scores', () => {
    expect(found('vragenlijst eetklachten, verbetering?')).toEqual(expect.arrayContaining(['edeq', 'honos']));
    // The narrower word does not take in the broader one.
    expect(found('EDE-Q afgenomen?')).not.toContain('vragenlijst');
  });

  it('reads a course or a schema of a known thing as that thing', () => {
    expect(found('wat is het voedingsschema')).toEqual(expect.arrayContaining(['voeding', 'maaltijd']));
    const course = readQuestion('heeft ze een vitaminekuur gehad').terms[0]!;
    expect(cueAnswers(course, 'medicatieopdracht', 'thiamine')).toBe(true);
  });

  it('answers a kind of medicine with its members: antibiotics, vitamins, medicines for a dementia', () => {
    const antibiotic = readQuestion('waarom is het antibioticum gewisseld').terms[0]!;
    expect(cueAnswers(antibiotic, 'medicatieopdracht', 'Fosfomycine')).toBe(true);
    expect(cueAnswers(antibiotic, 'medicatieopdracht', 'Nitrofurantoïne')).toBe(true);
    expect(cueAnswers(antibiotic, 'medicatieopdracht', 'Lorazepam')).toBe(false);
    // Forgetting is what the record calls a dementia; a memory clinic alone is not.
    expect(found('wat krijgt ze tegen haar geheugen')).toContain('dementie');
    expect(words('MMSE bij geheugenpoli?')).toEqual(['mmse', 'geheugenpoli']);
  });

  it('reads the frame of a question with its question words spelled right', () => {
    const unrest = readQuestion('hoe vaak heeft ze iets extra’s gehad teegen de onrust');
    expect(unrest.forMedicine).toBe(true);
    // An order "bij spanning" is given against the unrest.
    expect(unrest.terms.find((term) => term.word === 'onrust')!.words).toContain('spanning');
    expect(readQuestion('wanner is hij gevallen').when).toBe(true);
  });
});
