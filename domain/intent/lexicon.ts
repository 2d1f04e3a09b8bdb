/**
 * The Dutch words of the local intent tier. Words are written normalised (lower case, no
 * diacritics); a trailing `*` makes a word a prefix ("rapport*" covers rapportage, rapporteer).
 * Typos are caught by edit distance in `reflex.ts`, so only real spellings belong here.
 */

export const concepts = {
  noteNoun: ['notitie', 'notities', 'dagnotitie*', 'aantekening*', 'dagnote', 'note'],
  noteVerb: ['noteer', 'noteren', 'genoteerd', 'vastleggen', 'leg', 'aantekenen', 'teken'],
  writeVerb: ['maak', 'schrijf', 'schrijven', 'maken', 'voeg', 'zet', 'doe', 'nieuwe', 'nieuw'],
  reportNoun: ['rapportage*', 'rapport', 'rapporten', 'rapporteer', 'rapporteren', 'gerapporteerd', 'verslag*', 'vpk-rapportage*', 'tijdlijn', 'journaal'],
  showVerb: ['toon', 'laat', 'zien', 'bekijk', 'bekijken', 'lees', 'geef', 'open', 'openen', 'check', 'controleer', 'wat', 'overzicht', 'lijst'],
  searchVerb: ['zoek', 'zoeken', 'opzoeken', 'opgezocht', 'vind', 'vinden', 'dossier*', 'patientdossier*'],
  handover: ['overdracht*', 'overdragen', 'overdrachtsrapport*', 'briefing', 'samenvatting', 'samenvatten', 'vatten', 'dienstoverdracht*', 'overgedragen'],
  agendaNoun: ['agenda*', 'planning', 'weekplanning', 'dagplanning', 'kalender'],
  appointmentNoun: [
    'afspraak', 'afspraken', 'afspraakje', 'gesprek', 'gesprekken', 'consult', 'consulten', 'behandelgesprek*', 'medicatiecontrole*', 'intakegesprek*',
    'groepstherapie', 'sessie', 'sessies', 'crisisoverleg', 'evaluatiegesprek*', 'controle', 'therapie', 'bezoek', 'mdo', 'visite', 'spreekuur',
  ],
  createVerb: ['plan', 'plannen', 'inplannen', 'ingepland', 'boek', 'boeken', 'reserveer', 'inboeken', 'agendeer'],
  cancelVerb: ['annuleer', 'annuleren', 'geannuleerd', 'afzeggen', 'afgezegd', 'schrap', 'schrappen', 'cancel', 'cancelen', 'vervalt', 'vervallen', 'afmelden', 'afgemeld'],
  rescheduleVerb: ['verplaats', 'verplaatsen', 'verzet', 'verzetten', 'verschuif', 'verschuiven', 'schuif', 'schuiven', 'omzetten', 'omboeken', 'opschuiven', 'doorschuiven', 'uitstellen', 'vervroegen', 'verplaatst', 'verleg', 'verleggen', 'verschoven', 'omgezet', 'opgeschoven'],
  question: ['wanneer', 'welke', 'hoe', 'heeft', 'hebben', 'heb', 'is', 'zijn', 'staat', 'staan', 'wat', 'wie', 'hoeveel', 'komt', 'moet', 'volgende', 'eerstvolgende'],
  intake: ['intake*', 'intakeformulier*', 'intakestatus'],
  status: ['status', 'stand', 'compleet', 'volledig', 'klaar', 'af', 'afgerond', 'voortgang', 'staat', 'ver', 'ingevuld', 'openstaand', 'open', 'ontbreekt', 'mist', 'nog'],
  navigate: ['ga', 'naar', 'navigeer', 'open', 'openen', 'sectie', 'tabblad', 'formulier', 'invullen', 'verder'],
  intakeSection: ['anamnese*', 'hulpvraag', 'voorgeschiedenis', 'middelengebruik', 'gezinssituatie', 'medicatiegebruik', 'levensloop', 'werksituatie', 'woonsituatie'],
  risk: ['risico*', 'suicide*', 'suicidaal', 'suicidaliteit', 'suicidrisico', 'agressierisico', 'gevaar*', 'risicotaxatie*', 'zelfbeschadiging*', 'valrisico', 'signaleringsplan*', 'suiciderisico'],
  diagnosis: ['diagnose*', 'dx', 'dsm*', 'classificatie*', 'stoornis*', 'werkdiagnose*', 'hoofddiagnose*', 'diagnostiek', 'gediagnosticeerd'],
  /** Danger words: in a question about a patient ("is X gevaarlijk voor anderen?") they ask for the risks. */
  riskWord: ['oppassen', 'opletten', 'voorzichtig', 'agressief', 'agressie', 'zelfmoord*', 'doodsgedachte*', 'doodswens', 'dreigend', 'onveilig', 'veilig', 'wegloop*', 'suicidepoging*', 'gevaarlijk'],
  /** Names of disorders: a question with one ("heeft X nou schizofrenie?") asks for the diagnosis. */
  disorderName: [
    'schizofrenie', 'schizoaffectie*', 'psychose', 'psychoses', 'psychotisch*', 'depressie', 'depressies', 'bipolair*', 'manie', 'manisch*', 'borderline', 'ptss', 'trauma',
    'autisme', 'autistisch*', 'adhd', 'add', 'ocd', 'dwangstoornis', 'angststoornis', 'paniekstoornis', 'verslaving*', 'verslaafd', 'dementie', 'delier', 'delirant*',
    'anorexia', 'boulimia', 'eetstoornis', 'persoonlijkheidsstoornis', 'antisociaal', 'korsakov', 'licht verstandelijke', 'lvb',
  ],
} as const satisfies Record<string, readonly string[]>;

export type Concept = keyof typeof concepts;

/** Daily-note category cues, strongest first: the first category with a hit wins. */
export const categoryCues = {
  incident: [
    'geslagen', 'sloeg', 'slaan', 'slaat', 'geschopt', 'schopte', 'schoppen', 'bedreigd', 'bedreigde', 'bedreigen', 'bedreigend', 'gevallen', 'viel', 'valpartij', 'vernield',
    'vernielde', 'gebeten', 'beet', 'agressie*', 'agressief', 'incident*', 'gewond', 'verwond*', 'vechtpartij', 'vechten', 'vocht', 'gooide', 'gegooid', 'duwde', 'geduwd',
    'spuugde', 'gespuugd', 'brand', 'weggelopen', 'ontvlucht', 'separeer', 'gesepareerd', 'fixatie', 'gefixeerd', 'krassen', 'gekrast', 'snijden', 'gesneden', 'automutilatie',
  ],
  medicatie: [
    'medicatie*', 'med', 'meds', 'medicijn*', 'pil', 'pillen', 'tablet*', 'ingenomen', 'innemen', 'inname', 'depot*', 'bijwerking*', 'clozapine', 'haldol', 'haloperidol',
    'lorazepam', 'oxazepam', 'lithium', 'olanzapine', 'quetiapine', 'risperidon', 'seroquel', 'temazepam', 'zopiclon', 'diazepam', 'prn', 'zn', 'injectie', 'dosis', 'dosering',
  ],
  gedrag: [
    'onrustig', 'onrust', 'geagiteerd', 'agitatie', 'schreeuw*', 'geschreeuwd', 'boos', 'kwaad', 'liep', 'teruggetrokken', 'trekt', 'ontremd', 'druk', 'dwars',
    'scheldt', 'schold', 'uitgescholden', 'grensoverschrijdend', 'claimend', 'achterdochtig', 'dreigend', 'ijsbeert', 'ijsbeerde', 'prikkelbaar', 'roept', 'riep', 'opstandig',
  ],
  adl: [
    'douche*', 'gedoucht', 'wassen', 'gewassen', 'wast', 'waste', 'eten', 'gegeten', 'at', 'eet', 'maaltijd*', 'ontbijt', 'lunch', 'avondeten', 'aangekleed', 'aankleden',
    'kleedt', 'toilet', 'verzorging', 'adl', 'tanden', 'haren', 'bad', 'drinken', 'gedronken', 'gekleed', 'persoonlijke', 'hygiene', 'kamer', 'bed', 'verschoond',
  ],
  observatie: [
    'somber', 'slaapt', 'sliep', 'slapen', 'geslapen', 'angstig', 'rustig', 'vertelde', 'vertelt', 'stemming', 'huilen', 'huilde', 'moe', 'vermoeid', 'opgewekt', 'vrolijk',
    'stil', 'hallucineert', 'stemmen', 'hoort', 'piekert', 'gespannen', 'wakker', 'ziek', 'hoofdpijn', 'koorts', 'misselijk', 'bezoek', 'observatie',
  ],
} as const satisfies Record<string, readonly string[]>;

/** Words joining several actions in one sentence; seeing one means the input may be complex. */
export const connectors = new Set(['en', 'daarna', 'ook', 'eerst', 'vervolgens', 'dan', 'daarnaast', 'tevens', 'plus', 'nadien', 'erna', 'maar']);
export const complexityWords = new Set(['en', 'daarna', 'ook', 'eerst', 'vervolgens']);

/** Words that may open a new action after a connector ("… en plan een gesprek"). */
export const actionStarters = new Set([
  'maak', 'plan', 'annuleer', 'zeg', 'verplaats', 'verzet', 'verschuif', 'schuif', 'zoek', 'vind', 'open', 'toon', 'laat', 'geef', 'noteer', 'schrijf', 'check',
  'controleer', 'bekijk', 'ga', 'wat', 'wanneer', 'welke', 'hoe', 'zet', 'boek', 'regel', 'rapporteer', 'lees', 'navigeer', 'schrap', 'wie', 'cancel', 'inplannen',
  'heeft', 'is', 'verwijder', 'vat', 'pak', 'haal', 'opzoeken', 'annuleren', 'verplaatsen', 'verzetten', 'noteren', 'plannen', 'inplannen',
  // What the reflex does not do still opens an action of its own: "… en bel daarna zijn moeder".
  'bel', 'mail', 'informeer', 'stuur', 'vraag', 'verwijs', 'genereer', 'kijk', 'leg', 'overleg', 'bestel', 'print', 'ontsla', 'pas', 'breng', 'licht', 'vertel',
]);
/** Question openers that start a second question after "en" or a comma ("…, en kan hij agressief worden?"). */
export const questionStarters = new Set(['wat', 'wanneer', 'welke', 'hoe', 'wie', 'waar', 'waarvoor', 'heeft', 'is', 'kan', 'kun', 'staat', 'loopt', 'zijn', 'hebben', 'moet', 'mag', 'wordt']);
/** Filler words allowed between a connector and the action it starts. */
export const fillers = new Set(['eh', 'ehm', 'zo', 'ja', 'je', 'maar', 'alleen', 'wel', 'ook', 'dan', 'nog', 'even', 'graag', 'meteen', 'direct', 'daarna', 'vervolgens', 'en', 'eerst', 'svp', 'alsjeblieft', 'ajb', 'tot', 'slot', 'ten', 'als', 'laatste', 'verder', 'hoor', 'eens', 'nou', 'oke', 'ok']);

/** A command said not to be done: "niet annuleren, verzet …", "geen notitie, alleen opzoeken". */
export const negations = new Set(['niet', 'geen', 'niks', 'nee', 'nooit']);

export const honorifics = new Set(['mw', 'mevr', 'mevrouw', 'dhr', 'hr', 'heer', 'meneer', 'mijnheer', 'pt', 'patient', 'patiente', 'client', 'clienten', 'clint', 'pat', 'cl']);
export const namePrepositions = new Set(['voor', 'van', 'met', 'bij', 'over', 'aan']);
export const nameParticles = new Set(['van', 'de', 'der', 'den', 'ter', 'ten', 'te', 'el', 'al', 'ben', 'bin', 't', "'t", 'in', 'op', 'la', 'le', 'du', 'da', 'di', 'von', 'vd', 'v', 'd', 'uit', 'het']);
export const pronouns = new Set(['hij', 'zij', 'ze', 'hem', 'haar', 'diens', 'zijn', 'zn']);

export const weekdays = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'] as const;
export const dayWords = new Set(['vandaag', 'morgen', 'overmorgen', 'gisteren', 'eergisteren', 'vanavond', 'vanochtend', 'vanmiddag', 'vannacht', 'straks', 'nu', ...weekdays]);

/**
 * Words that are never a patient's name: function words, the lexicon itself, clinical roles and
 * ward nouns. An unknown lower-case word after "met" or "voor" is taken as a name, so this list is
 * what keeps "plan een gesprek met de huisarts" from becoming a patient called Huisarts.
 */
export const notNames = new Set([
  'de', 'het', 'een', 'en', 'of', 'maar', 'want', 'dat', 'die', 'dit', 'deze', 'wat', 'wie', 'waar', 'wanneer', 'welke', 'hoe', 'hoeveel', 'waarom', 'ik', 'je', 'jij', 'u', 'we',
  'wij', 'mijn', 'mij', 'me', 'ons', 'onze', 'jullie', 'hun', 'hen', 'er', 'hier', 'daar', 'nog', 'al', 'ook', 'niet', 'geen', 'wel', 'heel', 'erg', 'zeer', 'even', 'graag',
  'alle', 'allemaal', 'iedereen', 'niemand', 'iets', 'niets', 'alles', 'om', 'uur', 'half', 'kwart', 'over', 'voor', 'na', 'tot', 'tussen', 'tijdens', 'naar', 'in', 'uit', 'aan',
  'bij', 'met', 'zonder', 'door', 'op', 'onder', 'boven', 'tegen', 'sinds', 'vanaf', 'rond', 'rondom', 'per', 'week', 'weken', 'dag', 'dagen', 'dienst', 'diensten', 'nachtdienst',
  'dagdienst', 'avonddienst', 'ochtend', 'middag', 'avond', 'nacht', 'vanochtend', 'vanmiddag', 'vanavond', 'vannacht', 'afdeling', 'kamer', 'team', 'collega', 'collegas',
  'huisarts', 'arts', 'artsen', 'psychiater', 'psycholoog', 'dietist', 'verpleegkundige', 'vpk', 'begeleider', 'begeleiding', 'sociotherapeut', 'behandelaar', 'regiebehandelaar',
  'maatschappelijk', 'werker', 'familie', 'moeder', 'vader', 'zus', 'broer', 'partner', 'vrouw', 'man', 'zoon', 'dochter', 'kinderen', 'kind', 'tandarts', 'apotheek', 'fysio',
  'fysiotherapeut', 'ergotherapeut', 'groep', 'iemand', 'patienten', 'clienten', 'bewoners', 'bewoner', 'iedere', 'elke', 'volgende', 'vorige', 'laatste', 'eerste', 'nieuwe',
  'zijn', 'haar', 'hem', 'hij', 'zij', 'ze', 'is', 'was', 'heeft', 'had', 'wordt', 'werd', 'kan', 'moet', 'mag', 'wil', 'zal', 'gaat', 'ging', 'komt', 'kwam', 'doet', 'deed',
  'vandaag', 'morgen', 'overmorgen', 'gisteren', 'straks', 'nu', 'zo', 'snel', 'zsm', 'svp', 'ajb', 'alsjeblieft', 'bedankt', 'dank', 'dankjewel', 'oke', 'ok', 'ja', 'nee',
  'huis', 'thuis', 'weekend', 'verlof', 'ontslag', 'opname', 'crisis', 'dossier', 'ivm', 'i.v.m', 'betreft', 'inzake', 'omtrent', 'want', 'omdat', 'doordat', 'zodat',
  'tandarts', 'psychologe', 'huisartsenpost', 'politie', 'ambulance', 'sportdocent', 'activiteitenbegeleider', 'ervaringsdeskundige', 'stagiair', 'leerling', 'student', 'bezoek',
  'ochtendronde', 'overleg', 'mdo', 'visite', 'koffie', 'lunch', 'ontbijt', 'avondeten', 'medicatie', 'tijd', 'datum', 'plek', 'locatie', 'spreekkamer', 'alleen',
  'nummer', 'telefoonnummer', 'adres', 'mail', 'email', 'brief', 'bericht', 'huisartsbrief', 'zich', 'zelf', 'weer', 'steeds', 'vaak', 'soms', 'altijd', 'nooit',
  'goed', 'slecht', 'veel', 'weinig', 'beetje', 'best', 'gang', 'trap', 'huiskamer', 'tuin', 'deur', 'raam', 'stoel', 'tafel', 'eetzaal', 'nadat', 'voordat', 'zodra', 'naam',
  'contactpersoon', 'dienstdoende', 'goedemorgen', 'goedemiddag', 'goedenavond', 'hallo', 'hoi', 'hey', 'top', 'test', 'prima', 'super', 'ben', 'bent', 'kun', 'kunt', 'wil',
  'zou', 'even', 'eens', 'later', 'eerder', 'uur', 'minuten', 'keer', 'mee', 'terug', 'samen', 'andere', 'ander', 'medepatient', 'medepatienten', 'sleutel', 'sleutels',
  'hoor', 'anderen', 'nou', 'eigenlijk', 'zeker', 'misschien', 'trouwens', 'precies', 'bang', 'gevaarlijk', 'weten', 'horen', 'eentje', 'iemand', 'zorgen',
  'tonen', 'zien', 'laten', 'openen', 'bekijken', 'geven', 'maken', 'lezen', 'inzien', 'weten', 'kunnen', 'willen', 'vast', 'zichzelf', 'hand', 'extra', 'hele', 'vroege',
  'late', 'laatst', 'vervolg', 'daardoor', 'acuut', 'psych', 'twee', 'drie', 'vier', 'vijf', 'zes', 'schat', 'eigen', 'opnieuw',
  // Commands of what the reflex does not do, which open a part of their own and are no name.
  'bel', 'mail', 'informeer', 'stuur', 'vraag', 'verwijs', 'genereer', 'kijk', 'leg', 'bestel', 'print', 'breng', 'licht', 'vertel', 'spring', 'begin', 'weet',
  // Spoken hesitations and lead-ins: "eh priscilla was onrustig", "volgens mij heeft Sem …".
  'eh', 'ehm', 'uh', 'uhm', 'hm', 'ff', 'volgens', 'denk', 'net', 'hoog', 'kopje', 'achternaam', 'terrein', 'saturatie', 'procent', 'langs', 'plekje', 'tolk',
  'inschatting', 'hebt', 'heb', 'kijken', 'actuele',
  'plannen', 'zetten', 'doen', 'zoeken', 'checken', 'schoonmaak', 'monteur', 'lift', 'herkansing', 'training', 'schema', 'plan', 'oude', 'zo', 'die', 'daar', 'ja', 'graag', 'maar', 'toch', 'gewoon', 'vervanger',
]);

/**
 * Requests a local action may never turn into: discharge, calls and messages, orders (a dose or a
 * medicine with an ordering verb) and everything that is not about a patient's record.
 */
export const outOfScope = [
  /\b(ontslag\w*|ontsla\w*|ontslaan|uitschrijven|uitgeschreven|overplaats\w*)\b/,
  /\b(bel|bellen|belt|opbellen|terugbellen|telefoon\w*|nummer|sms|mail|mailen|e-?mail|whatsapp|fax)\b/,
  /(\+31|\b0)\d[\d -]{7,}/,
  /\b(weerbericht|regent|temperatuur buiten|rooster|vakantie\w*|bedden|parkeer\w*|wifi|wachtwoord|printer|computer|inloggen|koffie)\b/,
  /\bvraag (de|het|aan|of)\b/,
];
export const orderVerbs = /\b(geef|geven|toedienen|dien|verhoog\w*|verlaag\w*|ophogen|afbouwen|bestel\w*|voorschrijven|start|stop|herhaal|ophalen)\b/;
export const dose = /\b\d+([.,]\d+)?\s?(mg|milligram|ml|mcg|microgram|gram|ie|druppels|tabletten|tabl)\b/;

/** Abbreviations written with a dot ("mw.", "dhr.", "i.v.m."): the dot does not end a sentence. */
export const dotAbbreviations = new Set(['mw', 'dhr', 'mevr', 'hr', 'pt', 'pat', 'i', 'v', 'm', 'ivm', 'vpk', 'med', 'evt', 'z', 's', 'ca', 'o', 'a', 'b', 'bv', 'd', 'vd', 'j', 'cl', 'zsm']);

/** Words between an action word and its subject ("de", "zijn", "naar"). */
export const leadIns = new Set(['de', 'het', 'een', 'zijn', 'haar', 'zn', 'mijn', 'z', 'diens', 'hun', 'naar', 'er']);

/** Words that order actions ("daarna", "eerst"). */
export const sequencers = new Set(['daarna', 'vervolgens', 'dan', 'erna', 'nadien', 'eerst', 'nadat']);

/** Hours written as words, one to twelve. */
export const hourWords = ['een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen', 'tien', 'elf', 'twaalf'];

/** Finite verbs after a name: they end the name ("Jan heeft…"). */
export const commonVerbs = new Set([
  'heeft', 'had', 'hebben', 'is', 'was', 'waren', 'wil', 'wilde', 'kan', 'kon', 'zegt', 'zei', 'voelt', 'voelde', 'eet', 'at', 'slaapt', 'sliep', 'lijkt', 'leek', 'gaat', 'ging',
  'komt', 'kwam', 'loopt', 'liep', 'zit', 'zat', 'ligt', 'lag', 'blijft', 'bleef', 'krijgt', 'kreeg', 'vraagt', 'vroeg', 'weigert', 'weigerde', 'weigerden', 'neemt', 'nam', 'doet',
  'deed', 'praat', 'sprak', 'reageert', 'reageerde', 'toont', 'toonde', 'maakt', 'maakte', 'hoort', 'hoorde', 'ziet', 'zag', 'mag', 'moet', 'moest', 'wordt', 'werd', 'staat', 'stond',
]);

/** Words that open a yes/no question ("moeten we oppassen met X", "wordt Y vandaag ontslagen"). */
export const questionOpeners = new Set(['heeft', 'hebben', 'heb', 'is', 'staat', 'zijn', 'kan', 'kun', 'kunnen', 'zie', 'moet', 'moeten', 'mag', 'mogen', 'zou', 'zouden', 'wordt']);

/** Verbs after which a question names its subject: "welke afspraken heeft thijs", "wanneer zie ik joris". */
export const subjectVerbs = new Set(['heeft', 'had', 'zie', 'spreek', 'ziet', 'spreekt']);

/** Words that stand for an action said before: "… en een voor Eva", "… en die van Bas". */
export const ellipsisWords = new Set(['een', 'die', 'dat', 'eentje']);

/** "wil ik eerst …": the clinician's wish, still to be said; no part of its own. */
export const wishWords = new Set(['ik', 'wil', 'wilt', 'willen', 'zou', 'graag']);

/** The words of a note that only refers back ("noteer dat", "leg het vast", "zet dat in een notitie"). */
export const backReference = new Set(['dat', 'het', 'dit', 'er', 'vast', 'op', 'in', 'een', 'de', 'als', 'zet', 'leg', 'schrijf', 'maak', 'van', 'die', 'ervan', 'erbij', 'bij', 'neer', 'kun', 'kan']);
