/** Real motorbikes with their production years and engine sizes: eight makes, 31 models. */
export const demoVehicles: ReadonlyArray<{ make: string; model: string; yearFrom: number; yearTo: number; cc: number; variant?: string }> = [
  { make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2023, cc: 471 },
  { make: 'Honda', model: 'CBR500R', yearFrom: 2013, yearTo: 2023, cc: 471 },
  { make: 'Honda', model: 'CB650R', yearFrom: 2019, yearTo: 2024, cc: 649 },
  { make: 'Honda', model: 'CRF1100L Africa Twin', yearFrom: 2020, yearTo: 2024, cc: 1084 },
  { make: 'Honda', model: 'PCX125', yearFrom: 2010, yearTo: 2024, cc: 125 },
  { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, cc: 689 },
  { make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2024, cc: 890 },
  { make: 'Yamaha', model: 'Tracer 9', yearFrom: 2021, yearTo: 2024, cc: 890 },
  { make: 'Yamaha', model: 'XSR700', yearFrom: 2016, yearTo: 2024, cc: 689 },
  { make: 'Yamaha', model: 'Ténéré 700', yearFrom: 2019, yearTo: 2024, cc: 689 },
  { make: 'Kawasaki', model: 'Z650', yearFrom: 2017, yearTo: 2024, cc: 649 },
  { make: 'Kawasaki', model: 'Ninja 650', yearFrom: 2017, yearTo: 2024, cc: 649 },
  { make: 'Kawasaki', model: 'Z900', yearFrom: 2017, yearTo: 2024, cc: 948 },
  { make: 'Kawasaki', model: 'Versys 650', yearFrom: 2015, yearTo: 2024, cc: 649 },
  { make: 'Suzuki', model: 'SV650', yearFrom: 2016, yearTo: 2024, cc: 645 },
  { make: 'Suzuki', model: 'V-Strom 650', yearFrom: 2017, yearTo: 2024, cc: 645 },
  { make: 'Suzuki', model: 'GSX-S750', yearFrom: 2017, yearTo: 2021, cc: 749 },
  { make: 'BMW', model: 'R 1250 GS', yearFrom: 2019, yearTo: 2024, cc: 1254 },
  { make: 'BMW', model: 'F 900 R', yearFrom: 2020, yearTo: 2024, cc: 895 },
  { make: 'BMW', model: 'G 310 R', yearFrom: 2016, yearTo: 2024, cc: 313 },
  { make: 'KTM', model: '390 Duke', yearFrom: 2017, yearTo: 2024, cc: 373 },
  { make: 'KTM', model: '790 Duke', yearFrom: 2018, yearTo: 2023, cc: 799 },
  { make: 'KTM', model: '1290 Super Duke R', yearFrom: 2020, yearTo: 2024, cc: 1301 },
  { make: 'Triumph', model: 'Street Triple 765', yearFrom: 2017, yearTo: 2024, cc: 765 },
  { make: 'Triumph', model: 'Trident 660', yearFrom: 2021, yearTo: 2024, cc: 660 },
  { make: 'Triumph', model: 'Bonneville T120', yearFrom: 2016, yearTo: 2024, cc: 1200 },
  { make: 'Ducati', model: 'Monster', yearFrom: 2021, yearTo: 2024, cc: 937 },
  { make: 'Ducati', model: 'Scrambler Icon', yearFrom: 2015, yearTo: 2024, cc: 803 },
  { make: 'Ducati', model: 'Multistrada V4', yearFrom: 2021, yearTo: 2024, cc: 1158 },
  { make: 'Ducati', model: 'Panigale V2', yearFrom: 2020, yearTo: 2024, cc: 955 },
  { make: 'Honda', model: 'CB125F', yearFrom: 2015, yearTo: 2024, cc: 125 },
];

type Fits = ReadonlyArray<string | { model: string; yearFrom?: number; yearTo?: number; note?: string }>;

/** Parts that fit every bike: care products, tools, and fluids of a common standard (DOT 4, coolant, fork oil). */
export const demoUniversalParts: ReadonlySet<string> = new Set(['C2-400', 'OX207', 'TW-6060', '08-0401', 'MUC-CB1', 'MUC-664', 'TM-451', 'RBF-600', 'MOCOOL-1L', 'FORK-10W-1L']);

const HONDA_500 = ['CB500F', 'CBR500R'];
const YAMAHA_CP2 = ['MT-07', 'XSR700', 'Ténéré 700'];
const YAMAHA_CP3 = ['MT-09', 'Tracer 9'];
const KAWASAKI_650 = ['Z650', 'Ninja 650', 'Versys 650'];
const SUZUKI = ['SV650', 'V-Strom 650', 'GSX-S750'];
const TRIUMPH = ['Street Triple 765', 'Trident 660', 'Bonneville T120'];
const DUCATI = ['Monster', 'Scrambler Icon', 'Multistrada V4', 'Panigale V2'];
const KTM = ['390 Duke', '790 Duke', '1290 Super Duke R'];
/** The 65 mm spin-on filter of Honda's, Yamaha's and Triumph's twins, triples and fours (Honda 15410-MFJ-D01, Yamaha 5GH-13440-00). */
const HF204_BIKES = [...HONDA_500, 'CB650R', 'CRF1100L Africa Twin', ...YAMAHA_CP2, ...YAMAHA_CP3, ...TRIUMPH];
/** Bikes whose wheels take tubeless valves: every demo bike but those on spoked, tubed rims. */
const TUBELESS = demoVehicles.map((vehicle) => vehicle.model).filter((model) => !['CRF1100L Africa Twin', 'Ténéré 700', 'Bonneville T120'].includes(model));
const fitted = (models: readonly string[], note: string) => models.map((model) => ({ model, note }));

/**
 * The demo parts' fitment, by part number: the models (of `demoVehicles`) each fits, some for
 * narrower years or with a note. A part in neither this nor `demoUniversalParts` has no fitment
 * data, as a shop often has none for accessories sold by size (a bulb, grips, mirrors, a tube).
 */
export const demoFitment: Readonly<Record<string, Fits>> = {
  // Brakes
  FA196HH: fitted([...HONDA_500, 'CRF1100L Africa Twin', ...KAWASAKI_650, 'SV650', 'V-Strom 650'], 'front'),
  '07BB37SA': fitted([...YAMAHA_CP2, ...YAMAHA_CP3, 'CB650R', 'Street Triple 765', '1290 Super Duke R', 'R 1250 GS', ...DUCATI], 'front'),
  FA174: fitted([...YAMAHA_CP2, ...YAMAHA_CP3, ...HONDA_500, 'CB650R'], 'rear'),
  '152HF': fitted(['PCX125', 'CB125F'], 'front'),
  '78B40870': [
    { model: 'MT-09', yearFrom: 2014, yearTo: 2020, note: 'front, left or right' },
    { model: 'Tracer 9', note: 'front, left or right' },
  ],
  DF197W: fitted([...HONDA_500, 'CB650R'], 'rear'),
  'HBK-F200': [
    { model: 'CB500F', note: 'models without ABS' },
    { model: 'CBR500R', note: 'models without ABS' },
  ],
  // Chains & Sprockets
  '520VX3-120': [...YAMAHA_CP2, 'Z650', 'Ninja 650', 'Versys 650', 'SV650', ...HONDA_500, '390 Duke', '790 Duke', 'G 310 R'].map((model) => ({ model, note: 'cut to length' })),
  'JTR1334.42': HONDA_500,
  '3066-998P': YAMAHA_CP3,
  // Ignition
  CR9EIX: [
    { model: 'MT-07', yearFrom: 2014, yearTo: 2020, note: 'models up to 2020' },
    'XSR700',
    ...HONDA_500,
    'CB650R',
    ...KAWASAKI_650,
    'Z900',
  ],
  CR8E: ['PCX125', 'CB125F', 'SV650', 'V-Strom 650'],
  IU24: ['Bonneville T120', 'Scrambler Icon', 'Monster'],
  'ESC-18': ['CB650R'],
  // Filters
  HF204: HF204_BIKES,
  'KN-204': HF204_BIKES,
  HF303: [...KAWASAKI_650, 'Z900'],
  HF138: SUZUKI,
  'KN-153': DUCATI,
  'KN-160': ['R 1250 GS', 'F 900 R'],
  'KN-650': ['790 Duke', '1290 Super Duke R'],
  'HA-5013': [
    { model: 'CB500F', yearFrom: 2013, yearTo: 2018 },
    { model: 'CBR500R', yearFrom: 2013, yearTo: 2018 },
  ],
  '152215': ['Ténéré 700'],
  // Oils: the 10W-40s where the maker lists 10W-40, the 15W-50 where it lists 15W-50.
  ...Object.fromEntries(
    ['5100-10W40-4L', '7100-10W40-4L', 'POWER1-10W40-1L'].map((partNumber) => [
      partNumber,
      [
        ...YAMAHA_CP2,
        ...YAMAHA_CP3,
        ...KAWASAKI_650,
        'Z900',
        ...SUZUKI,
        ...TRIUMPH,
        ...fitted(['CB500F', 'CBR500R', 'CB650R', 'CRF1100L Africa Twin', 'PCX125', 'CB125F'], "in Honda's chart beside 10W-30"),
      ],
    ]),
  ),
  '7100-15W50-4L': [...DUCATI, ...KTM],
  // Electrical
  YTZ10S: [...YAMAHA_CP2.filter((model) => model !== 'Ténéré 700'), ...YAMAHA_CP3, ...HONDA_500, 'CB650R'],
  'YTX9-BS': [...KAWASAKI_650, 'SV650', 'V-Strom 650'],
  'LFX14A4-BS12': [
    ...fitted([...YAMAHA_CP2.filter((model) => model !== 'Ténéré 700'), ...YAMAHA_CP3, ...HONDA_500, 'CB650R'], 'in place of a YTZ10S, with the spacers supplied'),
    ...fitted([...KAWASAKI_650, 'SV650', 'V-Strom 650'], 'in place of a YTX9-BS, with the spacers supplied'),
  ],
  FH020AA: [...HONDA_500, 'CB650R', 'CRF1100L Africa Twin'],
  // Engine and cooling
  // The drain bolt's sealing washer: Honda's M12 bolt, Yamaha's M14 one.
  '94109-12000': [...HONDA_500, 'CB650R'],
  '214-11159-00': [...YAMAHA_CP2, ...YAMAHA_CP3],
  CK1223: ['CB650R'],
  '4938M06700': HONDA_500,
  '20-2300': ['CB650R'],
  '20-2310': ['CB650R'],
  S410210001001: HONDA_500,
  'HON-96': HONDA_500,
  '4256.82D': [...HONDA_500, 'CB650R'],
  // Cables & Controls
  'H01-4-055': HONDA_500,
  '02-0555': HONDA_500,
  '2133N': [...HONDA_500, 'CB650R'],
  'F4-204': ['MT-07', 'XSR700', ...YAMAHA_CP3],
  // Suspension
  '56-137': [
    'MT-07',
    'XSR700',
    'Z650',
    'Ninja 650',
    { model: 'CB500F', yearFrom: 2013, yearTo: 2018 },
    { model: 'CBR500R', yearFrom: 2013, yearTo: 2018 },
    'CB650R',
  ],
  '22-1003': [...HONDA_500, 'CB650R'],
  '28-1213': ['CB650R'],
  'MZ456-330TRL': ['MT-07', 'XSR700'],
  'SP-HO07-SSA015': [
    { model: 'CB500F', yearFrom: 2013, yearTo: 2018 },
    { model: 'CBR500R', yearFrom: 2013, yearTo: 2018 },
  ],
  // Tyres & Wheels
  'ROAD6-120-70-17': fitted(
    ['MT-07', 'XSR700', ...YAMAHA_CP3, ...KAWASAKI_650, 'Z900', 'SV650', 'GSX-S750', ...HONDA_500, 'CB650R', 'Street Triple 765', 'Trident 660', 'F 900 R', '790 Duke', '1290 Super Duke R', 'Monster', 'Panigale V2'],
    'front',
  ),
  'ANGELGT2-180-55-17': fitted(['MT-07', 'XSR700', ...YAMAHA_CP3, 'Z900', 'GSX-S750', 'CB650R', 'Street Triple 765', 'Trident 660', 'F 900 R', '790 Duke', 'Monster'], 'rear'),
  OX385: TUBELESS,
};

/**
 * Each demo OEM number and the demo bikes it is the original part of (in its maker's parts
 * catalogue); [] for an original part of bikes the demo does not list. A part carrying the
 * number fits those bikes.
 */
export const demoOemModels: Readonly<Record<string, readonly string[]>> = {
  '06455-MFJ-D01': HONDA_500,
  '06455-KYJ-902': [],
  '06455-MFL-006': ['CB650R'],
  '06435-MEL-D21': ['CB650R'],
  '43251-MJE-D01': ['CB650R'],
  '41201-MJW-J00': HONDA_500,
  '31917-MKN-D01': ['CB650R'],
  '94705-00419': ['XSR700'],
  '30700-MJE-D01': ['CB650R'],
  '98079-58846': ['PCX125', 'CB125F'],
  '15410-MFJ-D01': ['CB500F', 'CBR500R', 'CB650R', 'CRF1100L Africa Twin'],
  '5GH-13440-00': [...YAMAHA_CP2, ...YAMAHA_CP3],
  '16097-1073': [],
  '16097-0008': [...KAWASAKI_650, 'Z900'],
  '15410-MM5-003': [],
  '16510-07J00': SUZUKI,
  '16510-05240': [],
  '17210-MJW-J00': HONDA_500,
  '22201-MJE-D00': ['CB650R'],
  '14711-MEL-000': ['CB650R'],
  '14721-MEL-000': ['CB650R'],
  '12251-MJW-J01': HONDA_500,
  '91051-KWB-601': [],
  '19300-MJE-D01': ['CB650R'],
  '31500-MEL-013': ['CB650R'],
  '31500-KEA-003': [],
  '31600-MFN-D01': ['CB650R'],
  '22870-MJW-J00': HONDA_500,
  '17910-MJW-J00': HONDA_500,
  '17920-MJW-J00': HONDA_500,
  '53175-MFL-003': ['CB650R'],
  '51490-MJE-D01': ['CB650R'],
  '53212-MEL-013': ['CB650R'],
  '91072-MEL-003': ['CB650R'],
};

/** What a bike's service takes, each told by a demo part's category and name. */
export const serviceNeeds = {
  'engine oil': { category: 'Oils & Fluids', name: /Engine Oil/ },
  'oil filter': { category: 'Filters', name: /Oil Filter/ },
  'spark plug': { category: 'Ignition', name: /Spark Plug/ },
  'brake pads': { category: 'Brakes', name: /Brake Pads/ },
} as const;
export type ServiceNeed = keyof typeof serviceNeeds;

const notStocked = (what: string) => `its ${what} is not in the demo catalogue`;
/**
 * Where no demo part meets a bike's service need, and why: nothing the shop sells fits, so the
 * rider is told rather than shown a part that does not.
 */
export const demoServiceGaps: Readonly<Record<string, Partial<Record<ServiceNeed, string>>>> = {
  PCX125: { 'oil filter': 'a washable oil strainer, no filter to change' },
  CB125F: { 'oil filter': 'a washable oil strainer, no filter to change' },
  'CRF1100L Africa Twin': { 'spark plug': notStocked('12 mm spark plug') },
  'MT-09': { 'spark plug': notStocked('spark plug') },
  'Tracer 9': { 'spark plug': notStocked('spark plug') },
  'Ténéré 700': { 'spark plug': notStocked('spark plug') },
  'Z900': { 'brake pads': notStocked('front brake pad') },
  'GSX-S750': { 'spark plug': notStocked('spark plug'), 'brake pads': notStocked('front brake pad') },
  'R 1250 GS': { 'engine oil': 'BMW specifies 5W-40, which the demo does not stock', 'spark plug': notStocked('spark plug') },
  'F 900 R': { 'engine oil': 'BMW specifies 5W-40, which the demo does not stock', 'spark plug': notStocked('spark plug'), 'brake pads': notStocked('front brake pad') },
  'G 310 R': {
    'engine oil': 'BMW specifies 5W-40, which the demo does not stock',
    'oil filter': notStocked('oil filter'),
    'spark plug': notStocked('spark plug'),
    'brake pads': notStocked('front brake pad'),
  },
  '390 Duke': { 'oil filter': notStocked('oil filter'), 'spark plug': notStocked('spark plug'), 'brake pads': notStocked('front brake pad') },
  '790 Duke': { 'spark plug': notStocked('spark plug'), 'brake pads': notStocked('front brake pad') },
  '1290 Super Duke R': { 'spark plug': notStocked('spark plug') },
  'Street Triple 765': { 'spark plug': notStocked('spark plug') },
  'Trident 660': { 'spark plug': notStocked('spark plug'), 'brake pads': notStocked('front brake pad') },
  'Bonneville T120': { 'brake pads': notStocked('front brake pad') },
  'Multistrada V4': { 'spark plug': notStocked('spark plug') },
  'Panigale V2': { 'spark plug': notStocked('spark plug') },
};
