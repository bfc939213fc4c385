/**
 * ISO 3166-1 alpha-2 country codes: what a delivery address, a shipping method, a tax rate and
 * the shop's own country name a country by. Names are the browser's (`Intl.DisplayNames`), so
 * the list carries codes only.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const KNOWN = new Set(COUNTRY_CODES);

/** Whether a text is an ISO 3166-1 alpha-2 code as the API carries it (upper case). */
export const isCountryCode = (value: string): boolean => KNOWN.has(value);

/**
 * The countries whose addresses name a region, and their regions (ISO 3166-2 subdivision codes
 * without the country prefix): a tax rate may be set per region there. Elsewhere a region sent
 * with an address is ignored.
 */
export const COUNTRY_REGIONS: Readonly<Record<string, readonly string[]>> = {
  US: (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR UM VI'
  ).split(' '),
  CA: 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '),
  AU: 'ACT NSW NT QLD SA TAS VIC WA'.split(' '),
};

/** A region as an address keeps it: its code in a country that has regions, otherwise none. */
export function regionFor(country: string, region: string | null | undefined): string | null {
  const regions = COUNTRY_REGIONS[country];
  if (!regions || !region) return null;
  const code = region.trim().toUpperCase();
  return regions.includes(code) ? code : null;
}
