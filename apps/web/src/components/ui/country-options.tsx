import { memo } from 'react';
import { countryOptions } from '@/utils/countries';

/**
 * The options of a country select, by name, `first` (the shop's own country) at the top. Two
 * hundred and fifty options are drawn once, not again with every keystroke of their form.
 */
export const CountryOptions = memo(function CountryOptions({ first }: { first?: string | undefined }) {
  return countryOptions(first).map((option) => (
    <option key={option.code} value={option.code}>
      {option.name}
    </option>
  ));
});
