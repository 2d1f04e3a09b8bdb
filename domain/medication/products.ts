/**
 * The products a GGZ ward prescribes most, as data (no external G-Standaard, ADR 37): the name as
 * the ward writes it, the strength, the form, the ATC code (WHO ATC/DDD index) and the usual route.
 * A new product is one line here.
 */
export const routes = [
  'oraal',
  'sublinguaal',
  'intramusculair',
  'subcutaan',
  'intraveneus',
  'transdermaal',
  'rectaal',
  'inhalatie',
] as const;
export type Route = (typeof routes)[number];

export interface Product {
  code: string;
  name: string;
  atc: string;
  form: string;
  route: Route;
}

const product = (code: string, name: string, atc: string, form: string, route: Route = 'oraal'): Product => ({
  code,
  name,
  atc,
  form,
  route,
});

export const products: readonly Product[] = [
  product('haloperidol-1', 'Haloperidol 1 mg', 'N05AD01', 'tablet'),
  product('haloperidol-5', 'Haloperidol 5 mg', 'N05AD01', 'tablet'),
  product('haloperidol-inj-5', 'Haloperidol 5 mg/ml', 'N05AD01', 'injectievloeistof', 'intramusculair'),
  product('haloperidol-dec-50', 'Haloperidol decanoaat 50 mg/ml', 'N05AD01', 'depotinjectie', 'intramusculair'),
  product('olanzapine-5', 'Olanzapine 5 mg', 'N05AH03', 'tablet'),
  product('olanzapine-10', 'Olanzapine 10 mg', 'N05AH03', 'tablet'),
  product('olanzapine-smelt-10', 'Olanzapine 10 mg smelttablet', 'N05AH03', 'smelttablet'),
  product('quetiapine-25', 'Quetiapine 25 mg', 'N05AH04', 'tablet'),
  product('quetiapine-100', 'Quetiapine 100 mg', 'N05AH04', 'tablet'),
  product('quetiapine-300-mga', 'Quetiapine 300 mg retard', 'N05AH04', 'tablet met gereguleerde afgifte'),
  product('clozapine-25', 'Clozapine 25 mg', 'N05AH02', 'tablet'),
  product('clozapine-100', 'Clozapine 100 mg', 'N05AH02', 'tablet'),
  product('risperidon-1', 'Risperidon 1 mg', 'N05AX08', 'tablet'),
  product('risperidon-2', 'Risperidon 2 mg', 'N05AX08', 'tablet'),
  product('aripiprazol-10', 'Aripiprazol 10 mg', 'N05AX12', 'tablet'),
  product('aripiprazol-15', 'Aripiprazol 15 mg', 'N05AX12', 'tablet'),
  product('paliperidon-dep-100', 'Paliperidon 100 mg depot', 'N05AX13', 'depotinjectie', 'intramusculair'),
  product('zuclopentixol-dec-200', 'Zuclopentixol decanoaat 200 mg/ml', 'N05AF05', 'depotinjectie', 'intramusculair'),
  product('lithium-400', 'Lithiumcarbonaat 400 mg', 'N05AN01', 'tablet met gereguleerde afgifte'),
  product('valproinezuur-500', 'Valproïnezuur 500 mg', 'N03AG01', 'tablet met gereguleerde afgifte'),
  product('lamotrigine-100', 'Lamotrigine 100 mg', 'N03AX09', 'tablet'),
  product('lorazepam-1', 'Lorazepam 1 mg', 'N05BA06', 'tablet'),
  product('lorazepam-2-5', 'Lorazepam 2,5 mg', 'N05BA06', 'tablet'),
  product('oxazepam-10', 'Oxazepam 10 mg', 'N05BA04', 'tablet'),
  product('diazepam-5', 'Diazepam 5 mg', 'N05BA01', 'tablet'),
  product('diazepam-10', 'Diazepam 10 mg', 'N05BA01', 'tablet'),
  product('temazepam-10', 'Temazepam 10 mg', 'N05CD07', 'capsule'),
  product('zolpidem-10', 'Zolpidem 10 mg', 'N05CF02', 'tablet'),
  product('melatonine-3', 'Melatonine 3 mg', 'N05CH01', 'tablet'),
  product('promethazine-25', 'Promethazine 25 mg', 'R06AD02', 'tablet'),
  product('biperideen-2', 'Biperideen 2 mg', 'N04AA02', 'tablet'),
  product('sertraline-50', 'Sertraline 50 mg', 'N06AB06', 'tablet'),
  product('citalopram-20', 'Citalopram 20 mg', 'N06AB04', 'tablet'),
  product('escitalopram-10', 'Escitalopram 10 mg', 'N06AB10', 'tablet'),
  product('fluoxetine-20', 'Fluoxetine 20 mg', 'N06AB03', 'capsule'),
  product('paroxetine-20', 'Paroxetine 20 mg', 'N06AB05', 'tablet'),
  product('venlafaxine-75', 'Venlafaxine 75 mg retard', 'N06AX16', 'capsule met gereguleerde afgifte'),
  product('mirtazapine-15', 'Mirtazapine 15 mg', 'N06AX11', 'tablet'),
  product('mirtazapine-30', 'Mirtazapine 30 mg', 'N06AX11', 'tablet'),
  product('methylfenidaat-10', 'Methylfenidaat 10 mg', 'N06BA04', 'tablet'),
  product('disulfiram-200', 'Disulfiram 200 mg', 'N07BB01', 'tablet'),
  product('naltrexon-50', 'Naltrexon 50 mg', 'N07BB04', 'tablet'),
  product('thiamine-100', 'Thiamine 100 mg', 'A11DA01', 'tablet'),
  product('nicotine-pleister-21', 'Nicotine 21 mg/24 uur', 'N07BA01', 'pleister', 'transdermaal'),
  product('paracetamol-500', 'Paracetamol 500 mg', 'N02BE01', 'tablet'),
  product('ibuprofen-400', 'Ibuprofen 400 mg', 'M01AE01', 'tablet'),
  product('metformine-500', 'Metformine 500 mg', 'A10BA02', 'tablet'),
  product('insuline-aspart', 'Insuline aspart 100 E/ml', 'A10AB05', 'injectievloeistof', 'subcutaan'),
  product('morfine-inj-10', 'Morfine 10 mg/ml', 'N02AA01', 'injectievloeistof', 'subcutaan'),
  product('methadon-5', 'Methadon 5 mg', 'N07BC02', 'tablet'),
  product('omeprazol-20', 'Omeprazol 20 mg', 'A02BC01', 'maagsapresistente capsule'),
  product('macrogol-sachet', 'Macrogol/elektrolyten', 'A06AD65', 'poeder voor drank'),
];

export const productByCode: ReadonlyMap<string, Product> = new Map(products.map((entry) => [entry.code, entry]));
