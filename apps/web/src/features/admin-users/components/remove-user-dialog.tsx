import { useEffect, useRef } from 'react';
import { adminUsersCopy } from '../copy';

const copy = adminUsersCopy.confirm;

interface RemoveUserDialogProps {
  /** The account to remove; the dialog is open while this is set. */
  email: string | null;
  onConfirm: (email: string) => void;
  onCancel: () => void;
}

/** SPEC's 'Are You Sure?' confirmation before a user is removed (daisyUI modal on <dialog>). */
export function RemoveUserDialog({ email, onConfirm, onCancel }: RemoveUserDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (email && !element.open) element.showModal();
    if (!email && element.open) element.close();
  }, [email]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="remove-user-heading"
      aria-describedby="remove-user-text"
      // Escape closes a modal dialog natively; keep the page's state in step.
      onClose={() => {
        if (email) onCancel();
      }}
    >
      <div className="modal-box">
        <h3 id="remove-user-heading" className="text-lg font-bold">
          {copy.heading}
        </h3>
        <p id="remove-user-text" className="py-4 break-words">
          {email ? copy.text(email) : ''}
        </p>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            {copy.cancel}
          </button>
          <button type="button" className="btn btn-error" onClick={() => email && onConfirm(email)}>
            {copy.confirm}
          </button>
        </div>
      </div>
      {/* A click beside the box cancels, as with any modal; keyboards have Escape and Cancel. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={onCancel} />
    </dialog>
  );
}
