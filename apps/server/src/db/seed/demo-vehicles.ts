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

/** Parts that fit every bike: care products, fluids of a common standard and tools. */
export const demoUniversalParts: ReadonlySet<string> = new Set(['C2-400', 'OX207', 'TW-6060', '08-0401', 'MUC-CB1', 'MUC-664', 'TM-451', 'RBF-600', 'MOCOOL-1L']);

/**
 * The demo parts' fitment, by part number: the models (of `demoVehicles`) each fits, some for
 * narrower years or with a note. Parts in neither list have no fitment data.
 */
export const demoFitment: Readonly<Record<string, Fits>> = {
  FA196HH: [
    { model: 'Z650', note: 'front' },
    { model: 'Ninja 650', note: 'front' },
    { model: 'Versys 650', note: 'front' },
    { model: 'SV650', note: 'front' },
    { model: 'V-Strom 650', note: 'front' },
  ],
  '07BB37SA': [
    { model: 'MT-07', note: 'front' },
    { model: 'XSR700', note: 'front' },
    { model: 'Ténéré 700', note: 'front' },
    { model: 'MT-09', note: 'front' },
    { model: 'Tracer 9', note: 'front' },
    { model: 'CB650R', note: 'front' },
  ],
  FA174: [
    { model: 'MT-07', note: 'rear' },
    { model: 'XSR700', note: 'rear' },
    { model: 'MT-09', note: 'rear' },
    { model: 'CB500F', note: 'rear' },
    { model: 'CBR500R', note: 'rear' },
  ],
  '152HF': ['PCX125', 'CB125F'],
  '78B40870': [
    { model: 'MT-09', yearFrom: 2014, yearTo: 2020, note: 'front, left or right' },
    { model: 'Tracer 9', note: 'front, left or right' },
  ],
  DF197W: [
    { model: 'CB500F', note: 'rear' },
    { model: 'CBR500R', note: 'rear' },
    { model: 'CB650R', note: 'rear' },
  ],
  '520VX3-120': ['MT-07', 'XSR700', 'Ténéré 700', 'Z650', 'Ninja 650', 'CB500F', 'CBR500R', '390 Duke'],
  'JTR1334.42': ['CB500F', 'CBR500R'],
  '3066-998P': ['MT-09', 'Tracer 9', 'V-Strom 650', 'Z900'],
  CR9EIX: [
    { model: 'MT-07', yearFrom: 2014, yearTo: 2020, note: 'models up to 2020' },
    'XSR700',
    'CB500F',
    'CBR500R',
    'CB650R',
    'Z650',
    'Ninja 650',
    'Z900',
  ],
  CR8E: ['PCX125', 'CB125F', 'SV650', 'V-Strom 650'],
  IU24: ['Bonneville T120', 'Scrambler Icon', 'Monster'],
  HF204: ['CB500F', 'CBR500R', 'CB650R', 'CRF1100L Africa Twin', 'MT-07', 'MT-09', 'XSR700', 'Ténéré 700', 'Tracer 9', 'Street Triple 765', 'Trident 660', 'Bonneville T120'],
  HF303: ['Z650', 'Ninja 650', 'Z900', 'Versys 650'],
  HF138: ['SV650', 'V-Strom 650', 'GSX-S750'],
  'KN-204': ['MT-07', 'MT-09', 'CB650R'],
  'HA-5013': [
    { model: 'CB500F', yearFrom: 2013, yearTo: 2018 },
    { model: 'CBR500R', yearFrom: 2013, yearTo: 2018 },
  ],
  YTZ10S: ['MT-07', 'XSR700', 'CB500F', 'CBR500R', 'CB650R'],
  'YTX9-BS': ['Z650', 'Ninja 650', 'Versys 650', 'SV650'],
  '56-137': ['MT-07', 'XSR700', 'Z650', 'Ninja 650', { model: 'CB500F', yearFrom: 2013, yearTo: 2018 }],
  'ROAD6-120-70-17': [
    { model: 'MT-07', note: 'front' },
    { model: 'MT-09', note: 'front' },
    { model: 'Z650', note: 'front' },
    { model: 'Z900', note: 'front' },
    { model: 'CB650R', note: 'front' },
    { model: 'Street Triple 765', note: 'front' },
    { model: 'Trident 660', note: 'front' },
  ],
  'ANGELGT2-180-55-17': [
    { model: 'MT-07', note: 'rear' },
    { model: 'MT-09', note: 'rear' },
    { model: 'Z900', note: 'rear' },
    { model: 'CB650R', note: 'rear' },
    { model: 'Street Triple 765', note: 'rear' },
    { model: 'Trident 660', note: 'rear' },
  ],
};
