import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is being sent: a spinner shows and presses are ignored. */
  busy: boolean;
  /** Width and placement; by default at the form's start, at least a comfortable width. */
  className?: string;
  children: ReactNode;
}

/** A form's main button. */
export function SubmitButton({ busy, className = 'self-start sm:min-w-44', children }: SubmitButtonProps) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
