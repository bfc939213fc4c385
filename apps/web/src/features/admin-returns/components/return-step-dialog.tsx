import type { Return } from '@shop/shared';
import { type ReactNode, useId } from 'react';
import { Modal } from '@/components/ui/modal';

interface ReturnStepDialogProps {
  /** Open while set: the return the step is for. */
  item: Return | null;
  heading: string;
  /** What the step is about: the pieces, the part and the customer. */
  text: (item: Return) => string;
  onClose: () => void;
  /** The step's form for the return (keyed by it, so each return opens it fresh). */
  children: (item: Return) => ReactNode;
}

/** A step of a return that asks something first ('Reject', 'Refund'): its heading, what it is about, and its form. */
export function ReturnStepDialog({ item, heading, text, onClose, children }: ReturnStepDialogProps) {
  const headingId = useId();
  const textId = useId();
  return (
    <Modal open={item !== null} onClose={onClose} labelledBy={headingId} describedBy={textId}>
      {item !== null && (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {heading}
          </h2>
          <p id={textId} className="pt-2 wrap-anywhere">
            {text(item)}
          </p>
          {children(item)}
        </>
      )}
    </Modal>
  );
}
