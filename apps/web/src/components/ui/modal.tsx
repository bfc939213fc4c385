import { type ReactNode, useEffect, useRef } from 'react';

export interface ModalProps {
  /** The dialog is shown while this is true. */
  open: boolean;
  /** Escape, a click beside the box, or the page's own button: the page decides what closing means. */
  onClose: () => void;
  /** The id of the dialog's heading. */
  labelledBy: string;
  /** The id of the text that says what the dialog is about, if any. */
  describedBy?: string;
  children: ReactNode;
}

/** A modal dialog on <dialog> (daisyUI modal): focus kept inside, Escape and the backdrop close it. */
export function Modal({ open, onClose, labelledBy, describedBy, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);

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
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Escape closes a modal dialog natively; keep the page's state in step.
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className="modal-box">{children}</div>
      {/* A click beside the box closes it, as with any modal; keyboards have Escape and the dialog's buttons. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </dialog>
  );
}
