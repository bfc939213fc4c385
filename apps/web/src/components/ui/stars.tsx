import { StarIcon } from './icons';

const MAX_STARS = 5;

/** A rating as five stars, the nearest whole number of them filled; the text beside it says the number. */
export function Stars({ value, className = 'size-5' }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className="flex text-amber-500" aria-hidden="true">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarIcon key={index} filled={index < filled} className={className} />
      ))}
    </span>
  );
}
