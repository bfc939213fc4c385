import { useId } from 'react';
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
}

/** A question that must be answered before something irreversible happens. */
export function ConfirmDialog({ open, heading, text, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
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
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
