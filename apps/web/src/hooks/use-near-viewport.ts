import { useEffect, useState, type RefObject } from 'react';

/**
 * How near the element is to the viewport, within `margin`: 'far'; 'near' from the first look
 * (on or by the screen the page opened on); 'approached' once it comes near later, as the visitor
 * scrolls towards it. It never goes back. Without IntersectionObserver, 'approached' at once; in a
 * server render, 'far' (as the browser's first render is, which takes that page over).
 */
type Approach = 'far' | 'near' | 'approached';

export function useApproach(ref: RefObject<Element | null>, margin = '300px'): Approach {
  const [approach, setApproach] = useState<Approach>(() =>
    typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined' ? 'approached' : 'far',
  );

  useEffect(() => {
    const element = ref.current;
    if (approach !== 'far' || !element) return;
    // The observer reports the element's state once as it starts: near then is near at load.
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        const atLoad = first;
        first = false;
        if (!near) return;
        observer.disconnect();
        setApproach(atLoad ? 'near' : 'approached');
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, approach]);

  return approach;
}

/**
 * Becomes true once the element comes within `margin` of the viewport, and stays true; at once
 * where IntersectionObserver is missing. For below-the-fold parts whose script can wait until the
 * visitor scrolls towards them.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  return useApproach(ref, margin) !== 'far';
}
