import { responsiveSrcSet } from '@shop/shared';

interface ThumbnailProps {
  src: string;
  /** Shown size in CSS pixels (square). */
  size: 40 | 48;
  /** A person's photo is round, a part's a rounded square. */
  shape?: 'box' | 'round';
  /** The image has the smaller renditions the shop stores beside product photos. */
  renditions?: boolean;
}

/** A small picture beside a table row's name; the name says what it is, so it has no text of its own. */
export function Thumbnail({ src, size, shape = 'box', renditions = false }: ThumbnailProps) {
  return (
    <img
      src={src}
      srcSet={renditions ? responsiveSrcSet(src) : undefined}
      sizes={renditions ? `${size}px` : undefined}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`${size === 48 ? 'size-12' : 'size-10'} shrink-0 bg-base-200 object-cover ${shape === 'round' ? 'rounded-full' : 'rounded-box'}`}
    />
  );
}
