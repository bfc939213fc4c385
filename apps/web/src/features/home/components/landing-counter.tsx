import { useEffect, useRef, type RefObject } from 'react';
import { useCountUp } from 'react-countup';

export interface LandingCounterProps {
  end: number;
  label: string;
  /** False shows the final number at once, for visitors who ask for reduced motion. */
  animate: boolean;
}

/** Counts up to `end` once the number scrolls into view; ends as e.g. "782+". */
export function LandingCounter({ end, label, animate }: LandingCounterProps) {
  const numberRef = useRef<HTMLSpanElement>(null);
  const { start } = useCountUp({
    ref: numberRef as RefObject<HTMLElement>,
    end,
    start: animate ? 0 : end,
    duration: 2.5,
    suffix: '+',
    separator: '',
    startOnMount: false,
  });

  useEffect(() => {
    const element = numberRef.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [start]);

  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <span ref={numberRef} className="text-4xl font-extrabold tabular-nums sm:text-5xl">
        0+
      </span>
      <span className="text-base font-medium sm:text-lg">{label}</span>
    </div>
  );
}
