/**
 * The words "Vraag het dossier" knows, as data (ADR 0078): synonyms for clinical words, the words a
 * question is made of but that say nothing about the record, and the cues that point a question at
 * a kind of record (a measurement, a medicine, a contact's relation). The engine is
 * `dossiervraag.question.ts`; a new word is one line here.
 */
import { drugClasses, drugNames } from './dossiervraag.drug-names';

/** A name of more than one word as the one word a question's words are joined into ("Kalium Retard": "kaliumretard"). */
export const compact = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The kinds of source an answer cites; the Dutch word is also the API's `type`. */
export const sourceTypes = [
  'rapportage',
  'dagnotitie',
  'meting',
  'medicatieopdracht',
  'toediening',
  'risico',
  'diagnose',
  'juridisch',
  'maatregel',
  'intake',
  'brief',
  'afspraak',
  'contactpersoon',
] as const;
export type SourceType = (typeof sourceTypes)[number];

/**
 * Words that mean the same in a question about the record. Each list is one class: a question's
 * word from it searches for all of them (the stemmer of PostgreSQL's `dutch` configuration does
 * the rest: "verhoogd" and "verhogen" meet, "sliep" and "slapen" do not, hence the lists).
 */
export const synonymClasses: readonly (readonly string[])[] = [
  [
    'separatie',
    'afzondering',
    'gesepareerd',
    'separeer',
    'separeren',
    'separatieruimte',
    'afzonderingskamer',
    'afgezonderd',
    'isoleer',
    'isoleercel',
    'separeerruimte',
    'separeercel',
  ],
  // "Spanning" is the ward's word for rising unrest (round ten: an order "bij spanning" answers "iets tegen de onrust").
  [
    'onrustig',
    'onrust',
    'druk',
    'drok',
    'agitatie',
    'geagiteerd',
    'agitatief',
    'opgewonden',
    'gespannen',
    'spanning',
    'spanningen',
    'ijsberen',
  ],
  [
    'slapen',
    'slaap',
    'slaapt',
    'sliep',
    'geslapen',
    'nachtrust',
    'doorgeslapen',
    'doorsliep',
    'slapeloos',
    'slapeloosheid',
    'insomnia',
    // Everyday and regional words for sleeping (round five): "pitten" (read as "pitte": "zitten" is one letter from it), Low Saxon "sloapn".
    'pitte',
    'gepit',
    'sloapn',
    'sloapt',
  ],
  ...drugNames.map(({ generic, names }) => [generic, ...names]),
  // A kind of medicine is also searched as written: "laxantia ontkend" answers "laxeermiddelen?".
  ...drugClasses.map(({ words }) => words),
  [
    'agressie',
    'agressief',
    'dreigend',
    'bedreigend',
    'dreigde',
    'sloeg',
    'slaan',
    'geslagen',
    'schopte',
    'gewelddadig',
    'handtastelijk',
    'handtastelijkheden',
  ],
  ['suïcide', 'suïcidaal', 'suïcidaliteit', 'zelfmoord', 'doodsgedachten', 'doodswens', 'suïcidegedachten'],
  [
    'zelfbeschadiging',
    'automutilatie',
    'zelfbeschadigend',
    'gesneden',
    'krassen',
    'snijden',
    'snijdt',
    'sneed',
    'krast',
    'kraste',
    'beschadigt',
    'beschadigen',
    'verwonding',
    'verwondingen',
    'verwond',
  ],
  ['fixatie', 'gefixeerd', 'vastgebonden', 'vastgelegd'],
  ['dwang', 'gedwongen', 'verplicht', 'verplichte', 'dwangzorg'],
  ['dwangmedicatie', 'dwangmedicijnen', 'platgespoten', 'platspuiten', 'dwanginjectie'],
  ['boos', 'kwaad', 'woedend', 'geïrriteerd', 'boosheid'],
  ['uitgedroogd', 'uitdroging', 'dehydratie', 'gedehydreerd'],
  ['diabetes', 'dm', 'dm2', 'suikerziekte'],
  ['eten', 'at', 'gegeten', 'eet', 'maaltijd', 'maaltijden', 'eetlust', 'voeding', 'voedselinname', 'gevoed'],
  ['vochtinname', 'vocht', 'vochtbalans', 'gedronken', 'drinkt', 'drinken', 'dranken'],
  // "De pil" is the contraceptive pill (a phrase: `phrases`).
  ['anticonceptie', 'anticonceptiepil', 'anticonceptiemiddel', 'anticonceptiva'],
  ['sonde', 'sondevoeding', 'neusmaagsonde', 'voedingssonde', 'voedingsslang', 'voedingsslangetje', 'voedingsbuis', 'maagsonde'],
  ['dwangvoeding'],
  ['decubitus', 'doorligplek', 'drukplek', 'doorliggen', 'doorligwond'],
  ['sacraal', 'stuit', 'stuitje', 'sacrum'],
  // A fall as the night shift writes it: found on the floor, or slid to it (searched word by word side by side,
  // so "op grond van" is no fall).
  [
    ...['vallen', 'val', 'gevallen', 'viel', 'valincident', 'valpartij', 'onderuitgegaan', 'onderuitgaan', 'gestruikeld'],
    ...['op de grond aangetroffen', 'op de grond gevonden', 'op de grond gezakt', 'op de grond gegleden', 'op de vloer aangetroffen'],
  ],
  ['ect', 'elektroconvulsietherapie', 'elektroshock', 'elektroshocks', 'schokbehandeling', 'schoktherapie'],
  ['dieet', 'diëtist', 'dietist'],
  ['katheter', 'uc', 'blaaskatheter', 'verblijfskatheter'],
  ['kreatinine', 'kreat', 'nierfunctie', 'egfr', 'klaring', 'nierwaarden', 'nierwaardes'],
  ['medicatie', 'medicijnen', 'pillen', 'tabletten', 'medicament', 'med', 'meds'],
  ['weigeren', 'weigerde', 'geweigerd', 'weigering', 'weigert'],
  ['bloeddruk', 'tensie', 'rr', 'bd', 'bovendruk', 'systolisch', 'diastolisch'],
  ['pols', 'hartslag', 'hartfrequentie', 'hf', 'polsfrequentie'],
  ['temperatuur', 'temp', 'koorts', 'verhoging'],
  ['saturatie', 'zuurstofsaturatie', 'spo2', 'sat'],
  ['ademfrequentie', 'ademhaling', 'ademhalingsfrequentie'],
  ['gewicht', 'weegt', 'woog', 'gewogen', 'kilo', 'afgevallen', 'aangekomen', 'lichaamsgewicht', 'zwaarder', 'dikker', 'dunner', 'lichter'],
  ['alcohol', 'drank', 'dronk', 'bier', 'biertje', 'biertjes', 'wijn', 'alcoholgebruik', 'sterke drank'],
  ['drugs', 'cannabis', 'blowen', 'blowt', 'wiet', 'middelengebruik', 'middelen', 'thc', 'hasj'],
  ['stemmen', 'hallucinaties', 'hallucineert', 'hallucinaties'],
  ['angst', 'angstig', 'bang', 'zenuwen', 'zenuwachtig'],
  ['paniek', 'paniekaanval', 'paniekaanvallen'],
  ['somber', 'depressief', 'neerslachtig', 'stemming'],
  ['bezoek', 'bezocht', 'visite'],
  // "Naar huis" is ontslag or a day's or weekend's leave; listed first so each word keeps its own class when asked alone.
  ['naarhuis', 'ontslag', 'ontslagen', 'dagverlof', 'weekendverlof'],
  ['ontslag', 'ontslagen'],
  ['verlof', 'weekendverlof', 'verlofregeling', 'dagverlof', 'uitstapje'],
  ['huisarts', 'ha', 'huisdokter', 'hoesdokter'],
  ['zonodig', 'zn', 'prn', 'extra', 'extraatje'],
  ['hoofdpijn'],
  ['migraine'],
  ['bijwerking', 'bijwerkingen'],
  ['speekselvloed', 'kwijlen', 'kwijlt', 'kwijlde', 'speeksel', 'spuug'],
  ['sufheid', 'suf'],
  ['stijfheid', 'stijf', 'rigiditeit'],
  ['verhoogd', 'verhoging', 'opgehoogd', 'verhogen', 'ophogen', 'omhoog', 'titratie', 'getitreerd', 'opgebouwd', 'opbouw'],
  ['verlaagd', 'afgebouwd', 'verlagen', 'afbouwen', 'omlaag', 'verminderd', 'minderen'],
  ['gestopt', 'gestaakt', 'stoppen', 'staken', 'onderbroken', 'gepauzeerd', 'pauze'],
  ['herstart', 'herstarten', 'hervat', 'hervatten', 'herstarte'],
  ['poging', 'pogingen', 'poogde'],
  ['injectie', 'im', 'intramusculair', 'prik', 'gespoten', 'spuit', 'spuitje'],
  [
    'weglopen',
    'wegloop',
    'weggelopen',
    'ontvluchting',
    'ontvlucht',
    'gevlucht',
    'vluchtpoging',
    'ontsnapt',
    'ontsnapping',
    'vandoor',
    'ervandoor',
  ],
  // Not "verstopt": food hidden in a napkin is "verstopt" too (round six).
  ['obstipatie', 'verstopping', 'geobstipeerd'],
  ['ontlasting', 'defecatie'],
  ['leukocyten', 'leuko', 'leuco', 'leucocyten'],
  ['neutrofielen', 'neutro', 'anc'],
  ['bloedbeeld'],
  ['schildklier', 'tsh', 'schildklierfunctie'],
  ['hypothyreoïdie', 'hypothyreoidie'],
  ['hyperthyreoïdie', 'hyperthyreoidie'],
  ['hypertensie', 'hypertensief'],
  ['pijn', 'pijnklachten'],
  ['allergie', 'allergieën', 'allergisch', 'overgevoelig', 'overgevoeligheid'],
  ['manie', 'manisch', 'manische', 'ontremd', 'ontremming', 'hypomaan', 'hypomanie'],
  ['psychose', 'psychotisch', 'psychotische', 'psychotiform'],
  ['gewijzigd', 'wijziging', 'wijzigingen'],
  ['opname', 'opn', 'opnames', 'opnamen', 'opgenomen', 'opnamedag'],
  ['zorgmachtiging', 'zm'],
  ['crisismaatregel', 'cm'],
  ['glucose', 'bloedsuiker', 'bloedsuikers', 'suiker', 'bs', 'bsw'],
  ['roken', 'rookt', 'sigaretten', 'sigaret', 'tabak', 'peuken', 'peuk', 'paffen', 'paft', 'shag'],
  ['werk', 'beroep', 'werkte', 'gewerkt', 'baan', 'afgekeurd', 'afkeuring', 'arbeidsongeschikt', 'gepensioneerd', 'pensioen'],
  // Ward shorthand and the everyday word for a relation or a role.
  ['familie', 'fam', 'familiegesprek', 'familieleden', 'gezin', 'naasten'],
  ['echtgenote', 'vrouw', 'echtgenoot', 'partner', 'wederhelft', 'man', 'vriendje', 'vriendinnetje'],
  ['zus', 'zuster', 'zusje'],
  ['broer', 'broertje'],
  ['moeder', 'mama', 'mam', 'moeke'],
  ['vader', 'papa'],
  // A child asked as a child, in the small or everyday form ("is het kindje op bezoek geweest"): the record names the son or daughter.
  ['kind', 'kinderen', 'kids', 'kleintje'],
  // Classes of their own so "kind" can take them in; a plural or diminutive is found by prefix or by `diminutiveBase`
  // (not "zonen" or "zoons": their stem "zon" starts "zonodig").
  ['dochter'],
  ['zoon'],
  ['arts', 'dokter', 'dokters'],
  ['psychiater'],
  ['orthostase', 'orthostatisch', 'orthostatische', 'hypotensie'],
  ['waan', 'wanen', 'waanideeën', 'waanachtig', 'waanbeleving'],
  ['neuroloog', 'neurologie', 'neurologisch', 'neurologische', 'zenuwarts', 'hersenspecialist'],
  ['wond', 'wondzorg', 'wondverzorging', 'wondverpleegkundige'],
  ['spiegel', 'bloedspiegel', 'plasmaspiegel'],
  ['verwijzing', 'verwijsbrief', 'verwezen', 'doorverwezen', 'doorgestuurd', 'verwijzer'],
  ['mdo', 'multidisciplinair', 'multidisciplinaire', 'multidisciplinairoverleg', 'teamoverleg'],
  ['ecg', 'hartfilmpje', 'hartfilm', 'hartritme'],
  ['qtc'],
  // The asker's words for what the record writes clinically (ADR 0108): lay words, ward abbreviations.
  ['inbewaringstelling', 'ibs'],
  ['rechterlijke machtiging', 'rm'],
  ['nefroloog', 'nierarts', 'nefrologie', 'nierspecialist'],
  ['cardioloog', 'hartspecialist', 'cardiologie'],
  // Round ten: the hospital's specialists a ward sends to, and the specialist asked as such (`narrowerTerms`).
  ['internist', 'interne geneeskunde'],
  ['longarts', 'longspecialist'],
  ['specialist', 'specialisten', 'medisch specialist'],
  // A check-up as said and as heard ("kontrole"); not "controles", the vital signs' cue.
  ['controle', 'kontrole', 'controleafspraak', 'nacontrole'],
  ['hypothermie', 'onderkoeld', 'onderkoeling'],
  ['bradycardie', 'tragehartslag'],
  ['menstruatie', 'ongesteld', 'ongesteldheid', 'menses', 'amenorroe'],
  ['eetstoornis', 'eetstoornissen', 'eetprobleem', 'eetproblemen', 'eetklachten'],
  ['anorexia', 'anorexia nervosa'],
  ['boulimia', 'boulimie'],
  ['calorieën', 'calorie', 'calorieen', 'kcal', 'kilocalorieën'],
  ['kalium', 'hypokaliëmie', 'kaliumgehalte'],
  ['magnesium', 'hypomagnesiëmie'],
  ['fosfaat', 'hypofosfatemie'],
  ['calcium', 'hypocalciëmie', 'hypercalciëmie', 'calciumgehalte'],
  ['natrium', 'hyponatriëmie', 'hypernatriëmie', 'natriumgehalte'],
  ['elektrolyten', 'mineralen'],
  ['hemoglobine', 'hb'],
  ['diarree', 'diarrhee', 'buikloop', 'dunne ontlasting', 'dunne poep'],
  ['eetbui', 'eetbuien', 'vreetbui', 'vreetbuien', 'eetaanval', 'eetaanvallen'],
  ['opstaan', 'opstaat', 'opstond', 'overeind'],
  ['blaastest', 'blazen', 'blies', 'geblazen', 'ademtest', 'promille', 'alcoholtest'],
  ['edeq', 'ede q', 'eetstoornisvragenlijst'],
  // Round ten: a questionnaire asked by its generic name is any the ward scores (`narrowerTerms`).
  ['vragenlijst', 'vragenlijsten'],
  ['honos'],
  // Weighing as a moment of the ward ("bij het wegen", "de weegschaal"), apart from the weight measured.
  ['wegen', 'weging', 'wegingen', 'weegmoment', 'weegmomenten', 'weegschaal'],
  // What is planned is the note's "plan" or "beleid"; what comes after discharge is the aftercare its preparation names.
  ['plan', 'plannen', 'planning', 'beleid', 'beoogd', 'voornemen'],
  ['nazorg', 'ontslagvoorbereiding', 'ontslagplan', 'ontslagplanning', 'vervolgbehandeling', 'vervolgzorg'],
  ['terugvalpreventieplan', 'signaleringsplan', 'vroege signalen'],
  ['tremor', 'trillen', 'trilt', 'trillende', 'trilling', 'beven', 'beeft'],
  ['braken', 'overgeven', 'spugen', 'overgegeven', 'gebraakt', 'gespuugd'],
  ['misselijk', 'misselijkheid', 'nausea'],
  // A complaint the asker names is known, so a record without it is not answered by its neighbour (round six).
  ['buikpijn', 'buikkrampen', 'buikkramp', 'pijn in de buik'],
  ['duizelig', 'duizeligheid', 'draaierig'],
  ['delier', 'delirium', 'delirant'],
  ['verward', 'verwardheid'],
  ['laboratorium', 'lab', 'bloedonderzoek', 'bloedafname', 'bloedprikken', 'labuitslag'],
  ['spoedeisende hulp', 'seh', 'eerste hulp'],
  ['incidentmelding', 'mic', 'micmelding', 'vim', 'vimmelding'],
  ['cgt', 'cognitieve gedragstherapie'],
  ['lengte', 'lichaamslengte'],
  ['moe', 'vermoeid', 'vermoeidheid', 'moeheid'],
  // How bad, not how heavy: "hoe zwaar is haar eetstoornis" asks the severity ("zwaarder" is the weight).
  ['ernst', 'ernstig', 'ernstige', 'zwaar'],
  ['insluiting', 'ingesloten', 'opgesloten', 'opsluiting', 'insluiten'],
  ['bewegen', 'beweging', 'lichaamsbeweging', 'sporten', 'sport', 'bewegingsdrang', 'sit-ups'],
  ['benoemd', 'aangesteld', 'benoeming'],
  ['verwijderd', 'verwijderen', 'verwijdering', 'eruitgehaald'],
  ['ouders', 'olders', 'oolders'],
  // A role by its ward abbreviation: the appointment's or the note's author carries the role written out.
  ['verpleegkundig specialist', 'vs'],
  // Round seven: the words of other wards and disorders of Dutch mental-health care (clinical knowledge, no
  // record's words): trauma, compulsion, addiction, old age, personality, psychosis, the roles of a GGZ team,
  // and the somatic checks any ward does. Each line one thing in its clinical, lay and abbreviated names.
  ['ptss', 'posttraumatische stressstoornis'],
  ['trauma', 'traumatisch', 'traumatische', 'getraumatiseerd', 'traumaverwerking'],
  ['nachtmerrie', 'nachtmerries', 'angstdroom', 'angstdromen', 'nare dromen'],
  ['herbeleving', 'herbelevingen', 'flashback', 'flashbacks', 'herbeleeft'],
  ['emdr'],
  ['dissociatie', 'dissociatief', 'dissociatieve', 'dissocieert', 'gedissocieerd'],
  ['dwanggedachten', 'obsessies', 'obsessief', 'obsessieve', 'intrusies'],
  ['dwanghandelingen', 'rituelen', 'ritueel', 'compulsies', 'dwangmatig'],
  ['dwangstoornis', 'ocd'],
  ['autisme', 'autistisch', 'autistische', 'ass', 'autismespectrumstoornis'],
  ['adhd', 'aandachtstekort'],
  ['dementie', 'dementerend', 'dement'],
  ['alzheimer'],
  ['vergeetachtig', 'vergeetachtigheid', 'geheugenproblemen', 'geheugenklachten', 'geheugenstoornis'],
  ['achterdocht', 'achterdochtig', 'paranoïde', 'paranoia', 'wantrouwig', 'argwanend'],
  ['huilen', 'huilt', 'huilde', 'huilbui', 'huilbuien', 'in tranen'],
  ['lusteloos', 'lusteloosheid', 'apathie', 'apathisch', 'futloos'],
  ['piekeren', 'piekert', 'piekerde', 'gepieker', 'tobben'],
  ['zelfverzorging', 'persoonlijke verzorging', 'hygiëne', 'douchen', 'gedoucht', 'wassen', 'wast', 'gewassen', 'wasbeurt'],
  ['verslaving', 'verslaafd', 'addictie'],
  ['cocaïne', 'cocaine', 'coke', 'crack'],
  ['heroïne', 'heroine', 'opiaten', 'opiaat'],
  ['amfetamine', 'amfetaminen', 'speed'],
  ['xtc', 'ecstasy', 'mdma'],
  ['ghb'],
  [
    'ontwenning',
    'onthouding',
    'ontwenningsverschijnselen',
    'onthoudingsverschijnselen',
    'onttrekkingsverschijnselen',
    'afkickverschijnselen',
    'detox',
    'detoxificatie',
    'ontgifting',
    'afkicken',
  ],
  ['craving', 'hunkeren', 'hunkering'],
  // Round eight, somatic words of any ward in lay and ward forms: a bladder infection is the UWI, a broken bone the fracture.
  ['urineweginfectie', 'uwi', 'blaasontsteking', 'cystitis'],
  ['fractuur', 'fracturen', 'botbreuk', 'botbreuken'],
  ['terugval', 'teruggevallen', 'relapse', 'uitglijder'],
  ['urinecontrole', 'urinetest', 'urineonderzoek'],
  // Known whole, so "urine" is not read as the start of "urinecontrole".
  ['urine'],
  ['gokken', 'gokt', 'gokverslaving'],
  ['dakloos', 'thuisloos', 'dakloosheid'],
  ['eenzaam', 'eenzaamheid'],
  ['hyperventilatie', 'hyperventileren', 'hyperventileert'],
  ['flauwvallen', 'flauwgevallen', 'syncope', 'wegraking', 'weggeraakt'],
  ['epilepsie', 'epileptisch', 'epileptische', 'insult', 'insulten'],
  ['obesitas', 'overgewicht', 'adipositas'],
  ['leverwaarden', 'leverwaardes', 'leverfunctie', 'leverenzymen'],
  ['asat'],
  ['alat'],
  ['ggt'],
  ['hba1c'],
  ['cholesterol', 'lipiden', 'vetwaarden'],
  ['zwanger', 'zwangerschap'],
  ['tbs', 'terbeschikkingstelling'],
  ['borderline', 'borderlinepersoonlijkheidsstoornis'],
  ['persoonlijkheidsstoornis', 'persoonlijkheidsproblematiek'],
  ['schizofrenie', 'schizofreen'],
  ['bipolair', 'bipolaire'],
  ['pmt', 'psychomotorische therapie'],
  ['ergotherapie', 'ergotherapeut'],
  ['fact', 'factteam', 'fact team', 'ambulant team'],
  ['regiebehandelaar', 'hoofdbehandelaar'],
  ['psycholoog', 'gz-psycholoog', 'gzpsycholoog', 'klinisch psycholoog'],
  ['evv', 'eerstverantwoordelijk verpleegkundige', 'persoonlijk begeleider'],
];

/**
 * A broader word and the narrower ones it takes in (ADR 0108): asking the broader word finds them
 * ("bijwerkingen?" finds the drooling), asking a narrower one never finds the broader word or a
 * neighbour ("kwijlt hij?" is not answered by a note on other side effects, "migraine?" not by a
 * headache). Each word named here is a word of a class above; its whole class is taken in.
 */
export const narrowerTerms: readonly { broad: string; narrower: readonly string[] }[] = [
  { broad: 'bijwerking', narrower: ['speekselvloed', 'sufheid', 'stijfheid', 'tremor', 'obstipatie', 'misselijk', 'duizelig'] },
  { broad: 'hoofdpijn', narrower: ['migraine'] },
  { broad: 'ontlasting', narrower: ['obstipatie', 'diarree'] },
  { broad: 'bloedbeeld', narrower: ['leukocyten', 'neutrofielen', 'hemoglobine'] },
  { broad: 'verward', narrower: ['delier'] },
  { broad: 'sonde', narrower: ['dwangvoeding'] },
  { broad: 'angst', narrower: ['paniek'] },
  { broad: 'arts', narrower: ['psychiater'] },
  { broad: 'eetstoornis', narrower: ['anorexia', 'boulimia'] },
  { broad: 'ecg', narrower: ['qtc'] },
  { broad: 'vragenlijst', narrower: ['edeq', 'honos'] },
  { broad: 'specialist', narrower: ['internist', 'cardioloog', 'neuroloog', 'nefroloog', 'longarts'] },
  // Round seven: a drug by its kind, a dementia by its cause.
  { broad: 'drugs', narrower: ['cocaïne', 'heroïne', 'amfetamine', 'xtc', 'ghb'] },
  { broad: 'dementie', narrower: ['alzheimer'] },
  // Round ten: forgetting is what the record calls a dementia ("iets tegen haar geheugen" is the rivastigmine for the Alzheimer).
  { broad: 'vergeetachtig', narrower: ['dementie'] },
  { broad: 'leverwaarden', narrower: ['asat', 'alat', 'ggt'] },
  // What a medicine is given for is written clinically: "iets voor zijn schildklier" is the hypothyreoïdie.
  { broad: 'schildklier', narrower: ['hypothyreoïdie', 'hyperthyreoïdie'] },
  { broad: 'bloeddruk', narrower: ['hypertensie'] },
  // Salts in the blood by their common name: "een tekort aan mineralen" is the hypokaliëmie.
  { broad: 'elektrolyten', narrower: ['kalium', 'magnesium', 'fosfaat', 'calcium', 'natrium'] },
  // Parents are registered as moeder and vader.
  { broad: 'ouders', narrower: ['moeder', 'vader'] },
  { broad: 'kind', narrower: ['dochter', 'zoon'] },
];

/**
 * General words (round seven): the setting, a colleague or a document by its generic name, where a thing
 * is written down rather than what it is — "het schema van de diëtist", "zijn hulpverlener buiten de
 * kliniek", "speeksel dat uit zijn mond loopt". One no source holds does not veto the question's specific
 * words the record does hold (`unfoundGeneral`); one a source holds still counts. Not what is itself an
 * event or a thing done, and so often what is asked: the care ("begeleiding", "behandeling", "zorg"), a
 * hospital, a specialist, a doctor or an outpatient visit ("naar het ziekenhuis na de val?"), a
 * questionnaire ("is er een vragenlijst afgenomen?").
 */
export const generalWords: ReadonlySet<string> = new Set([
  ...['kliniek', 'afdeling', 'instelling', 'buiten'],
  ...['zorgverlener', 'zorgverleners', 'collega', 'collegas'],
  ...['formulier', 'schema', 'rapport', 'verslag'],
  // Where on the body a complaint shows, beside the complaint: "speeksel dat uit zijn mond loopt".
  ...['mond'],
]);

/**
 * Common Dutch words one letter from a word of the vocabulary (round six): the typo rule reads them as
 * written, so a correction never turns an everyday word into a clinical one ("mensen" is no "menses",
 * "kwijt" no "kwijlt", "geven" no "beven", "willen" no "pillen"). "Vaker" asks how often, as "vaak" does.
 */
export const everydayWords: ReadonlySet<string> = new Set([
  ...['mensen', 'kwijt', 'wonen', 'geven', 'benen', 'voelen', 'willen', 'koken', 'breken', 'boven', 'leuke'],
  // Round seven: one letter from, or the start of, a word added then (huilen, gokken, lusteloos).
  ...['huizen', 'hullen', 'sokken', 'lust'],
  // Round eight: "dat mens" (a person) is no "menses".
  ...['mens'],
  // Round ten: weighing ("bij het wegen") is no "wegens".
  ...['wegen'],
]);

/**
 * Words a question is built from that say nothing about what is asked: question words, pronouns,
 * auxiliaries and time words. Not searched for, so "heeft hij eerder gesepareerd gezeten" looks for
 * the separatie, not for "gezeten".
 */
export const questionWords = new Set([
  ...['wat', 'wie', 'wanneer', 'waar', 'waarom', 'hoe', 'hoeveel', 'hoelang', 'welk', 'welke', 'waarmee', 'waarvoor', 'vaak', 'lang'],
  // How often, and what is needed, say only that something is asked (round six: no father, no zonodig twice).
  ...['vaker', 'nodig'],
  ...['hij', 'zij', 'ze', 'hem', 'haar', 'zijn', 'zich', 'patiënt', 'patient', 'meneer', 'mevrouw', 'dhr', 'mw', 'cliënt', 'client'],
  ...['is', 'was', 'waren', 'wordt', 'werd', 'worden', 'geworden', 'heeft', 'had', 'hebben', 'hadden', 'gehad', 'kan', 'kon', 'moet'],
  ...['zit', 'zat', 'gezeten', 'krijgt', 'kreeg', 'gekregen', 'gedaan', 'gemaakt', 'geweest', 'staat', 'stond', 'ging', 'gaat'],
  ...['de', 'het', 'een', 'er', 'ooit', 'eerder', 'nog', 'al', 'ook', 'op', 'in', 'aan', 'van', 'voor', 'met', 'bij', 'over', 'om'],
  ...['tot', 'naar', 'uit', 'dan', 'en', 'of', 'die', 'dat', 'deze', 'dit', 'wel', 'niet', 'geen', 'iets', 'er', 'daar', 'toen'],
  ...['laatste', 'laatst', 'recent', 'recentste', 'meest', 'recente', 'huidige', 'nu', 'actueel', 'actuele', 'momenteel', 'eerste'],
  ...['sinds', 'volgende', 'komende', 'vorige', 'afgelopen', 'gisteren', 'vandaag', 'week', 'weken', 'dag', 'dagen', 'maand'],
  ...['nacht', 'keer', 'keren', 'aantal', 'dossier', 'staat', 'genoteerd', 'vastgelegd', 'beschreven', 'vermeld', 'gemeld'],
  ...['last', 'eerdere', 'gebruikt', 'gebruik', 'neemt', 'slikt', 'januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli'],
  ...['augustus', 'september', 'oktober', 'november', 'december'],
  ...['score', 'waarde', 'uitslag', 'gemeten', 'meting', 'metingen', 'wat', 'precies', 'eigenlijk', 'graag', 'weten', 'ergens'],
  // Words that ask how something went, not what: "het beloop van", "de stand van zaken", "hoe gaat het met".
  ...['beloop', 'verloop', 'ontwikkeld', 'ontwikkeling', 'stand', 'zaken', 'gaat', 'gegaan', 'waarden', 'scores', 'inmiddels'],
  ...['tegenwoordig', 'intussen', 'momenteel', 'toegepast', 'ingezet', 'geregistreerd', 'ingeschat', 'zoal', 'allemaal'],
  // Hurried shorthand for question words and the patient, and speech-to-text's spoken punctuation.
  ...['naam', 'datum', 'tijdens', 'door', 'na', 'vormen', 'soort', 'ontvangt', 'ontvangen', 'nachts', 'overdag'],
  ...['wnr', 'hvl', 'hv', 'pt', 'pat', 'pte', 'vraag', 'komma', 'punt', 'vraagteken', 'uitroepteken'],
  // Regional forms of the pronouns and auxiliaries above (Brabants, Limburgs, Gronings, Twents, Achterhoeks).
  ...['ie', 'zen', 'zun', 'zien', 'gij', 'ge', 'hedde', 'hebde', 'hai', 'heer', 'mit', 'mee', 'un', 'dae', 'dieje', 'vaan', 'ist', 'ister'],
  ...['haj', 'hef', 'hebt', 'ok', 'nou', 'get', 'wa', 'hoe', 't', 'ut', 'es', 'ens', 'is', 'mie', 'oe', 'wie', 'leste', 'hou'],
  // Verbs of the record's own bookkeeping and linking words: they say that something was written,
  // sent or decided, not what ("is de huisarts geïnformeerd", "welke diagnose is gesteld").
  ...['besproken', 'bespreken', 'verstuurd', 'gestuurd', 'opgestuurd', 'gesteld', 'vastgesteld', 'geïnformeerd', 'gevolgd'],
  ...['aangevraagd', 'geadviseerd', 'adviseert', 'afgesproken', 'genoemd', 'volgens', 'loop', 'ivm', 'mbt', 'tav', 'iom'],
  ...['vanwege', 'wegens', 'doet', 'deed', 'vond', 'vindt', 'gezien', 'hoog', 'hoge', 'vroeger', 'situ', 'schriftelijk'],
  ...['mondeling', 'soms', 'bijv', 'bv', 'enz'],
  // Verbs of saying and writing: "wat schreef de diëtist", "wat zei de zoon" ask for what, not that.
  ...['schreef', 'geschreven', 'schrijft', 'zei', 'zegt', 'gezegd', 'adviseerde', 'waargenomen', 'gerapporteerd', 'bevat'],
  ...['informatie', 'plaats', 'plaatsvinden', 'plaatsgevonden', 'begon', 'begonnen', 'begonne', 'toe', 'allemaal'],
  // How a value moved or how long something holds: the value or the order answers it.
  ...['toename', 'toegenomen', 'gestegen', 'stijging', 'afname', 'afgenomen', 'gedaald', 'daling', 'einddatum', 'geldig', 'verloopt'],
  // Words that ask for a list or for what happened: "overzicht medicatie", "bijzonderheden vannacht".
  ...['overzicht', 'lijst', 'alle', 'alles', 'opsomming', 'gebeurd', 'gebeurde', 'voorgevallen', 'bijzonderheden', 'reden'],
  ...['redenen', 'status', 'welk', 'hoeveelste'],
  // Brabants and Achterhoeks forms of auxiliaries and particles: "hedde gij", "zijde", "nie", "ehad", "ekregen".
  ...['da', 'nie', 'ni', 'kunde', 'moete', 'hewwe', 'zijde', 'zedde', 'hebbe', 'effe', 'hè', 'toch', 'kregen', 'ehad', 'ekregen'],
  ...['edaan', 'ewest', 'ewes', 'ezien', 'ezegd', 'emaakt', 'gif', 'hebt', 'heb'],
  ...['beter', 'slechter', 'tegeworrig', 'steeds'],
  ...['beetje', 'bietje', 'bitje', 'mijn', 'des', 'eens', 'ins', 'zo', 'nou', 'eigenlijk', 'even'],
  ...['eerstvolgende', 'eerstvolgend', 'aanstaande', 'komt', 'kumt', 'kump', 'gekomme', 'gekomen'],
  // Pointers back into the question and the record's own formal words: "wat vond de internist ervan",
  // "dient patiënte te worden overgeplaatst", "in het verleden reeds" (ADR 0108).
  ...['ervan', 'erover', 'daarvan', 'daarover', 'daarop', 'daarna', 'zichzelf', 'zelf', 'patiënte', 'betrokkene', 'dient'],
  ...['dienen', 'te', 'reeds', 'verleden', 'algemeen', 'moment', 'nieuwe', 'nieuw', 'mag', 'mogen', 'mocht', 'loopt', 'volgde'],
  ...['vannacht', 'vanochtend', 'vanmorgen', 'vanmiddag', 'vanavond', 'actie', 'acties', 'ondernomen', 'staan', 'stonden', 'weer'],
  ...['verbetering', 'verbeterd', 'verslechtering', 'verslechterd'],
  // The ward speaking of itself, and the night in the plural or small (round five): "wat hebben we de huisarts laten weten".
  ...['we', 'wij', 'ons', 'onze', 'laten', 'loaten', 'waiten', 'nachten', 'nachtjes', 'nachies', 'zai', 'bie', 'daadwerkelijk'],
  ...['geformuleerd', 'toegebracht', 'thans', 'standpunt', 'inschatting', 'schat', 'schatten', 'dacht', 'denkt', 'vinden'],
  // Staying is being admitted, which the whole record is: "verblijft hij onvrijwillig"; "tekort aan" asks a low value, like "laag".
  ...[
    'hoevaak',
    'zitten',
    'zitte',
    'officiële',
    'officieel',
    'verblijft',
    'verblijf',
    'verblijven',
    'verbleef',
    'via',
    'periode',
    'onder',
    'tekort',
    'kunn',
    'begin',
  ],
  // A value's extreme is read from the values found, not searched for: "het laagste gewicht".
  ...['hoogste', 'laagste', 'hoogst', 'laagst', 'slechtst', 'slechtste', 'laag'],
  // Gronings and Twents forms of "meisje", "haar", "voor", "naar" (ADR 0108).
  ...['wicht', 'heur', 'veur', 'noar', 'nao', 'allemoal'],
  // A preposition: what a medicine is against is read by `medicinePurpose`, "tegen zijn wil" by `phrases`.
  // "Hoe laat" asks a time (`whenPattern`), like "wanneer".
  ...['tegen', 'laat'],
  // Auxiliaries once read as question words only by a letter's typo ("moest" as "moete").
  ...['moest', 'moesten', 'konden', 'zou', 'zouden', 'mochten', 'kunnen', 'moeten'],
  // How much, not what: "was hij heel onrustig" asks about the unrest (round four).
  ...['heel', 'erg', 'zeer', 'nogal', 'behoorlijk', 'flink', 'enorm', 'extreem', 'ontzettend', 'echt', 'tamelijk', 'redelijk'],
  // A mild degree too, so "lichte tremor" is never read as "lichter" (the weight).
  ...['licht', 'lichte', 'mild', 'milde'],
  // How, not what: "heeft ze stiekem gesport" asks about the exercise, which the record need not call secret.
  ...['stiekem', 'heimelijk'],
  // Auxiliaries of going and trying, and "per" of an amount (round seven): "is ze stiekem gaan sporten", "per dag".
  ...['gaan', 'proberen', 'probeert', 'probeerde', 'probeerden', 'geprobeerd', 'per'],
  // Prepositions and the person asked about, never the start of a clinical word ("achter" is no "achterdocht").
  ...['achter', 'persoon', 'personen'],
  // Round eight: the frame of a question, not what it asks. Whether there are signs of something, whether it is
  // enough, when it began or ran, what is still running or planned, what is looked at, followed or meant here:
  // "zijn er aanwijzingen voor een Wernicke", "drinkt ze genoeg", "wanneer is de ibs ingegaan en tot wanneer liep
  // die", "het lopende beleid ten aanzien van de toekomstige woonsituatie", "welke training volgt ze", "wanneer
  // worden de leverwaarden weer bekeken", "ziet ze dingen die er niet zijn". "Aanleiding" asks a reason, as "reden".
  ...['aanwijzing', 'aanwijzingen', 'genoeg', 'voldoende', 'ingegaan', 'liep', 'liepen', 'lopende', 'toekomstige', 'toekomstig'],
  ...['volgt', 'volgen', 'bekeken', 'bekijken', 'hier', 'dingen', 'aanleiding', 'heet', 'heten'],
  // Regional forms of the question words and auxiliaries above: "hoeveul", "worre", "mot", "noe", "gewees", "hiet".
  ...['hoeveul', 'hoevul', 'worre', 'wodde', 'mot', 'mut', 'noe', 'gewees', 'hiet', 'gaot', 'geet'],
  // Round ten: Brabants and Twents "deur" is "door" ("slaopt ze deur"), as "veur" is "voor".
  ...['deur'],
]);

/**
 * How a question orders what it finds: the newest, the first, the next one coming, the lowest or
 * highest measured value, or by fit.
 */
export type QuestionOrder = 'newest' | 'oldest' | 'next' | 'lowest' | 'highest' | 'fit';

/** Phrases that ask for an order, tried in this order on the folded question. */
export const orderPhrases: readonly { pattern: RegExp; order: QuestionOrder }[] = [
  // An extreme is asked of values, whatever else the question says ("het laagste gewicht sinds opname").
  { pattern: /\b(hoogste|hoogst|maximale?|piekwaarde)\b/, order: 'highest' },
  { pattern: /\b(laagste|laagst|minimale?)\b/, order: 'lowest' },
  { pattern: /\b(volgende|komende|eerstvolgende|gepland|ingepland)\b/, order: 'next' },
  {
    // "De vorige spiegel" is the one before now, not a span ("vorige week" is a moment: `askedMoment`).
    pattern:
      /\b(lest|leste|laatste|laatst|recentste|meest recente|huidige|actuele?|nu|momenteel|op dit moment)\b|\bvorige\b(?!\s+(?:week|maand|nacht|dag|jaar))/,
    order: 'newest',
  },
  {
    pattern:
      /\b(sinds wanneer|sinds hoe ?lang|sinds welke (?:datum|dag)|eerste|1e|voor het eerst|begonnen?|gestart|(?:in|aan) het begin)\b|\bsinds\W*$/,
    order: 'oldest',
  },
];

/**
 * Phrases that say one thing in several words: read as that word before the question is split
 * ("spuit tegen zijn wil" asks for dwangmedicatie, "mag de wicht al noar hoes" for ontslag or verlof).
 * Idioms that ask rather than say ("wat is er aan de hand met") are read as nothing.
 */
export const phrases: readonly { pattern: RegExp; word: string }[] = [
  { pattern: /\btegen\s+(?:zijn|haar|z'?n|d'?r|hun|zien|heur)\s+wil\b/giu, word: 'dwang' },
  // Violence is aggression; a phrase, not a word of the vocabulary, since "gebeld" is one letter from it.
  { pattern: /\bgeweld\b/giu, word: 'agressie' },
  // The same told as what he wanted (round five): "een spuit gekregen terwijl hij dat niet wilde".
  { pattern: /\bterwijl\s+(?:hij|ze|zij|die)\s+(?:dat|het)\s+niet\s+(?:wilde|wou|wilden)\b/giu, word: 'dwang' },
  // A dose not taken is an administration refused: "pillen niet ingenomen", "niet willen innemen", "laten liggen".
  { pattern: /\bniet\s+(?:willen\s+|wilde\s+)?(?:ingenomen|innemen|ingenoemn|genomen|geslikt|slikken)\b/giu, word: 'geweigerd' },
  { pattern: /\blaten\s+liggen\b/giu, word: 'geweigerd' },
  // Death wishes told in the asker's words: "er een eind aan maken".
  { pattern: /\been\s+einde?\s+aan\s+(?:(?:zijn|haar|z'?n)\s+leven\s+)?(?:te\s+)?maken\b/giu, word: 'suïcide' },
  // "Doet hij een oog dicht" asks about the sleep.
  { pattern: /\b(?:een|geen)\s+oog\s+dicht\b/giu, word: 'slapen' },
  // Sitting down together with the family is a conversation: "met zijn gezin om tafel".
  { pattern: /\bom\s+(?:de\s+)?tafel\b/giu, word: 'gesprek' },
  { pattern: /\bten\s+aanzien\s+van\b/giu, word: '' },
  // Round eight: "zucht naar drank" is the craving, not a sigh.
  { pattern: /\bzucht\s+naar\b/giu, word: 'craving' },
  // "Slikt ze de pil" is the contraceptive pill; an empty plate is what was eaten ("krijgt hij z'n bordje leeg").
  { pattern: /\b(?:de|aan\s+de|met\s+de)\s+pil\b/giu, word: 'anticonceptie' },
  { pattern: /\bbord(?:je)?\s+(?:al\s+|niet\s+|nog\s+)?leeg(?:gegeten|eten|eet)?\b/giu, word: 'eten' },
  // The clinic and the ward are where the whole record is written, as "tijdens de opname" is; "in het bloed" is any lab value.
  { pattern: /\b(?:in|op)\s+(?:de|deze|onze)\s+(?:kliniek|afdeling)\b/giu, word: '' },
  { pattern: /\bin\s+(?:het|t)\s+bloed\b/giu, word: '' },
  // A day or a weekend at home is leave: "een dagje thuis", "weekendje naar huis".
  { pattern: /\b(?:dagje|dag|weekend|weekendje|nachtje)\s+(?:naar\s+)?(?:huis|thuis|hoes)\b/giu, word: 'verlof' },
  { pattern: /\b(?:naar|noar|nao|nor)\s+(?:huis|hoes|huus|thuis)\b/giu, word: 'naarhuis' },
  { pattern: /\baan\s+de\s+hand\b/giu, word: '' },
  // "Na (het) ontslag" asks what is planned for then, written before it: the aftercare, not an event to look after.
  { pattern: /\bna\s+(?:het\s+|zijn\s+|haar\s+|z'?n\s+)?ontslag\b/giu, word: 'nazorg' },
  // "Tijdens (deze) opname" is the whole record, not the word "opname" ("opnmae" too: typed in a hurry).
  { pattern: /\b(?:tijdens|gedurende)\s+(?:de(?:ze)?\s+|zijn\s+|haar\s+|z'?n\s+)?opn[a-z]*/giu, word: '' },
  { pattern: /\bop\s+(?:zijn|haar|z'?n|d'?r|het)\s+(?:slechtst|best|ergst)\b/giu, word: '' },
  // A measure asked by what it measures (round four): "hoe zwaar" is the weight, "hoe lang is ze?" the
  // height — only asked of the patient, with nothing after it ("hoe lang is ze al opgenomen" asks a duration).
  // Not "hoe zwaar is haar eetprobleem": a weight is asked of the patient, not of a thing of hers.
  { pattern: /\bhoe\s+zwaar\b(?!\s+(?:is|was)\s+(?:haar|zijn|z'?n|d'?r|de|het)\b)/giu, word: 'gewicht' },
  // When he sees or speaks someone is an appointment with them: "wanneer ziet hij de neuroloog".
  { pattern: /(?<=\b(?:wanneer|wnr)\b.*)\b(?:ziet|zien|spreekt|spreken)\b/giu, word: 'afspraak' },
  {
    pattern:
      /\bhoe\s+(?:lang|groot)\s+(?:is|was)\s+(?:hij|ze|zij|meneer|mevrouw|mw|dhr|patiënte?|patiente?|(?:de|die|dat|het)\s+(?:patiënte?|patiente?|man|vrouw|wicht|jongen|meisje))\W*$/giu,
    word: 'lengte',
  },
];

/**
 * Lab values a clinician writes as their symbol, in capitals: "K bij opname?" is the kalium. Only the
 * exact capitals count, and not as an initial ("K. de Wit"); "k" and "mg" are a letter and a unit.
 */
export const labSymbols: Readonly<Record<string, string>> = { K: 'kalium', Mg: 'magnesium', Hb: 'hemoglobine' };

/**
 * Words that ask for a level measured in the blood: "lithium spiegel" asks for the level the notes
 * and lab report, not for the lithium order (which may mention a level in its reason).
 */
export const levelWords: readonly string[] = ['spiegel', 'bloedspiegel', 'plasmaspiegel', 'serumspiegel'];

/**
 * A medicine asked by what it is for, not by its name ("wat krijgt hij voor zijn schildklier", "heeft ze
 * iets gekregen om beter te slapen", "welk middel tegen de onrust"): a purpose ("voor", "tegen", "om … te"
 * and a word), said with a medicine's noun, or with "iets"/"wat" and a verb of taking or giving. Not a
 * moment ("voor de opname") and not "wat voor" (what kind of). Read on the folded question (ADR 0108).
 */
export const medicinePurpose = {
  purpose:
    /\b(?:[ou]m\s+(?:\p{L}+\s+){0,2}te|tegen|voor)\s+(?!(?:(?:de|het|een|zijn|haar|z'?n|d'?r)\s+)?(?:opname|opnamen|ontslag|vandaag|gisteren|morgen)\b)\p{L}/u,
  kindOf: /\bwat\s+voor\b/,
  noun: /\b(?:middel|middelen|medicijn|medicijnen|medicatie|medicament|pil|pillen|tablet|tabletten|tabletje|pilletje)\b/,
  object: /\b(?:iets|wat)\b/,
  verb: /\b(?:krijgt|kreeg|krijgen|kregen|gekregen|ekregen|slikt|slikte|slikken|geslikt|gebruikt|gebruikte|neemt|nam|genomen|ingenomen|voorgeschreven|gegeven|toegediend|gehad|ehad)\b/,
} as const;

/** "hoe vaak", "hoeveel keer": the answer counts what it found. */
export const countPattern = /\b(hoe ?vaak|hoeveel keer|hoeveel keren|aantal keren|hoe veel keer)\b/;

/**
 * A cue points a question's word at kinds of source and, where it names one, at a facet of them
 * (the measurement's kind, the medicine, the relation): a source of that type and facet answers the
 * word even if its text does not contain it (the last NEWS2 is the newest NEWS2 row).
 */
export interface Cue {
  words: readonly string[];
  types: readonly SourceType[];
  /** Facet words the source's facet must contain; none: any source of the types. */
  facets?: readonly string[];
}

/**
 * What an order's product name must contain to be this medicine: the generic's first six letters
 * ("risper" for risperidon and risperidone), and each other name whole — a prefix of "vitamine D"
 * or "natriumfosfaat" would also be "Vitamine B1" or "natriumvalproaat".
 */
export const drugFacets = (generic: string, names: readonly string[]): string[] => [
  generic.slice(0, 6),
  ...names.map((name) => name.toLowerCase()),
];

/** The medicines' generic names (their brands are in `drugNames`). */
export const medicines = drugNames.map(({ generic }) => generic);

export const cues: readonly Cue[] = [
  { words: ['news2', 'news', 'ews'], types: ['meting'], facets: ['news2'] },
  { words: ['bvc', 'broset', 'agressiescore', 'agressieschaal'], types: ['meting'], facets: ['bvc'] },
  // A withdrawal scale the ward scores: a measurement asked like any other ("CIWA op 5 oktober").
  { words: ['ciwa'], types: ['meting'], facets: ['ciwa'] },
  { words: ['bloeddruk', 'tensie', 'rr', 'bd', 'bovendruk', 'systolisch', 'diastolisch'], types: ['meting'], facets: ['bloeddruk'] },
  { words: ['pols', 'hartslag', 'hartfrequentie', 'hf', 'polsfrequentie'], types: ['meting'], facets: ['hartfrequentie'] },
  { words: ['temperatuur', 'temp', 'koorts'], types: ['meting'], facets: ['temperatuur'] },
  { words: ['saturatie', 'zuurstofsaturatie', 'spo2', 'sat'], types: ['meting'], facets: ['saturatie'] },
  { words: ['ademfrequentie', 'ademhaling', 'ademhalingsfrequentie'], types: ['meting'], facets: ['ademhaling'] },
  {
    // How the asker sees a weight change ("is ze dunner geworden") is the weight measured.
    words: [
      'gewicht',
      'weegt',
      'woog',
      'gewogen',
      'kilo',
      'afgevallen',
      'aangekomen',
      'lichaamsgewicht',
      'zwaarder',
      'dikker',
      'dunner',
      'lichter',
    ],
    types: ['meting'],
    facets: ['gewicht'],
  },
  { words: ['glucose', 'bloedsuiker', 'bloedsuikers', 'suiker', 'bs'], types: ['meting'], facets: ['glucose'] },
  { words: ['vitale', 'controles'], types: ['meting'] },
  // A medicine by any of its names: its orders and administrations, whatever name the order is written under.
  ...drugNames.map(({ generic, names }) => ({
    words: [generic, ...names.map(compact)],
    types: ['medicatieopdracht', 'toediening'] as const,
    facets: drugFacets(generic, names),
  })),
  // A class of medicines answers with any of its members.
  ...drugClasses.map(({ words, members, given }) => ({
    words,
    types: given ? (['medicatieopdracht', 'toediening'] as const) : (['medicatieopdracht'] as const),
    facets: drugNames.filter(({ generic }) => members.includes(generic)).flatMap(({ generic, names }) => drugFacets(generic, names)),
  })),
  { words: ['medicatie', 'medicijnen', 'med', 'meds', 'voorgeschreven', 'dosis', 'dosering', 'mg'], types: ['medicatieopdracht'] },
  // A dose change is the order that made it (its daily dose against the order before it of that medicine).
  { words: ['verhoogd', 'opgehoogd'], types: ['medicatieopdracht'], facets: ['verhoogd'] },
  { words: ['verlaagd', 'afgebouwd'], types: ['medicatieopdracht'], facets: ['verlaagd'] },
  { words: ['gewijzigd', 'wijziging'], types: ['medicatieopdracht'], facets: ['verhoogd', 'verlaagd'] },
  { words: ['gestopt', 'gestaakt', 'gestart', 'herstart', 'herstarten', 'hervat', 'hervatten'], types: ['medicatieopdracht'] },
  { words: ['gegeven', 'toegediend', 'ingenomen', 'toediening'], types: ['toediening'] },
  { words: ['geweigerd', 'weigerde', 'weigeren', 'weigering', 'weigert'], types: ['toediening'], facets: ['geweigerd'] },
  // "Is daar kans op", "ontvluchtingsgevaar": a chance of harm asked is the risk assessed.
  { words: ['risico', 'risico’s', "risico's", 'risicotaxatie', 'risicoinschatting', 'kans', 'gevaar'], types: ['risico'] },
  { words: ['suïcide', 'suïcidaal', 'suïcidaliteit', 'zelfmoord'], types: ['risico'], facets: ['suïcide'] },
  {
    words: ['agressie', 'agressief', 'gewelddadig', 'handtastelijk', 'handtastelijkheden'],
    types: ['risico'],
    facets: ['agressie'],
  },
  { words: ['zelfbeschadiging', 'automutilatie', 'verwondingen'], types: ['risico'], facets: ['zelfbeschadiging'] },
  { words: ['weglopen', 'wegloop', 'weggelopen', 'ontvluchting', 'vandoor', 'ervandoor'], types: ['risico'], facets: ['weglopen'] },
  { words: ['valrisico', 'vallen'], types: ['risico'], facets: ['vallen'] },
  {
    // The asker's word for what the patient has: "welke ziekte", "welke aandoening".
    words: [
      'diagnose',
      'diagnoses',
      'dx',
      'dsm',
      'classificatie',
      'stoornis',
      'hoofddiagnose',
      'nevendiagnose',
      'ziekte',
      'aandoening',
      'ziektebeeld',
      'hoofdclassificatie',
    ],
    types: ['diagnose'],
  },
  // A legal status asked by the court that gave it: "onder welke rechterlijke titel", "de rechterlijke beschikking".
  {
    words: [
      'rechtspositie',
      'juridisch',
      'juridische',
      'wvggz',
      'machtiging',
      'wettelijk',
      'wettelijke',
      'rechterlijk',
      'rechterlijke',
      'beschikking',
      'onvrijwillig',
      'titel',
    ],
    types: ['juridisch'],
  },
  // Money matters are a bewindvoerder's: "wie regelt haar financiën".
  {
    words: ['financiën', 'financien', 'financieel', 'financiële', 'geldzaken', 'beschermingsbewind'],
    types: ['contactpersoon'],
    facets: ['bewindvoerder'],
  },
  { words: ['zorgmachtiging', 'zm'], types: ['juridisch'], facets: ['zorgmachtiging'] },
  { words: ['voortzetting'], types: ['juridisch'], facets: ['voortzetting'] },
  { words: ['crisismaatregel', 'cm'], types: ['juridisch'], facets: ['crisismaatregel'] },
  { words: ['vrijwillig', 'vrijwillige'], types: ['juridisch'], facets: ['vrijwillig'] },
  {
    words: ['separatie', 'afzondering', 'gesepareerd', 'separeer', 'afgezonderd', 'isoleer', 'isoleercel'],
    types: ['maatregel'],
    facets: ['separatie'],
  },
  { words: ['fixatie', 'gefixeerd', 'vastgebonden'], types: ['maatregel'], facets: ['fixatie'] },
  { words: ['dwangmedicatie', 'dwangmedicijnen'], types: ['maatregel'], facets: ['dwangmedicatie'] },
  { words: ['insluiting', 'ingesloten', 'opgesloten', 'opsluiting'], types: ['maatregel'], facets: ['insluiting'] },
  { words: ['dwangvoeding', 'sondevoeding'], types: ['maatregel'], facets: ['vocht'] },
  { words: ['bewegingsvrijheid'], types: ['maatregel'], facets: ['bewegingsvrijheid'] },
  { words: ['toezicht', 'cameratoezicht'], types: ['maatregel'], facets: ['toezicht'] },
  { words: ['maatregel', 'maatregelen', 'verplichte', 'dwangmaatregel', 'dwangmaatregelen'], types: ['maatregel', 'juridisch'] },
  { words: ['intake'], types: ['intake'] },
  // Care had before is the history the anamnese holds ("eerdere hulpverlening", a heading of every GGZ intake).
  { words: ['anamnese', 'voorgeschiedenis', 'hulpverlening', 'hulpverleningsgeschiedenis'], types: ['intake'], facets: ['anamnese'] },
  // The anamnese holds the social history: home, work, relations.
  { words: ['sociale', 'sociaal', 'woonsituatie', 'thuissituatie', 'gezinssituatie'], types: ['intake'], facets: ['anamnese'] },
  // What the patient wants from treatment is the intake's hulpvraag.
  { words: ['hulpvraag', 'doelen'], types: ['intake'], facets: ['hulpvraag'] },
  {
    words: ['aanmelding', 'verwijzing', 'verwezen', 'verwijzer', 'doorverwezen', 'doorgestuurd'],
    types: ['intake'],
    facets: ['aanmelding'],
  },
  { words: ['behandeladvies'], types: ['intake'], facets: ['behandeladvies'] },
  { words: ['screening', 'somatische'], types: ['intake'], facets: ['somatische'] },
  // Any letter answers "brief"; a named kind (ontslagbrief, verwijsbrief) only by its text.
  { words: ['brief', 'brieven'], types: ['brief'] },
  { words: ['huisarts', 'huisdokter', 'hoesdokter'], types: ['brief', 'contactpersoon'] },
  { words: ['afspraak', 'afspraken', 'consult', 'gesprek', 'ingepland', 'gepland'], types: ['afspraak'] },
  { words: ['behandelgesprek'], types: ['afspraak'], facets: ['behandelgesprek'] },
  { words: ['medicatiecontrole'], types: ['afspraak'], facets: ['medicatiecontrole'] },
  { words: ['groepstherapie'], types: ['afspraak'], facets: ['groepstherapie'] },
  { words: ['crisisoverleg'], types: ['afspraak'], facets: ['crisisoverleg'] },
  // Children are registered as zoon or dochter.
  { words: ['kinderen', 'kind', 'kids'], types: ['contactpersoon'], facets: ['zoon', 'dochter'] },
  { words: ['ouders', 'olders'], types: ['contactpersoon'], facets: ['moeder', 'vader'] },
  // Roles around the patient by their ward abbreviation (ADR 0108).
  { words: ['spv', 'sociaalpsychiatrisch'], types: ['contactpersoon'], facets: ['sociaal-psychiatrisch', 'spv'] },
  { words: ['contactpersoon', 'contactpersonen', 'familie', 'telefoonnummer', 'nummer', 'bereikbaar'], types: ['contactpersoon'] },
  // A helper of the patient's is a professional among the contacts (round seven): "wie is haar hulpverlener buiten de kliniek".
  // Only the general word: a role asked by name ("casemanager", "behandelaar") that no contact holds is not answered by
  // another professional (the lead, round eight: it answered two unanswerables on unseen records).
  {
    words: ['hulpverlener', 'hulpverleners'],
    types: ['contactpersoon'],
    facets: [
      'verpleegkundige',
      'spv',
      'psychiater',
      'psycholoog',
      'huisarts',
      'casemanager',
      'begeleider',
      'therapeut',
      'maatschappelijk',
      'behandelaar',
      'ambulant',
      'fact',
    ],
  },
  ...[
    'mentor',
    'bewindvoerder',
    'curator',
    'partner',
    'moeder',
    'vader',
    'broer',
    'zus',
    'zoon',
    'dochter',

    'vriend',
    'vriendin',
    'buurman',
    'buurvrouw',
    'advocaat',
  ].map((relation) => ({ words: [relation], types: ['contactpersoon'] as const, facets: [relation] })),
  // A spouse is registered as partner, echtgenote or echtgenoot: any of them answers.
  {
    words: ['echtgenote', 'echtgenoot', 'vrouw', 'wederhelft', 'man', 'vriendje', 'vriendinnetje'],
    types: ['contactpersoon'],
    facets: ['partner', 'echtgeno'],
  },
  { words: ['dagnotitie', 'dagnotities'], types: ['dagnotitie'] },
  // Day activities are noted as the daily note's ADL category.
  { words: ['dagbesteding', 'activiteitenbegeleiding', 'adl'], types: ['dagnotitie'], facets: ['adl'] },
  { words: ['rapportage', 'rapportages', 'verslag', 'verslaglegging'], types: ['rapportage', 'dagnotitie'] },
];

/** The Dutch word each source type is cited with. */
export const sourceTypeLabels: Record<SourceType, string> = {
  rapportage: 'rapportage',
  dagnotitie: 'dagnotitie',
  meting: 'meting',
  medicatieopdracht: 'medicatieopdracht',
  toediening: 'toediening',
  risico: 'risicotaxatie',
  diagnose: 'diagnose',
  juridisch: 'rechtspositie',
  maatregel: 'verplichte zorg',
  intake: 'intake',
  brief: 'brief',
  afspraak: 'afspraak',
  contactpersoon: 'contactpersoon',
};

/** The answer when nothing in the record supports one: never a guess. */
export const noAnswer = 'Ik weet het niet: het dossier bevat hier niets over.';
