import { dispatchCountdownText, minutesUntil } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * The clock of a countdown to `deadline`: the time now, read again each time the whole minutes
 * left go down by one (and no more once it has passed).
 */
function useMinuteClock(deadline: string | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!deadline || minutesUntil(deadline, now) < 1) return;
    // The whole minutes left go down just after the time left is a whole number of minutes.
    const untilNextMinute = ((Date.parse(deadline) - now.getTime()) % 60_000) + 1;
    const timer = setTimeout(() => setNow(new Date()), untilNextMinute);
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return now;
}

/**
 * 'Order within 3 h 20 min for dispatch today', ticking each minute; nothing without a deadline or
 * once it has passed. Counted from the browser's clock only: a server-rendered page (which may be
 * kept a while) holds its room empty, and it fills in once the browser has taken the page over.
 */
export function DispatchCountdown({ dispatchBy, className }: { dispatchBy: string | null; className?: string }) {
  const now = useMinuteClock(dispatchBy);
  const text = useHydrated() ? dispatchCountdownText(dispatchBy, now) : null;
  return text ? (
    <p className={className} data-testid="dispatch-countdown">
      {text}
    </p>
  ) : null;
}
