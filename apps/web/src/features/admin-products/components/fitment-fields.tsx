import { useQueryClient } from '@tanstack/react-query';
import { type FieldValues, type Resolver, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useMakes, useModels, useYears } from '@/api/vehicles/get-vehicle-choices';
import { FormField } from '@/components/ui/form-field';
import { queryKeys } from '@/lib/query-keys';
import { adminProductsCopy } from '../copy';

const copy = adminProductsCopy.fitment;

interface FitmentRowInput {
  make: string;
  model: string;
  yearFrom?: string | number | null | undefined;
  yearTo?: string | number | null | undefined;
  note?: string | undefined;
}
/** The part of a product form the Fitment section fills in. */
export interface FitmentFormValues {
  fitment?: { universal?: boolean | undefined; vehicles?: FitmentRowInput[] | undefined } | undefined;
}

export const EMPTY_FITMENT = { universal: false, vehicles: [] };

type YearField = 'yearFrom' | 'yearTo';
interface YearProblem {
  index: number;
  field: YearField;
  message: string;
}

/** A row's year as typed, when it is a whole number. */
const typedYear = (value: unknown): number | undefined => {
  const year = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof year === 'number' && Number.isInteger(year) ? year : undefined;
};

/**
 * The rows' years that lie outside the years their model was made, each named for what is wrong
 * ('first made in 2013'); `yearsOf` answers a model's years once they have been asked for.
 */
function fitmentYearProblems(rows: readonly FitmentRowInput[], yearsOf: (make: string, model: string) => readonly number[] | undefined): YearProblem[] {
  return rows.flatMap((row, index) => {
    const years = row.make && row.model ? yearsOf(row.make, row.model) : undefined;
    if (!years || years.length === 0) return [];
    const first = Math.min(...years);
    const last = Math.max(...years);
    return (['yearFrom', 'yearTo'] as const).flatMap((field) => {
      const year = typedYear(row[field]);
      if (year === undefined) return [];
      if (year < first) return [{ index, field, message: copy.madeFrom(row.make, row.model, first) }];
      if (year > last) return [{ index, field, message: copy.madeUntil(row.make, row.model, last) }];
      return [];
    });
  });
}

/**
 * The form's own checks, then the fitment rows' years against the years each model was made (as
 * the Fitment section has loaded them). Such a message names the real problem, so it takes the
 * place of the general one about years.
 */
export function useFitmentYearChecks<Input extends FieldValues, Values>(resolver: Resolver<Input, unknown, Values>): Resolver<Input, unknown, Values> {
  const queryClient = useQueryClient();
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const { fitment } = values as FitmentFormValues;
    const problems = fitmentYearProblems(fitment?.universal ? [] : (fitment?.vehicles ?? []), (make, model) =>
      queryClient.getQueryData<number[]>(queryKeys.vehicles.years(make, model)),
    );
    if (problems.length === 0) return result;
    const errors = result.errors as Record<string, unknown> & { fitment?: { vehicles?: Record<string, unknown>[] } };
    // The rows' messages so far (an array, or an object keyed by row), each problem added to its row's.
    const rows: Record<string, unknown>[] = Object.assign([], errors.fitment?.vehicles);
    for (const { index, field, message } of problems) rows[index] = { ...rows[index], [field]: { type: 'years', message } };
    return { values: {}, errors: { ...errors, fitment: { ...errors.fitment, vehicles: rows } } } as unknown as Awaited<ReturnType<Resolver<Input, unknown, Values>>>;
  };
}

const EMPTY_ROW: FitmentRowInput = { make: '', model: '', yearFrom: '', yearTo: '', note: '' };

/**
 * The Fitment section of Add and Update Product (SPEC-2 section 3): 'Universal part', and rows
 * of Make, Model, Year from, Year to and Note; makes and models are chosen from the shop's.
 */
export function FitmentFields({ form, idPrefix }: { form: UseFormReturn<FitmentFormValues, unknown, unknown>; idPrefix: string }) {
  const rows = useFieldArray({ control: form.control, name: 'fitment.vehicles' });
  const universal = useWatch({ control: form.control, name: 'fitment.universal' });
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-lg font-semibold">{copy.heading}</legend>
      <p className="text-sm text-base-content/80">{copy.intro}</p>
      <label className="flex cursor-pointer items-center gap-3">
        <input type="checkbox" className="checkbox" {...form.register('fitment.universal')} />
        <span className="font-medium">{copy.universal}</span>
        <span className="text-sm text-base-content/80">{copy.universalHint}</span>
      </label>
      {!universal && (
        <>
          {rows.fields.length === 0 && <p className="text-sm text-base-content/80">{copy.none}</p>}
          <ol aria-label={copy.rowsLabel} className="flex flex-col gap-3">
            {rows.fields.map((row, index) => (
              <FitmentRow key={row.id} form={form} index={index} idPrefix={`${idPrefix}-fitment-${index}`} onRemove={() => rows.remove(index)} />
            ))}
          </ol>
          <button type="button" className="btn btn-outline self-start" onClick={() => rows.append({ ...EMPTY_ROW })}>
            {copy.addRow}
          </button>
        </>
      )}
    </fieldset>
  );
}

function FitmentRow({
  form,
  index,
  idPrefix,
  onRemove,
}: {
  form: UseFormReturn<FitmentFormValues, unknown, unknown>;
  index: number;
  idPrefix: string;
  onRemove: () => void;
}) {
  const make = useWatch({ control: form.control, name: `fitment.vehicles.${index}.make` }) ?? '';
  const makes = useMakes();
  const models = useModels(make);
  const errors = form.formState.errors.fitment?.vehicles?.[index];
  const current = useWatch({ control: form.control, name: `fitment.vehicles.${index}.model` }) ?? '';
  // The model's years, which the form checks the row's years against.
  useYears(make, current);
  // A row's own make and model stay choosable while the lists load.
  const makeOptions = [...new Set([...(make ? [make] : []), ...(makes.data ?? [])])];
  const modelOptions = [...new Set([...(current ? [current] : []), ...(models.data ?? [])])];
  return (
    <li className="grid grid-cols-2 items-start gap-3 rounded-box bg-base-200/50 p-3 sm:grid-cols-[1fr_1fr_6rem_6rem_1fr_auto]">
      <FormField id={`${idPrefix}-make`} kind="select" label={copy.make} error={errors?.make?.message}>
        {(props) => (
          <select {...props} {...form.register(`fitment.vehicles.${index}.make`, { onChange: () => form.setValue(`fitment.vehicles.${index}.model`, '') })}>
            <option value="">{copy.chooseMake}</option>
            {makeOptions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-model`} kind="select" label={copy.model} error={errors?.model?.message}>
        {(props) => (
          <select {...props} disabled={!make} {...form.register(`fitment.vehicles.${index}.model`)}>
            <option value="">{copy.chooseModel}</option>
            {modelOptions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-year-from`} label={copy.yearFrom} error={errors?.yearFrom?.message}>
        {(props) => <input type="number" inputMode="numeric" {...props} {...form.register(`fitment.vehicles.${index}.yearFrom`)} />}
      </FormField>
      <FormField id={`${idPrefix}-year-to`} label={copy.yearTo} error={errors?.yearTo?.message}>
        {(props) => <input type="number" inputMode="numeric" {...props} {...form.register(`fitment.vehicles.${index}.yearTo`)} />}
      </FormField>
      <FormField id={`${idPrefix}-note`} label={copy.note} error={errors?.note?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...form.register(`fitment.vehicles.${index}.note`)} />}
      </FormField>
      <button type="button" className="btn btn-ghost btn-sm mt-8 text-red-700" aria-label={copy.removeRow(index + 1)} onClick={onRemove}>
        {copy.remove}
      </button>
    </li>
  );
}
