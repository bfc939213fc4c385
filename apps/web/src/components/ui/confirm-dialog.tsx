import { useEffect, useId, useRef } from 'react';

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

/** A question that must be answered before something irreversible happens (daisyUI modal on <dialog>). */
export function ConfirmDialog({ open, heading, text, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      aria-describedby={textId}
      // Escape closes a modal dialog natively; keep the page's state in step.
      onClose={() => {
        if (open) onCancel();
      }}
    >
      <div className="modal-box">
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
      </div>
      {/* A click beside the box cancels, as with any modal; keyboards have Escape and Cancel. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={onCancel} />
    </dialog>
  );
}
