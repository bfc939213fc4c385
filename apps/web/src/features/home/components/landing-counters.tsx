import { LandingCounter } from './landing-counter';

interface LandingCountersProps {
  counters: ReadonlyArray<{ end: number; label: string }>;
  animate: boolean;
}

export function LandingCounters({ counters, animate }: LandingCountersProps) {
  return counters.map((counter) => (
    <LandingCounter key={counter.label} end={counter.end} label={counter.label} animate={animate} />
  ));
}
