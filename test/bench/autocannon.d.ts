// The little of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Result {
    duration: number;
    errors: number;
    non2xx: number;
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
  }
  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    requests?: {
      method?: string;
      path?: string;
      setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
    }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
