import { type Product, SEARCH_TEXT_MAX } from '@shop/shared';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { getSearch } from '@/api/search/get-search';
import type { FieldControlProps } from '@/components/ui/form-field';
import { queryKeys } from '@/lib/query-keys';
import { formatPrice } from '@/utils/format';

/** The picker's words. */
export const partPickerCopy = {
  placeholder: 'Type to find a part',
  listLabel: 'Parts found',
  searching: 'Looking for parts…',
  failed: 'The parts could not be searched. Type again to retry.',
  none: (text: string, filtered: boolean) => (text ? `No part ${filtered ? 'that fits ' : ''}matches "${text}"` : filtered ? 'No part fits it yet' : 'The shop has no parts yet'),
  inStock: (pieces: number) => `${pieces.toLocaleString('en-US')} in stock`,
  outOfStock: 'Out of stock',
} as const;

/** A part as a form holds it once picked. */
export interface PickedPart {
  productId: string;
  name: string;
}

/** A bike as the catalogue's bike filter takes it. */
export interface PickerBike {
  vehicle: string;
  year: number;
}

const SETTLE_MS = 250;
const SHOWN = 8;

export interface PartPickerProps {
  /** FormField's id, classes and descriptions, so the field's label and message belong to the picker's box. */
  control: FieldControlProps;
  /** The box itself, e.g. for a form to focus it when its part is refused. */
  inputRef?: Ref<HTMLInputElement>;
  /** The part picked, if any: the box shows its name whenever nothing else is being typed. */
  value: PickedPart | null;
  onPick: (part: PickedPart) => void;
  /**
   * The catalogue's bike filter: only the parts that fit one of these bikes or every bike are
   * offered (one search per bike, the answers joined). None: the whole catalogue.
   */
  bikes?: readonly PickerBike[];
  onBlur?: () => void;
}

/**
 * A search box that picks one part of the catalogue (the WAI-ARIA combobox with a list): typing
 * searches the shop's parts by name, brand or part number, arrows and Enter or a click pick one,
 * Escape closes the list. Clicked (or ArrowDown) before typing, it lists the first parts the filter keeps.
 */
export function PartPicker({ control, inputRef, value, onPick, bikes = [], onBlur }: PartPickerProps) {
  const listId = useId();
  // What the admin typed since the last pick, if anything: the box shows the picked part's name otherwise.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? value?.name ?? '';
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const wanted = typed?.trim() ?? '';
    if (wanted === query) return;
    const timer = setTimeout(() => {
      setQuery(wanted);
      setActive(-1);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, query]);

  const searches = (bikes.length > 0 ? bikes : [null]).map((bike) => ({
    q: query,
    size: String(SHOWN),
    ...(bike ? { vehicle: bike.vehicle, year: String(bike.year) } : {}),
  }));
  const answers = useQueries({
    queries: searches.map((params) => ({
      queryKey: queryKeys.products.search(params),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSearch(params, { signal }),
      enabled: open,
      staleTime: 30_000,
      // The list stays while the next text's answer comes, so it does not flash empty at each key.
      placeholderData: keepPreviousData,
    })),
  });
  const parts = joinAnswers(answers.map((answer) => answer.data?.products ?? []));
  const loading = answers.some((answer) => answer.isPending && answer.fetchStatus !== 'idle');
  const failed = answers.some((answer) => answer.isError);

  const pick = (part: Product) => {
    onPick({ productId: part._id, name: part.name });
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setTyped(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (parts.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + parts.length) % parts.length);
    } else if (event.key === 'Enter') {
      // Enter picks from the list; it never sends the form the box is in.
      event.preventDefault();
      const part = parts[active];
      if (open && part) pick(part);
    } else if (event.key === 'Escape' && open) {
      // Only the list closes, not the dialog the picker may be in.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const status = loading ? partPickerCopy.searching : failed ? partPickerCopy.failed : parts.length === 0 ? partPickerCopy.none(query, bikes.length > 0) : null;
  return (
    <div className="relative">
      <input
        {...control}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={partPickerCopy.placeholder}
        title={value?.name}
        maxLength={SEARCH_TEXT_MAX}
        value={text}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
        }}
        // Focus alone (a tab, or the form pointing at the field's message) leaves the list closed.
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      <div
        className={`absolute inset-x-0 top-full z-10 mt-1 max-h-72 overflow-y-auto rounded-box border border-base-300 bg-base-100 shadow-lg ${open ? '' : 'hidden'}`}
        // A press on the list must not take the focus from the box before the pick.
        onMouseDown={(event) => event.preventDefault()}
      >
        {open && status && (
          <p role="status" className="px-3 py-2 text-sm text-base-content/80">
            {status}
          </p>
        )}
        <ul id={listId} role="listbox" aria-label={partPickerCopy.listLabel} className="flex flex-col">
          {open &&
            parts.map((part, index) => (
              <li
                key={part._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`flex cursor-pointer flex-col gap-0.5 px-3 py-2 ${index === active ? 'bg-base-200' : 'hover:bg-base-200'}`}
                onClick={() => pick(part)}
                onMouseEnter={() => setActive(index)}
              >
                <span className="font-medium wrap-anywhere">{part.name}</span>
                <span className="text-sm text-base-content/80 wrap-anywhere">
                  {[part.brand, part.partNumber, formatPrice(part.price), part.quantity < part.minimum ? partPickerCopy.outOfStock : partPickerCopy.inStock(part.quantity)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}

/** The searches' answers as one list: each part once, in the order the answers found them, the first few. */
function joinAnswers(lists: readonly Product[][]): Product[] {
  const seen = new Set<string>();
  const joined: Product[] = [];
  for (const list of lists) {
    for (const part of list) {
      if (seen.has(part._id)) continue;
      seen.add(part._id);
      joined.push(part);
    }
  }
  return joined.slice(0, SHOWN);
}
