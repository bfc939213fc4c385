import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { partCopy } from '../copy';

const copy = partCopy.photos;

export interface PhotoDialogProps {
  /** The photos it can show, in order; each at full size (the stored image, not a rendition). */
  photos: readonly string[];
  /** The photo shown first. */
  start: number;
  /** The dialog's heading for the photo shown (number from 1). */
  title: (number: number, total: number) => string;
  /** What the photos show, for screen readers. */
  alt: string;
  /** Escape, the Close button or a click beside the photo. */
  onClose: () => void;
}

/**
 * One photo large, in a modal <dialog>: fitted to the window, or at its actual size to look
 * closely (scrolled, or pinched on a phone); the arrow keys and buttons go through the others.
 * Shown while mounted.
 */
export function PhotoDialog({ photos, start, title, alt, onClose }: PhotoDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [index, setIndex] = useState(start);
  const [actualSize, setActualSize] = useState(false);
  const total = photos.length;

  // Taken out of the page, the dialog closes with it. Opened, the keyboard starts on Close (a
  // modal dialog would otherwise start on its first button).
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    close.current?.focus();
  }, []);

  const go = (step: number) => {
    setIndex((current) => (current + step + total) % total);
    setActualSize(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={headingId} onClose={onClose} onKeyDown={onKeyDown}>
      <div className="modal-box flex max-h-[95dvh] w-11/12 max-w-5xl flex-col gap-3 p-3 sm:p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere">
            {title(index + 1, total)}
          </h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-outline" aria-pressed={actualSize} onClick={() => setActualSize((zoomed) => !zoomed)}>
              {actualSize ? copy.fit : copy.actualSize}
            </button>
            <button ref={close} type="button" className="btn btn-sm btn-primary" onClick={onClose}>
              {copy.close}
            </button>
          </div>
        </div>
        <div className={`min-h-0 flex-1 overflow-auto rounded-box bg-base-200 ${actualSize ? '' : 'flex items-center justify-center'}`}>
          <img
            src={photos[index]}
            alt={alt}
            decoding="async"
            className={actualSize ? 'max-w-none' : 'max-h-[75dvh] w-auto max-w-full object-contain'}
          />
        </div>
        {total > 1 && (
          <div className="flex justify-between gap-2">
            <button type="button" className="btn btn-sm" onClick={() => go(-1)}>
              {copy.previous}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => go(1)}>
              {copy.next}
            </button>
          </div>
        )}
      </div>
      {/* A click beside the photo closes it, as with any modal; keyboards have Escape and Close. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </dialog>
  );
}
