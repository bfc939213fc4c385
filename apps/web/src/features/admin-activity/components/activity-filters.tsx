import { ACTIVITY_ACTION_NAMES, ACTIVITY_ACTIONS, ACTIVITY_PERSON_MAX } from '@shop/shared';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { activityCopy } from '../copy';

const copy = activityCopy.filters;

/** The filters the form sets; '' for none. */
export interface ActivityFilterValues {
  person: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilterValues = { person: '', action: '', from: '', to: '' };

interface ActivityFiltersProps {
  /** The filters in effect (from the address). */
  value: ActivityFilterValues;
  onApply: (next: ActivityFilterValues) => void;
  /** The shop's reasons for refusing a filter, by the filter's name. */
  errors: Partial<Record<keyof ActivityFilterValues, string>>;
}

/** Person, action and days: applied together, so a range is not asked for half typed. */
export function ActivityFilters(props: ActivityFiltersProps) {
  // Filters changed from outside (Back, 'Clear filters') start the form afresh from them.
  return <FiltersForm key={JSON.stringify(props.value)} {...props} />;
}

function FiltersForm({ value, onApply, errors }: ActivityFiltersProps) {
  const [draft, setDraft] = useState(value);
  const change = (name: keyof ActivityFilterValues) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form
      aria-label={copy.label}
      className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, person: draft.person.trim() });
      }}
    >
      <FormField id="activity-person" label={copy.person} error={errors.person}>
        {(props) => <input {...props} type="search" placeholder={copy.personPlaceholder} maxLength={ACTIVITY_PERSON_MAX + 50} {...change('person')} />}
      </FormField>
      <FormField id="activity-action" kind="select" label={copy.action} error={errors.action}>
        {(props) => (
          <select {...props} {...change('action')}>
            <option value="">{copy.anyAction}</option>
            {ACTIVITY_ACTION_NAMES.map((action) => (
              <option key={action} value={action}>
                {ACTIVITY_ACTIONS[action]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="activity-from" label={copy.from} error={errors.from}>
        {(props) => <input {...props} type="date" {...change('from')} />}
      </FormField>
      <FormField id="activity-to" label={copy.to} error={errors.to}>
        {(props) => <input {...props} type="date" {...change('to')} />}
      </FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2 xl:col-span-4">
        <button type="submit" className="btn btn-primary">
          {copy.apply}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => onApply(NO_FILTERS)}>
          {copy.clear}
        </button>
      </div>
    </form>
  );
}
