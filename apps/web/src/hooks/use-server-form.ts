import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { applyFieldErrors, type SubmitOutcome } from '@/lib/field-errors';

interface ServerFormOptions<TInput extends FieldValues, TValues> {
  resolver: Resolver<TInput, unknown, TValues>;
  defaultValues: DefaultValues<TInput>;
  /** The API's field names mapped to the form's, so the shop's messages land under their fields. */
  fields: Readonly<Record<string, Path<TInput>>>;
  /** Lists of rows whose messages the shop names by row (`fitment.vehicles.2.model`), kept under the same names in the form. */
  lists?: readonly string[];
  /** Saves the checked values; the page says how it went. */
  onSubmit: (values: TValues) => Promise<SubmitOutcome>;
  /** What the form holds once saved: by default it starts again from its defaults. */
  afterSave?: (current: TInput) => TInput;
}

export interface ServerForm<TInput extends FieldValues, TValues> extends UseFormReturn<TInput, unknown, TValues> {
  /** The form's submit handler. */
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The shop's reason when it refused the form and no field explains it. */
  formError: string | null;
}

/**
 * A form the shop checks again on saving: the shop's field messages go under their fields, any
 * other reason under the form, and a saved form starts over (its file inputs emptied too).
 */
export function useServerForm<TInput extends FieldValues, TValues>({
  resolver,
  defaultValues,
  fields,
  lists = [],
  onSubmit,
  afterSave,
}: ServerFormOptions<TInput, TValues>): ServerForm<TInput, TValues> {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TValues>({ resolver, defaultValues });

  const submit = form.handleSubmit(async (values, event) => {
    const element = event?.target instanceof HTMLFormElement ? event.target : null;
    setFormError(null);
    const outcome = await onSubmit(values);
    if (!outcome.saved) {
      if (!applyFieldErrors(outcome.fieldErrors, form.setError, fields, lists)) setFormError(outcome.message ?? null);
      return;
    }
    if (afterSave) form.reset(afterSave(form.getValues()));
    else form.reset(defaultValues);
    // A file input keeps showing its file until its own value is cleared.
    for (const input of element?.querySelectorAll('input[type="file"]') ?? []) {
      if (input instanceof HTMLInputElement) input.value = '';
    }
  });

  return { ...form, submit, formError };
}
