import { COUNTRY_CODES } from '@shop/shared';

const names = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name ('United States'), or its code where the browser knows none. */
export const countryName = (code: string): string => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

let byName: { code: string; name: string }[] | undefined;

/** Every country by name, `first` (the shop's own) at the top of the list. */
export function countryOptions(first?: string): { code: string; name: string }[] {
  byName ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const top = first ? byName.find((option) => option.code === first) : undefined;
  return top ? [top, ...byName.filter((option) => option !== top)] : byName;
}
