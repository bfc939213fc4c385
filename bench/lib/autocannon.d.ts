/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  /** A run's result as it comes with `skipAggregateResult: true` (histograms still encoded). */
  export interface AutocannonRaw {
    duration: number;
    totalCompletedRequests: number;
  }
  interface AutocannonResult {
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface AutocannonInstance extends PromiseLike<AutocannonRaw> {
    stop(): void;
  }
  function autocannon(options: Record<string, unknown>): AutocannonInstance;
  namespace autocannon {
    function aggregateResult(results: AutocannonRaw[], options: Record<string, unknown>): AutocannonResult;
  }
  export default autocannon;
}
