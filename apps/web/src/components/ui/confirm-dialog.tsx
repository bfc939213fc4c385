import { type ReactNode, useId } from 'react';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  /** The dialog is shown while this is true. */
  open: boolean;
  heading: string;
  /** What will happen, e.g. which item goes. */
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A form asked with the question, e.g. a shipment's tracking number. */
  children?: ReactNode;
  /** The id of that form: the confirm button submits it, and the form confirms once its fields are valid. */
  formId?: string;
}

/** A question that must be answered before something irreversible happens. */
export function ConfirmDialog({ open, heading, text, confirmLabel, cancelLabel, onConfirm, onCancel, children, formId }: ConfirmDialogProps) {
  const headingId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={onCancel} labelledBy={headingId} describedBy={textId}>
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      <p id={textId} className="py-4 wrap-anywhere">
        {text}
      </p>
      {children}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button {...(formId ? { type: 'submit', form: formId } : { type: 'button', onClick: onConfirm })} className="btn btn-error">
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
