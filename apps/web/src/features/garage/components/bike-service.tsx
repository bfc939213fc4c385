import { zodResolver } from '@hookform/resolvers/zod';
import { bikeName, nextServiceText, odometerReadingInputSchema, serviceDoneInputSchema } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { setGarageReminders } from '@/api/garage/change-garage';
import { addOdometerReading, addServiceDone, removeOdometerEntry, type OdometerEntryPath } from '@/api/garage/change-odometer';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { type ServerForm, useServerForm } from '@/hooks/use-server-form';
import { refusedOutcome } from '@/lib/field-errors';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import type { Bike, BikeService as Service } from '@/stores/garage';
import { garageCopy } from '../copy';

const copy = garageCopy.service;

/** Typed km: digits, the thousands' commas and spaces a rider may type left out; empty is no number. */
const typedKm = (value: unknown) => {
  const text = String(value ?? '').replace(/[\s,]/g, '');
  return text === '' ? Number.NaN : Number(text);
};
const typedDay = (value: unknown) => (value === '' || value === undefined ? undefined : String(value));

/** Today in this browser, as the date inputs take it: a later day is refused by the shop anyway. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : copy.failed);

/**
 * A signed-in rider's bike's odometer (SPEC-3 section 5): where it stands, the next service,
 * 'Service due', 'Email me when a service is due', and, folded, the 'Odometer (km)' and
 * 'Service done' forms with the entries so far.
 */
export function BikeServicePanel({ bike, service }: { bike: Bike; service: Service }) {
  const name = bikeName(bike);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.garage });

  const saved = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      await refresh();
      toast.success(done);
      return { saved: true as const };
    } catch (error) {
      return refusedOutcome(error, copy.failed);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1 text-sm">
        {service.serviceDue && <span className="badge badge-warning self-start font-semibold">{copy.due}</span>}
        {service.nextService && <p className="font-medium">{nextServiceText(service.nextService)}</p>}
        {service.odometerKm !== null && service.odometerOn !== null && <p>{copy.odometerNow(service.odometerKm, service.odometerOn)}</p>}
        {service.kmPerDay !== null && <p>{copy.kmPerDay(service.kmPerDay)}</p>}
        {service.lastService && <p>{copy.lastService(service.lastService.km, service.lastService.doneOn)}</p>}
      </div>
      <RemindersToggle bike={bike} on={service.reminders} onChanged={refresh} />
      <details className="rounded-box border border-base-300">
        <summary className="cursor-pointer p-3 font-semibold">
          {copy.details}{' '}
          <span className="sr-only">{name}</span>
        </summary>
        <div className="grid gap-5 border-t border-base-300 p-3 sm:grid-cols-2">
          <ReadingForm bike={bike} onSave={(values) => saved(addOdometerReading(bike.id, values), copy.readingSaved)} />
          <ServiceForm bike={bike} onSave={(values) => saved(addServiceDone(bike.id, values), copy.serviceSaved)} />
          <EntryList
            bike={bike}
            heading={copy.readings}
            empty={copy.noReadings}
            entries={service.readings.map((reading) => ({ id: reading._id, km: reading.km, on: reading.readOn }))}
            path="readings"
            removed={copy.readingRemoved}
            onChanged={refresh}
          />
          <EntryList
            bike={bike}
            heading={copy.services}
            empty={copy.noServices}
            entries={service.services.map((done) => ({ id: done._id, km: done.km, on: done.doneOn }))}
            path="services"
            removed={copy.serviceRemoved}
            onChanged={refresh}
          />
        </div>
      </details>
    </div>
  );
}

/** For a visitor: what signing in adds to My Garage, and the way there and back. */
export function BikeServiceSignIn() {
  const location = useLocation();
  return (
    <p className="text-sm text-base-content/80">
      <Link to={paths.auth.signIn.getHref()} state={{ from: location }} className="link link-primary font-medium">
        {copy.signIn}
      </Link>{' '}
      {copy.signInNote}
    </p>
  );
}

function RemindersToggle({ bike, on, onChanged }: { bike: Bike; on: boolean; onChanged: () => Promise<void> }) {
  const [saving, setSaving] = useState(false);
  const id = `${bike.id}-reminders`;
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await setGarageReminders(bike.id, next);
      await onChanged();
      toast.success(next ? copy.remindersOn(bikeName(bike)) : copy.remindersOff(bikeName(bike)));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-3 self-start">
      <input id={id} type="checkbox" className="checkbox checkbox-primary" checked={on} disabled={saving} aria-busy={saving} onChange={(event) => void change(event.target.checked)} />
      <span>{copy.reminders}</span>
    </label>
  );
}

type ReadingInput = z.input<typeof odometerReadingInputSchema>;
type ReadingValues = z.output<typeof odometerReadingInputSchema>;
type ServiceInput = z.input<typeof serviceDoneInputSchema>;
type ServiceValues = z.output<typeof serviceDoneInputSchema>;
type Saved = Promise<{ saved: true } | ReturnType<typeof refusedOutcome>>;

function ReadingForm({ bike, onSave }: { bike: Bike; onSave: (values: ReadingValues) => Saved }) {
  const form = useServerForm<ReadingInput, ReadingValues>({
    resolver: zodResolver(odometerReadingInputSchema),
    defaultValues: {},
    fields: { km: 'km', readOn: 'readOn' },
    onSubmit: onSave,
  });
  const id = `${bike.id}-reading`;
  return (
    <EntryForm id={id} heading={copy.odometer} bike={bike} form={form} submitLabel={copy.saveReading}>
      <FormField id={`${id}-km`} label={copy.odometer} error={form.formState.errors.km?.message}>
        {(props) => <input type="text" inputMode="numeric" autoComplete="off" {...props} {...form.register('km', { setValueAs: typedKm })} />}
      </FormField>
      <FormField id={`${id}-on`} label={copy.readOn} hint={copy.readOnHint} error={form.formState.errors.readOn?.message}>
        {(props) => <input type="date" max={today()} {...props} {...form.register('readOn', { setValueAs: typedDay })} />}
      </FormField>
    </EntryForm>
  );
}

function ServiceForm({ bike, onSave }: { bike: Bike; onSave: (values: ServiceValues) => Saved }) {
  const form = useServerForm<ServiceInput, ServiceValues>({
    resolver: zodResolver(serviceDoneInputSchema),
    defaultValues: {},
    fields: { doneOn: 'doneOn', km: 'km' },
    onSubmit: onSave,
  });
  const id = `${bike.id}-service`;
  return (
    <EntryForm id={id} heading={copy.serviceDone} bike={bike} form={form} submitLabel={copy.saveService}>
      <FormField id={`${id}-on`} label={copy.doneOn} error={form.formState.errors.doneOn?.message}>
        {(props) => <input type="date" max={today()} {...props} {...form.register('doneOn', { setValueAs: typedDay })} />}
      </FormField>
      <FormField id={`${id}-km`} label={copy.serviceKm} error={form.formState.errors.km?.message}>
        {(props) => <input type="text" inputMode="numeric" autoComplete="off" {...props} {...form.register('km', { setValueAs: typedKm })} />}
      </FormField>
    </EntryForm>
  );
}

function EntryForm<TInput extends ReadingInput | ServiceInput, TValues>({
  id,
  heading,
  bike,
  form,
  submitLabel,
  children,
}: {
  id: string;
  heading: string;
  bike: Bike;
  form: ServerForm<TInput, TValues>;
  submitLabel: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <form noValidate onSubmit={form.submit} aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {heading}{' '}
        <span className="sr-only">{bikeName(bike)}</span>
      </h3>
      {children}
      {form.formError && <FieldMessage alert>{form.formError}</FieldMessage>}
      <SubmitButton busy={form.formState.isSubmitting} className="self-start">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

interface Entry {
  id: string;
  km: number;
  on: string;
}

function EntryList({
  bike,
  heading,
  empty,
  entries,
  path,
  removed,
  onChanged,
}: {
  bike: Bike;
  heading: string;
  empty: string;
  entries: Entry[];
  path: OdometerEntryPath;
  removed: string;
  onChanged: () => Promise<void>;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (entry: Entry) => {
    setRemoving(entry.id);
    try {
      await removeOdometerEntry(bike.id, path, entry.id);
      await onChanged();
      toast.success(removed);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setRemoving(null);
    }
  };
  const headingId = `${bike.id}-${path}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        {heading}{' '}
        <span className="sr-only">{bikeName(bike)}</span>
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-base-content/70">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 py-1">
              <span>{copy.entry(entry.km, entry.on)}</span>
              <button type="button" className="btn btn-ghost btn-xs text-red-700" disabled={removing === entry.id} onClick={() => void remove(entry)}>
                {copy.remove}{' '}
                <span className="sr-only">{copy.entry(entry.km, entry.on)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
