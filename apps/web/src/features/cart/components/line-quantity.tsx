import { type CartLine, orderableQuantity, readQuantity } from '@shop/shared';
import { useId, useState } from 'react';
import { cartCopy as copy } from '../copy';

interface LineQuantityProps {
  line: CartLine;
  /** What the shop says stands between this line and its order (below the minimum, above the stock, gone). */
  problem: string | null;
  disabled: boolean;
  onChange: (quantity: number) => Promise<void>;
}

/**
 * A line's quantity: saved when the field is left or Enter is pressed, with the line's message
 * under it, the stock when it asks for more, and the quantity that would do, one press away.
 */
export function LineQuantity({ line, problem, disabled, onChange }: LineQuantityProps) {
  const id = useId();
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  // The cart changed elsewhere (another tab, the join at sign-in): the field follows.
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setText(String(line.quantity));
  }

  const save = () => {
    const typed = readQuantity(text);
    if ('error' in typed) {
      setError(typed.error);
      return;
    }
    setError(null);
    if (typed.quantity !== line.quantity) void onChange(typed.quantity);
  };

  const message = error ?? problem;
  const messageId = message ? `${id}-message` : undefined;
  const stockNote = error === null && line.problem === 'not-available' && line.available > 0 ? copy.onlyInStock(line.available) : null;
  const orderable = error === null && line.problem !== 'gone' ? orderableQuantity(line.quantity, line) : null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {copy.quantityFor(line.name)}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={text}
        disabled={disabled || line.problem === 'gone'}
        aria-invalid={message !== null}
        aria-describedby={messageId}
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
        className={`input input-sm w-24 ${message ? 'input-error' : ''}`}
      />
      {message && (
        <p id={messageId} className="text-sm font-medium text-red-700">
          {message}
          {stockNote && <span className="block">{stockNote}</span>}
        </p>
      )}
      {orderable !== null && (
        <button type="button" className="btn btn-outline btn-xs self-start" disabled={disabled} onClick={() => void onChange(orderable)}>
          {copy.setTo(orderable)}{' '}
          <span className="sr-only"> {copy.setToPart(line.name)}</span>
        </button>
      )}
    </div>
  );
}
