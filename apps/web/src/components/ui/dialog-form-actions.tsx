import type { ReactNode } from 'react';
import { FieldMessage } from './form-field';
import { SubmitButton } from './submit-button';

interface DialogFormActionsProps {
  /** What the shop refused that belongs to no field; shown above the buttons. */
  formError: string | null | undefined;
  /** The form is being sent. */
  busy: boolean;
  cancelLabel: string;
  onCancel: () => void;
  /** The submit button's width and placement (SubmitButton's default otherwise). */
  submitClassName?: string;
  children: ReactNode;
}

/** The end of a form in a dialog: its refusal, then 'Cancel' and the submit button (`children`) in the dialog's action row. */
export function DialogFormActions({ formError, busy, cancelLabel, onCancel, submitClassName, children }: DialogFormActionsProps) {
  return (
    <>
      {formError && <FieldMessage alert>{formError}</FieldMessage>}
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn" onClick={onCancel}>
          {cancelLabel}
        </button>
        <SubmitButton busy={busy} {...(submitClassName === undefined ? {} : { className: submitClassName })}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}
