import { useId, useState } from 'react';

/** SPEC-3 section 2's words for the field; the messages come from the shop. */
export const discountCodeFieldCopy = {
  label: 'Discount code',
  apply: 'Apply',
  applying: 'Applying',
} as const;

export interface DiscountCodeFieldProps {
  /** Called with the code as typed, trimmed, on 'Apply' or Enter; the page asks the shop. */
  onApply: (code: string) => void | Promise<void>;
  /** What the shop said of the code last applied: 'Code SPRING10 applied', or why not. */
  message?: { text: string; applied: boolean } | null;
  /** The code the page holds already (e.g. applied before a reload). */
  defaultCode?: string;
  /** While the page waits for the shop's answer. */
  busy?: boolean;
}

/**
 * The 'Discount code' box with its 'Apply' button, for the cart, the purchase page and checkout.
 * It is not a form of its own, since it sits inside the page's order form: Enter applies the
 * code instead of placing the order. The message is announced as it changes.
 */
export function DiscountCodeField({ onApply, message = null, defaultCode = '', busy = false }: DiscountCodeFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const [code, setCode] = useState(defaultCode);
  const [applying, setApplying] = useState(false);
  const waiting = busy || applying;

  const apply = async () => {
    if (waiting) return;
    setApplying(true);
    try {
      await onApply(code.trim());
    } finally {
      setApplying(false);
    }
  };

  const refused = message !== null && !message.applied;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {discountCodeFieldCopy.label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          className={`input w-full min-w-0 ${refused ? 'input-error' : ''}`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={code}
          aria-invalid={refused}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void apply();
          }}
        />
        <button type="button" className="btn btn-outline shrink-0" aria-busy={waiting} onClick={() => void apply()}>
          {waiting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {discountCodeFieldCopy.apply}
          {waiting && <span className="sr-only">{`, ${discountCodeFieldCopy.applying}`}</span>}
        </button>
      </div>
      {/* Always in the page, so a screen reader hears each new message. */}
      <p id={messageId} role="status" className={`min-h-5 text-sm font-medium wrap-anywhere ${refused ? 'text-red-700' : 'text-green-800'}`}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}
