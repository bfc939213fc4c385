import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element comes within `margin` of the viewport, and stays true; at once
 * where IntersectionObserver is missing. For below-the-fold parts whose script can wait until the
 * visitor scrolls towards them.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);

  return near;
}
