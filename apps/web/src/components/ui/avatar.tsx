/** The sizes a person's picture is shown at, each with its initial's type size. */
const SIZES = { 40: 'size-10 text-lg', 48: 'size-12 text-xl', 80: 'size-20 text-3xl' } as const;

interface AvatarProps {
  /** The person's picture; empty or missing when there is none (a deleted account's review keeps no photo). */
  src: string | null | undefined;
  /** Whose picture it is: without one, its first letter stands in, as on the profile page. */
  name: string;
  /** Shown size in CSS pixels (square). */
  size: keyof typeof SIZES;
  /** What a screen reader hears; empty when the name is written beside it. */
  alt?: string;
}

/** The first letter of a name (a whole character, an emoji included), or '?' for a blank one. */
const initialOf = (name: string): string => Array.from(name.trim())[0]?.toUpperCase() ?? '?';

/** A person's round picture, or the shop's stand-in for a missing one: their initial on a neutral circle. */
export function Avatar({ src, name, size, alt = '' }: AvatarProps) {
  const shape = `${SIZES[size]} shrink-0 rounded-full`;
  if (src) {
    return <img src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" className={`${shape} bg-base-200 object-cover`} />;
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${shape} flex items-center justify-center bg-neutral font-bold text-neutral-content`}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </span>
  );
}
