/** What a status filter says: its label, its 'every status' option, and each status's name. */
export interface StatusFilterCopy<Status extends string> {
  label: string;
  all: string;
  options: Record<Status, string>;
}

interface StatusFilterProps<Status extends string> {
  statuses: readonly Status[];
  copy: StatusFilterCopy<Status>;
  /** The status shown, or undefined for all. */
  value: Status | undefined;
  /** The option chosen: a status, or '' for all. */
  onChange: (value: string) => void;
}

/** An admin table's status filter: every status, or one. */
export function StatusFilter<Status extends string>({ statuses, copy, value, onChange }: StatusFilterProps<Status>) {
  return (
    <label className="flex flex-col gap-1.5">
      <span className="font-medium">{copy.label}</span>
      <select className="select w-56" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{copy.all}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {copy.options[status]}
          </option>
        ))}
      </select>
    </label>
  );
}
