import { zodResolver } from '@hookform/resolvers/zod';
import { type ShopSettings, type ShopSettingsInput, shopSettingsSchema } from '@shop/shared';
import { memo, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CountryOptions } from '@/components/ui/country-options';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminSettingsCopy } from '../copy';

const copy = adminSettingsCopy.settings;
const fieldCopy = copy.fields;

const FIELDS = {
  shopName: 'shopName',
  shopAddress: 'shopAddress',
  taxId: 'taxId',
  country: 'country',
  pricesIncludeTax: 'pricesIncludeTax',
  cutoff: 'cutoff',
  timeZone: 'timeZone',
  holidays: 'holidays',
  returnWindowDays: 'returnWindowDays',
} as const;

let zones: string[] | undefined;
/** The runtime's IANA time zones, the saved one first when the runtime does not list it (an old alias); drawn once per form. */
const TimeZoneOptions = memo(function TimeZoneOptions({ saved }: { saved: string }) {
  zones ??= Intl.supportedValuesOf('timeZone');
  return (zones.includes(saved) ? zones : [saved, ...zones]).map((zone) => (
    <option key={zone} value={zone}>
      {zone}
    </option>
  ));
});

/** Every setting of the shop (SPEC-3 section 1), saved at once. */
export function SettingsForm({ settings, onSubmit }: { settings: ShopSettings; onSubmit: (values: ShopSettings) => Promise<SubmitOutcome> }) {
  const id = useId();
  const form = useServerForm<ShopSettingsInput, ShopSettings>({
    resolver: zodResolver(shopSettingsSchema),
    defaultValues: settings,
    fields: FIELDS,
    lists: ['holidays'],
    onSubmit,
    afterSave: (current) => current,
  });
  const { errors } = form.formState;
  const field = (name: keyof typeof FIELDS) => `${id}-${name}`;
  const holidays = useWatch({ control: form.control, name: 'holidays' });
  const [newHoliday, setNewHoliday] = useState('');
  const setHolidays = (dates: string[]) => form.setValue('holidays', dates, { shouldDirty: true });
  const addHoliday = () => {
    if (!newHoliday) return;
    setHolidays([...new Set([...holidays, newHoliday])].sort());
    setNewHoliday('');
  };
  const holidayErrors = Array.isArray(errors.holidays) ? (errors.holidays as ({ message?: string } | undefined)[]) : [];

  return (
    <ServerFormView id={id} form={form} heading={copy.heading} intro={copy.intro} submitLabel={copy.submit}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <FormField id={field('shopName')} label={fieldCopy.shopName} error={errors.shopName?.message}>
          {(props) => <input type="text" autoComplete="organization" {...props} {...form.register('shopName')} />}
        </FormField>
        <FormField id={field('taxId')} label={fieldCopy.taxId} error={errors.taxId?.message}>
          {(props) => <input type="text" autoComplete="off" {...props} {...form.register('taxId')} />}
        </FormField>
        <FormField id={field('shopAddress')} kind="textarea" label={fieldCopy.shopAddress} error={errors.shopAddress?.message} className="md:col-span-2">
          {(props) => <textarea rows={3} autoComplete="street-address" {...props} {...form.register('shopAddress')} />}
        </FormField>
        <FormField id={field('country')} kind="select" label={fieldCopy.country} error={errors.country?.message}>
          {(props) => (
            <select {...props} {...form.register('country')}>
              <CountryOptions first={settings.country} />
            </select>
          )}
        </FormField>
        <FormField id={field('timeZone')} kind="select" label={fieldCopy.timeZone} error={errors.timeZone?.message}>
          {(props) => (
            <select {...props} {...form.register('timeZone')}>
              <TimeZoneOptions saved={settings.timeZone} />
            </select>
          )}
        </FormField>
        <FormField id={field('cutoff')} label={fieldCopy.cutoff} hint={fieldCopy.cutoffHint} error={errors.cutoff?.message}>
          {(props) => <input type="time" {...props} {...form.register('cutoff')} />}
        </FormField>
        <FormField id={field('returnWindowDays')} label={fieldCopy.returnWindowDays} error={errors.returnWindowDays?.message}>
          {(props) => <input type="number" inputMode="numeric" min={0} max={365} {...props} {...form.register('returnWindowDays', { valueAsNumber: true })} />}
        </FormField>
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <label className="flex cursor-pointer items-center gap-3">
            <input type="checkbox" className="checkbox" aria-describedby={`${field('pricesIncludeTax')}-hint`} {...form.register('pricesIncludeTax')} />
            <span className="font-medium">{fieldCopy.pricesIncludeTax}</span>
          </label>
          <p id={`${field('pricesIncludeTax')}-hint`} className="text-sm text-base-content/80">
            {fieldCopy.pricesIncludeTaxHint}
          </p>
          {errors.pricesIncludeTax?.message && <FieldMessage>{errors.pricesIncludeTax.message}</FieldMessage>}
        </div>
      </div>
      <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4" aria-describedby={`${field('holidays')}-hint`}>
        <legend className="px-1 text-lg font-semibold">{fieldCopy.holidays}</legend>
        <p id={`${field('holidays')}-hint`} className="text-sm text-base-content/80">
          {fieldCopy.holidaysHint}
        </p>
        {holidays.length === 0 ? (
          <p className="text-sm text-base-content/80">{fieldCopy.noHolidays}</p>
        ) : (
          <ul aria-label={fieldCopy.holidays} className="flex flex-wrap gap-2">
            {holidays.map((date, index) => (
              <li key={date} className="flex flex-col gap-1">
                <span className="flex items-center gap-2 rounded-box bg-base-200 py-1 pr-1 pl-3 tabular-nums">
                  {date}
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={fieldCopy.removeHoliday(date)} onClick={() => setHolidays(holidays.filter((kept) => kept !== date))}>
                    {fieldCopy.remove}
                  </button>
                </span>
                {holidayErrors[index]?.message && <FieldMessage>{holidayErrors[index].message}</FieldMessage>}
              </li>
            ))}
          </ul>
        )}
        {!Array.isArray(errors.holidays) && errors.holidays?.message && <FieldMessage>{errors.holidays.message}</FieldMessage>}
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={field('holidays')} className="font-medium">
              {fieldCopy.newHoliday}
            </label>
            <input
              id={field('holidays')}
              type="date"
              className="input"
              value={newHoliday}
              onChange={(event) => setNewHoliday(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                addHoliday();
              }}
            />
          </div>
          <button type="button" className="btn btn-outline" onClick={addHoliday}>
            {fieldCopy.addHoliday}
          </button>
        </div>
      </fieldset>
    </ServerFormView>
  );
}
