interface SubmitButtonProps {
  label: string;
  busy: boolean;
}

/** The form's main button; shows a spinner and ignores presses while the form is being sent. */
export function SubmitButton({ label, busy }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {label}
    </button>
  );
}
