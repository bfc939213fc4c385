import { useEffect, useState } from 'react';
import { SearchIcon } from './icons';

const SETTLE_MS = 300;

interface TableSearchProps {
  /** The box's accessible name, e.g. 'Search orders'. */
  label: string;
  placeholder: string;
  /** The search in effect (from the address). */
  value: string;
  /** Called once typing pauses, or at once on Enter. */
  onSearch: (q: string) => void;
  maxLength?: number;
}

/** The search box above an admin table: the table is filtered on the server by what is typed. */
export function TableSearch(props: TableSearchProps) {
  // A search changed from outside (Back, a link) starts the box afresh from it.
  return <TableSearchBox key={props.value} {...props} />;
}

function TableSearchBox({ label, placeholder, value, onSearch, maxLength = 100 }: TableSearchProps) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      role="search"
      className="w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="input w-full">
        <SearchIcon className="size-4 opacity-60" />
        <input type="search" aria-label={label} placeholder={placeholder} maxLength={maxLength} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
    </form>
  );
}
