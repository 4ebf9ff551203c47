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
    /** Responses by status code. */
    statusCodeStats: Record<string, { count: number }>;
  }
  /** One request of a rotation (each connection sends them in turn). */
  export interface Request {
    method?: "GET" | "HEAD" | "POST";
    path: string;
    body?: string;
    headers?: Record<string, string>;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    requests?: Request[];
  }): Promise<Result>;
  export default autocannon;
}
