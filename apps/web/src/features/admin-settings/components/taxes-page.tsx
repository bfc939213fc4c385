import { useSettings } from '@/api/settings/get-settings';
import { useTaxRates } from '@/api/taxes/get-tax-rates';
import { useSaveTaxRates } from '@/api/taxes/save-tax-rates';
import { FormCard } from '@/components/ui/form-card';
import { QueryView } from '@/components/ui/query-view';
import { toastedSave } from '@/lib/toasted-save';
import { adminSettingsCopy } from '../copy';
import { TaxRatesForm } from './tax-rates-form';

const copy = adminSettingsCopy.taxes;

/** /dashbord/taxes: the shop's tax rates, saved whole. */
export function TaxesPage() {
  const rates = useTaxRates();
  // The shop's own country heads the country lists, and is the country of a new row.
  const settings = useSettings();
  const save = useSaveTaxRates();
  return (
    <FormCard>
      <title>{copy.documentTitle}</title>
      <QueryView query={rates} copy={copy}>
        {(current) => (
          <TaxRatesForm
            rates={current.rates}
            shopCountry={settings.data?.country}
            onSubmit={(values) =>
              toastedSave({ done: copy.saved, failed: copy.failed }, async () => {
                await save.mutateAsync(values);
                return true;
              })
            }
          />
        )}
      </QueryView>
    </FormCard>
  );
}
