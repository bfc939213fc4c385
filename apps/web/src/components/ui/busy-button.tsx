import type { ButtonHTMLAttributes } from 'react';

/** Outline in red-700 for actions that remove something: the theme's error colour is too light for text on white. */
export const DANGER_OUTLINE = 'btn-outline border-red-700 text-red-700 hover:bg-red-700 hover:text-white';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Its action is under way: a spinner shows and presses are ignored. */
  busy: boolean;
}

/** A small button for an action on one row of a table. */
export function BusyButton({ busy, disabled, className = '', children, ...props }: BusyButtonProps) {
  return (
    <button type="button" className={`btn btn-sm ${className}`} disabled={disabled || busy} aria-busy={busy} {...props}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  );
}
