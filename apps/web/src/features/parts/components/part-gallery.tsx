import { PART_IMAGE_SIZES, type Product, responsiveSrcSet } from '@shop/shared';
import { useState } from 'react';
import { partCopy } from '../copy';
import { PhotoDialog } from './photo-dialog';

const copy = partCopy.photos;

/**
 * The part's photos: the one chosen large (the page's largest paint: the server's HTML preloads
 * the first with the same sizes), the others as thumbnails to choose from, and a click on the
 * large one opens it at full size.
 */
export function PartGallery({ part }: { part: Pick<Product, 'name' | 'img' | 'images'> }) {
  const photos = part.images?.length ? part.images : [part.img];
  const [shown, setShown] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const photo = photos[shown] ?? part.img;
  return (
    <div className="flex flex-col gap-3">
      <figure className="aspect-[4/3] overflow-hidden rounded-box border border-base-300 bg-base-200">
        <button type="button" className="block h-full w-full cursor-zoom-in" aria-label={copy.enlarge(part.name)} onClick={() => setEnlarged(true)}>
          <img
            src={photo}
            srcSet={responsiveSrcSet(photo)}
            sizes={PART_IMAGE_SIZES}
            alt={part.name}
            width={800}
            height={600}
            fetchPriority={shown === 0 ? 'high' : undefined}
            className="h-full w-full object-cover"
          />
        </button>
      </figure>
      {photos.length > 1 && (
        <ul aria-label={copy.thumbnails} className="flex flex-wrap gap-2">
          {photos.map((thumbnail, index) => (
            <li key={thumbnail}>
              <button
                type="button"
                aria-label={copy.show(index + 1, photos.length)}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                className={`block overflow-hidden rounded-box border-2 ${index === shown ? 'border-primary' : 'border-base-300'}`}
              >
                <img src={thumbnail} srcSet={responsiveSrcSet(thumbnail)} sizes="64px" alt="" width={64} height={48} loading="lazy" decoding="async" className="h-12 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {enlarged && (
        <PhotoDialog
          photos={photos}
          start={shown}
          alt={part.name}
          title={(number, total) => copy.title(part.name, number, total)}
          onClose={() => setEnlarged(false)}
        />
      )}
    </div>
  );
}
