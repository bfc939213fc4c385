import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY_REGIONS, type TaxRate, taxRatesInputSchema, type TaxRatesInput } from '@shop/shared';
import { useId } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CountryOptions } from '@/components/ui/country-options';
import { DataTable } from '@/components/ui/data-table';
import { FieldMessage } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminSettingsCopy } from '../copy';

const copy = adminSettingsCopy.taxes;
const { columns } = copy;

export type TaxRatesValues = z.output<typeof taxRatesInputSchema>;
type Form = UseFormReturn<TaxRatesInput, unknown, TaxRatesValues>;

const EMPTY_ROW = { region: '', name: '', rate: Number.NaN, appliesToDelivery: false };
const inputOf = (rates: readonly TaxRate[]): TaxRatesInput => ({ rates: rates.map((rate) => ({ ...rate, region: rate.region ?? '' })) });

/** The tax rates as one editable table, saved whole: country, region where it has them, name, rate, whether delivery is taxed. */
export function TaxRatesForm({ rates, shopCountry, onSubmit }: { rates: readonly TaxRate[]; shopCountry: string | undefined; onSubmit: (values: TaxRatesValues) => Promise<SubmitOutcome> }) {
  const id = useId();
  const form = useServerForm<TaxRatesInput, TaxRatesValues>({
    resolver: zodResolver(taxRatesInputSchema),
    defaultValues: inputOf(rates),
    fields: { rates: 'rates' },
    lists: ['rates'],
    onSubmit,
    afterSave: (current) => current,
  });
  const rows = useFieldArray({ control: form.control, name: 'rates' });
  const listError = form.formState.errors.rates?.root?.message ?? form.formState.errors.rates?.message;
  const cellId = (index: number, name: string) => `${id}-${index}-${name}`;

  return (
    <ServerFormView id={id} form={form} heading={copy.heading} intro={copy.intro} submitLabel={copy.submit}>
      {rows.fields.length === 0 ? (
        <p className="text-base-content/80">{copy.none}</p>
      ) : (
        <DataTable
          label={copy.tableLabel}
          indexHeader={columns.index}
          rows={rows.fields.map((row, index) => ({ key: row.id, index }))}
          rowKey={(row) => row.key}
          rowTestId="tax-rate-row"
          fitsFrom="3xl"
          columns={[
            { header: columns.country, className: 'min-w-40', cell: ({ index }) => <CountryCell form={form} index={index} id={cellId(index, 'country')} shopCountry={shopCountry} /> },
            { header: columns.region, className: 'min-w-36', cell: ({ index }) => <RegionCell form={form} index={index} id={cellId(index, 'region')} /> },
            {
              header: columns.name,
              className: 'min-w-32',
              cell: ({ index }) => (
                <Cell form={form} index={index} id={cellId(index, 'name')} name="name">
                  {(props) => <input type="text" placeholder={copy.namePlaceholder} aria-label={copy.fieldOf(columns.name, index + 1)} {...props} {...form.register(`rates.${index}.name`)} />}
                </Cell>
              ),
            },
            {
              header: columns.rate,
              className: 'min-w-24',
              cell: ({ index }) => (
                <Cell form={form} index={index} id={cellId(index, 'rate')} name="rate">
                  {(props) => (
                    <input
                      type="number"
                      inputMode="decimal"
                      step="0.001"
                      min={0}
                      max={100}
                      aria-label={copy.fieldOf(columns.rate, index + 1)}
                      {...props}
                      {...form.register(`rates.${index}.rate`, { valueAsNumber: true })}
                    />
                  )}
                </Cell>
              ),
            },
            {
              header: columns.appliesToDelivery,
              cell: ({ index }) => (
                <input type="checkbox" className="checkbox" aria-label={copy.fieldOf(columns.appliesToDelivery, index + 1)} {...form.register(`rates.${index}.appliesToDelivery`)} />
              ),
            },
            {
              header: columns.actions,
              cell: ({ index }) => (
                <button type="button" className="btn btn-outline btn-sm" aria-label={copy.removeRate(index + 1)} onClick={() => rows.remove(index)}>
                  {copy.remove}
                </button>
              ),
            },
          ]}
        />
      )}
      {listError && <FieldMessage>{listError}</FieldMessage>}
      <button type="button" className="btn btn-outline self-start" onClick={() => rows.append({ ...EMPTY_ROW, country: shopCountry ?? 'US' })}>
        {copy.addRate}
      </button>
    </ServerFormView>
  );
}

type RowField = 'country' | 'region' | 'name' | 'rate';
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A row's control with its message under it. */
function Cell({ form, index, id, name, children }: { form: Form; index: number; id: string; name: RowField; children: (props: ControlProps) => React.ReactElement }) {
  const error = form.formState.errors.rates?.[index]?.[name]?.message;
  const kind = name === 'country' || name === 'region' ? 'select' : 'input';
  return (
    <div className="flex w-full flex-col gap-1">
      {children({ id, className: `${kind} w-full ${error ? `${kind}-error` : ''}`, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
    </div>
  );
}

function CountryCell({ form, index, id, shopCountry }: { form: Form; index: number; id: string; shopCountry: string | undefined }) {
  return (
    <Cell form={form} index={index} id={id} name="country">
      {(props) => (
        <select aria-label={copy.fieldOf(columns.country, index + 1)} {...props} {...form.register(`rates.${index}.country`, { onChange: () => form.setValue(`rates.${index}.region`, '') })}>
          <CountryOptions first={shopCountry} />
        </select>
      )}
    </Cell>
  );
}

/** A select of the country's regions where it has them; elsewhere a rate is for the whole country. */
function RegionCell({ form, index, id }: { form: Form; index: number; id: string }) {
  const country = useWatch({ control: form.control, name: `rates.${index}.country` });
  const regions = COUNTRY_REGIONS[country];
  if (!regions) return <span className="text-base-content/80">{copy.wholeCountry}</span>;
  return (
    <Cell form={form} index={index} id={id} name="region">
      {(props) => (
        <select aria-label={copy.fieldOf(columns.region, index + 1)} {...props} {...form.register(`rates.${index}.region`)}>
          <option value="">{copy.countryWide}</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      )}
    </Cell>
  );
}
