import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessage } from '@/components/ui/form-field';
import { StarIcon } from '@/components/ui/icons';
import { reviewsCopy } from '../copy';

const copy = reviewsCopy.add;
const STARS = [1, 2, 3, 4, 5] as const;

interface RatingFieldProps {
  id: string;
  /** The chosen number of stars as the form holds it ('' while none is chosen). */
  value: unknown;
  field: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * SPEC's 'Ratings' as five stars: a group of radio buttons, '1 star' to '5 stars', each drawn as
 * a star. The keyboard moves between them with the arrow keys, as in any radio group.
 */
export function RatingField({ id, value, field, error }: RatingFieldProps) {
  const chosen = Number(value) || 0;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline gap-2">
        <span id={labelId} className="font-medium">
          {copy.ratings}
        </span>
        <span id={hintId} className="text-sm text-base-content/80">
          {copy.ratingsHint}
        </span>
      </div>
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={[hintId, errorId].filter(Boolean).join(' ')} className="flex gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="relative cursor-pointer rounded-field p-1 text-amber-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-base-content"
          >
            {/* Over the whole star, unseen: a press anywhere on the star is a press on the radio button. */}
            <input
              type="radio"
              value={String(stars)}
              className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              aria-invalid={Boolean(error)}
              {...field}
            />
            <span className="sr-only">{copy.stars(stars)}</span>
            <StarIcon filled={stars <= chosen} className="size-9" />
          </label>
        ))}
      </div>
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
    </div>
  );
}
