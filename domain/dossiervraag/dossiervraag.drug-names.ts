/**
 * The medicines a GGZ ward gives, each by its generic name (as the record's medication orders
 * mostly write it) with the brand names and everyday names clinicians ask by ("krijgt ze nog
 * Temesta", "vit B1", "Kalium Retard"). Data only (ADR 0108): written from public knowledge — the
 * names on Dutch packages and in the public summaries of the CBG's medicines register
 * (geneesmiddeleninformatiebank.nl) and the Farmacotherapeutisch Kompas — not copied from any
 * proprietary drug database (no G-Standaard). A name of two words is one name ("Kalium Retard"):
 * the question's words are joined before lookup and the record is searched for them side by side.
 *
 * `vocabulary` makes each line one class of synonyms (both directions: the brand finds the generic
 * order, the generic finds an order written under its brand) and one cue (the order or
 * administration of that medicine answers a question naming it).
 */
export interface DrugName {
  generic: string;
  /** Brand and everyday names; may be empty (the generic alone still gets its cue). */
  names: readonly string[];
}

export const drugNames: readonly DrugName[] = [
  // Antipsychotics.
  { generic: 'clozapine', names: ['Leponex', 'Clozaril'] },
  { generic: 'haloperidol', names: ['Haldol', 'Haldol Decanoas'] },
  { generic: 'quetiapine', names: ['Seroquel'] },
  { generic: 'olanzapine', names: ['Zyprexa', 'Zypadhera'] },
  { generic: 'risperidon', names: ['risperidone', 'Risperdal', 'Risperdal Consta'] },
  { generic: 'aripiprazol', names: ['Abilify', 'Abilify Maintena'] },
  { generic: 'paliperidon', names: ['Invega', 'Xeplion', 'Trevicta'] },
  { generic: 'zuclopentixol', names: ['Cisordinol', 'Clopixol'] },
  { generic: 'pipamperon', names: ['Dipiperon'] },
  { generic: 'flupentixol', names: ['Fluanxol'] },
  { generic: 'penfluridol', names: ['Semap'] },
  { generic: 'lurasidon', names: ['Latuda'] },
  { generic: 'cariprazine', names: ['Reagila'] },
  { generic: 'levomepromazine', names: ['Nozinan'] },
  { generic: 'chloorprotixeen', names: ['Truxal'] },
  // Mood stabilisers.
  { generic: 'lithium', names: ['lithiumcarbonaat', 'Priadel', 'Camcolit'] },
  { generic: 'valproïnezuur', names: ['valproaat', 'Depakine', 'Depakine Chrono'] },
  { generic: 'lamotrigine', names: ['Lamictal'] },
  { generic: 'carbamazepine', names: ['Tegretol'] },
  // Antidepressants.
  { generic: 'sertraline', names: ['Zoloft'] },
  { generic: 'citalopram', names: ['Cipramil'] },
  { generic: 'escitalopram', names: ['Lexapro', 'Cipralex'] },
  { generic: 'fluoxetine', names: ['Prozac'] },
  { generic: 'paroxetine', names: ['Seroxat'] },
  { generic: 'fluvoxamine', names: ['Fevarin'] },
  { generic: 'venlafaxine', names: ['Efexor'] },
  { generic: 'duloxetine', names: ['Cymbalta'] },
  { generic: 'mirtazapine', names: ['Remeron'] },
  { generic: 'bupropion', names: ['Wellbutrin', 'Zyban'] },
  { generic: 'trazodon', names: ['Trazolan'] },
  { generic: 'nortriptyline', names: ['Nortrilen'] },
  { generic: 'amitriptyline', names: ['Sarotex', 'Saroten'] },
  { generic: 'clomipramine', names: ['Anafranil'] },
  { generic: 'imipramine', names: ['Tofranil'] },
  { generic: 'agomelatine', names: ['Valdoxan'] },
  { generic: 'vortioxetine', names: ['Brintellix'] },
  { generic: 'moclobemide', names: ['Aurorix'] },
  { generic: 'tranylcypromine', names: ['Parnate'] },
  // Benzodiazepines and other sleeping pills.
  { generic: 'lorazepam', names: ['Temesta'] },
  { generic: 'oxazepam', names: ['Seresta'] },
  { generic: 'diazepam', names: ['Valium', 'Stesolid'] },
  { generic: 'temazepam', names: ['Normison'] },
  { generic: 'midazolam', names: ['Dormicum'] },
  { generic: 'clonazepam', names: ['Rivotril'] },
  { generic: 'alprazolam', names: ['Xanax'] },
  { generic: 'nitrazepam', names: ['Mogadon'] },
  { generic: 'clorazepinezuur', names: ['Tranxene'] },
  { generic: 'chloordiazepoxide', names: ['Librium'] },
  { generic: 'zopiclon', names: ['Imovane'] },
  { generic: 'zolpidem', names: ['Stilnoct'] },
  { generic: 'promethazine', names: [] },
  { generic: 'melatonine', names: ['Circadin'] },
  // ADHD.
  { generic: 'methylfenidaat', names: ['Ritalin', 'Concerta', 'Medikinet', 'Equasym'] },
  { generic: 'dexamfetamine', names: ['Tentin'] },
  { generic: 'lisdexamfetamine', names: ['Elvanse'] },
  { generic: 'atomoxetine', names: ['Strattera'] },
  { generic: 'guanfacine', names: ['Intuniv'] },
  // Side effects, addiction.
  { generic: 'biperideen', names: ['Akineton'] },
  { generic: 'trihexyfenidyl', names: ['Artane'] },
  { generic: 'disulfiram', names: ['Antabus'] },
  { generic: 'acamprosaat', names: ['Campral'] },
  { generic: 'naltrexon', names: [] },
  { generic: 'thiamine', names: ['vitamine B1', 'vit B1', 'aneurine'] },
  // Somatic medicines common on a ward.
  { generic: 'levothyroxine', names: ['Thyrax', 'Euthyrox', 'schildklierhormoon'] },
  { generic: 'amlodipine', names: ['Norvasc'] },
  { generic: 'metoprolol', names: ['Selokeen', 'Lopresor'] },
  { generic: 'propranolol', names: ['Inderal'] },
  { generic: 'enalapril', names: ['Renitec'] },
  { generic: 'lisinopril', names: ['Zestril'] },
  { generic: 'losartan', names: ['Cozaar'] },
  { generic: 'hydrochloorthiazide', names: ['HCT'] },
  { generic: 'furosemide', names: ['Lasix'] },
  { generic: 'kaliumchloride', names: ['Kalium Retard', 'Slow-K', 'kaliumsuppletie'] },
  { generic: 'fosfaat', names: ['Phosphate Sandoz', 'fosfaatpreparaat', 'natriumfosfaat', 'fosfaatsuppletie'] },
  { generic: 'metformine', names: ['Glucophage'] },
  { generic: 'gliclazide', names: ['Diamicron'] },
  { generic: 'glimepiride', names: ['Amaryl'] },
  { generic: 'insuline', names: ['NovoRapid', 'Lantus', 'Levemir'] },
  { generic: 'omeprazol', names: ['Losec'] },
  { generic: 'pantoprazol', names: ['Pantozol'] },
  { generic: 'esomeprazol', names: ['Nexium'] },
  { generic: 'macrogol', names: ['Movicolon', 'Forlax'] },
  { generic: 'lactulose', names: ['Duphalac'] },
  { generic: 'bisacodyl', names: ['Dulcolax'] },
  { generic: 'sennosiden', names: ['Prunacolon'] },
  { generic: 'paracetamol', names: ['Panadol'] },
  { generic: 'ibuprofen', names: ['Brufen', 'Advil', 'Nurofen'] },
  { generic: 'naproxen', names: ['Aleve'] },
  { generic: 'diclofenac', names: ['Voltaren'] },
  { generic: 'simvastatine', names: ['Zocor'] },
  { generic: 'atorvastatine', names: ['Lipitor'] },
  { generic: 'carbasalaatcalcium', names: ['Ascal'] },
  { generic: 'acenocoumarol', names: ['Sintrom'] },
  { generic: 'fenprocoumon', names: ['Marcoumar'] },
  { generic: 'apixaban', names: ['Eliquis'] },
  { generic: 'rivaroxaban', names: ['Xarelto'] },
  { generic: 'dabigatran', names: ['Pradaxa'] },
  { generic: 'clopidogrel', names: ['Plavix'] },
  { generic: 'nadroparine', names: ['Fraxiparine'] },
  { generic: 'salbutamol', names: ['Ventolin'] },
  { generic: 'colecalciferol', names: ['vitamine D', 'vit D', 'vitamine D3'] },
  { generic: 'nicotine', names: ['Nicorette', 'nicotinepleister'] },
  { generic: 'foliumzuur', names: [] },
  { generic: 'pyridoxine', names: ['vitamine B6'] },
  { generic: 'hydroxocobalamine', names: ['vitamine B12'] },
  // Antibiotics a ward starts for an infection (round ten).
  { generic: 'nitrofurantoïne', names: ['Furadantine'] },
  { generic: 'fosfomycine', names: ['Monuril'] },
  { generic: 'amoxicilline', names: ['Clamoxyl', 'Augmentin'] },
  { generic: 'trimethoprim', names: [] },
  { generic: 'cotrimoxazol', names: ['Bactrimel'] },
  { generic: 'ciprofloxacine', names: ['Ciproxin'] },
  { generic: 'doxycycline', names: ['Vibramycine'] },
  { generic: 'claritromycine', names: ['Klacid'] },
  { generic: 'azitromycine', names: ['Zithromax'] },
  { generic: 'flucloxacilline', names: ['Floxapen'] },
  // Dementia (round ten).
  { generic: 'rivastigmine', names: ['Exelon'] },
  { generic: 'galantamine', names: ['Reminyl'] },
  { generic: 'donepezil', names: ['Aricept'] },
  { generic: 'memantine', names: ['Ebixa'] },
];

/**
 * Kinds of medicine asked by what they are for ("zijn bloeddrukpil"): any member's order answers.
 * The members are generic names from `drugNames`.
 */
export const drugClasses: readonly {
  words: readonly string[];
  members: readonly string[];
  /** A sleeping pill is also asked for as given ("slaapmiddel gehad"): its administrations answer too. */
  given?: boolean;
  /**
   * What the kind is for, as words of the vocabulary: an order of any medicine given for it answers too
   * ("slaappil?" is the quetiapine whose reason is "slaapproblemen"), and only a medicine answers (ADR 0108).
   */
  purpose?: readonly string[];
}[] = [
  {
    words: ['antipsychoticum', 'antipsychotica', 'antipsychotisch'],
    members: [
      'clozapine',
      'haloperidol',
      'quetiapine',
      'olanzapine',
      'risperidon',
      'aripiprazol',
      'paliperidon',
      'zuclopentixol',
      'pipamperon',
      'flupentixol',
    ],
  },
  {
    words: ['antidepressivum', 'antidepressiva'],
    members: [
      'sertraline',
      'citalopram',
      'escitalopram',
      'fluoxetine',
      'paroxetine',
      'venlafaxine',
      'mirtazapine',
      'nortriptyline',
      'amitriptyline',
      'clomipramine',
      'imipramine',
      'bupropion',
      'trazodon',
    ],
  },
  {
    words: ['benzodiazepine', 'benzodiazepines', 'benzo', 'benzos'],
    members: [
      'lorazepam',
      'oxazepam',
      'diazepam',
      'temazepam',
      'midazolam',
      'clonazepam',
      'alprazolam',
      'nitrazepam',
      'clorazepinezuur',
      'chloordiazepoxide',
    ],
    given: true,
  },
  {
    words: ['slaapmedicatie', 'slaapmiddel', 'slaapmiddelen', 'slaappil', 'slaappillen', 'slaaptablet', 'slaaptabletten'],
    members: ['temazepam', 'zopiclon', 'zolpidem', 'nitrazepam', 'melatonine', 'promethazine'],
    given: true,
    purpose: ['slapen'],
  },
  {
    words: ['kalmeringsmiddel', 'kalmeringsmiddelen', 'kalmeringspil', 'kalmeringspillen', 'anxiolyticum', 'rustgevend'],
    members: ['lorazepam', 'oxazepam', 'diazepam', 'alprazolam', 'clorazepinezuur', 'chloordiazepoxide', 'clonazepam'],
    given: true,
  },
  { words: ['stemmingsstabilisator', 'stemmingsstabilisatoren'], members: ['lithium', 'valproïnezuur', 'lamotrigine'] },
  {
    words: ['bloeddrukpil', 'bloeddrukpillen', 'bloeddrukverlager', 'bloeddrukmedicatie', 'antihypertensivum', 'antihypertensiva'],
    members: ['amlodipine', 'metoprolol', 'enalapril', 'lisinopril', 'losartan', 'hydrochloorthiazide', 'furosemide'],
    purpose: ['hypertensie'],
  },
  { words: ['schildkliermedicatie', 'schildklierpil'], members: ['levothyroxine'], purpose: ['schildklier'] },
  { words: ['plaspil', 'plaspillen', 'diureticum'], members: ['furosemide', 'hydrochloorthiazide'] },
  {
    words: ['suikerpil', 'suikerpillen', 'diabetesmedicatie', 'bloedsuikerverlager', 'antidiabeticum', 'antidiabetica'],
    members: ['metformine', 'gliclazide', 'glimepiride', 'insuline'],
    purpose: ['diabetes'],
  },
  {
    words: ['bloedverdunner', 'bloedverdunners', 'antistolling', 'antistollingsmiddel', 'trombosemiddel'],
    members: ['acenocoumarol', 'fenprocoumon', 'apixaban', 'rivaroxaban', 'dabigatran', 'carbasalaatcalcium', 'clopidogrel', 'nadroparine'],
  },
  {
    words: ['laxeermiddel', 'laxeermiddelen', 'laxans', 'laxantia'],
    members: ['macrogol', 'lactulose', 'bisacodyl', 'sennosiden'],
    given: true,
    purpose: ['obstipatie'],
  },
  { words: ['maagbeschermer', 'maagzuurremmer'], members: ['omeprazol', 'pantoprazol', 'esomeprazol'] },
  {
    words: ['pijnstiller', 'pijnstillers', 'pijnmedicatie'],
    members: ['paracetamol', 'ibuprofen', 'naproxen', 'diclofenac'],
    purpose: ['pijn'],
  },
  { words: ['adhdmedicatie'], members: ['methylfenidaat', 'dexamfetamine', 'lisdexamfetamine', 'atomoxetine'] },
  // Round ten: the kinds a ward names instead of the medicine ("waarom is het antibioticum gewisseld", "een vitaminekuur").
  {
    words: ['antibioticum', 'antibiotica', 'antibiotisch', 'antibioticakuur'],
    members: [
      'nitrofurantoïne',
      'fosfomycine',
      'amoxicilline',
      'trimethoprim',
      'cotrimoxazol',
      'ciprofloxacine',
      'doxycycline',
      'claritromycine',
      'azitromycine',
      'flucloxacilline',
    ],
  },
  {
    words: ['vitamine', 'vitamines', 'vitaminen', 'vitaminepreparaat', 'vitaminesuppletie'],
    members: ['thiamine', 'colecalciferol', 'foliumzuur', 'pyridoxine', 'hydroxocobalamine'],
  },
  {
    words: ['dementiemedicatie', 'dementieremmer', 'cholinesteraseremmer'],
    members: ['rivastigmine', 'galantamine', 'donepezil', 'memantine'],
    purpose: ['dementie'],
  },
];
