declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
  }): Promise<Result>;
  export default autocannon;
}
