import { PART_IMAGE_SIZES, responsiveSrcSet } from '@shop/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { partInPage } from '@/api/products/get-product';
import { layoutCopy } from './copy';

/**
 * While the part page's script loads, a part opened by its address keeps the image the server's
 * HTML painted first (plugins/part-page-html.ts, the same place and classes as the gallery's),
 * instead of a spinner in its place: the rider's first sight of the part does not blink away.
 * Any other part: `fallback`.
 */
export function PartFirstPaint({ fallback }: { fallback: ReactNode }) {
  const { id = '' } = useParams();
  const part = partInPage(id);
  if (!part) return fallback;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8" role="status" aria-label={layoutCopy.loadingPart}>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[480px_minmax(0,1fr)]">
        <figure className="aspect-[4/3] overflow-hidden rounded-box border border-base-300 bg-base-200">
          <img
            src={part.img}
            srcSet={responsiveSrcSet(part.img)}
            sizes={PART_IMAGE_SIZES}
            alt={part.name}
            width={800}
            height={600}
            fetchPriority="high"
            className="h-full w-full object-cover"
          />
        </figure>
      </div>
    </div>
  );
}
