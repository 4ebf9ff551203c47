/**
 * CPU per uncached render, measured in Node with the worker's own render code and React's
 * production build (same V8 as workerd). workerd does not expose CPU time to the worker itself.
 */
import type { Manifest, PageRecord } from "../../client/contracts/page";

export async function renderCpuMs(pages: PageRecord[], manifest: Manifest, runs = 30): Promise<Map<string, number>> {
  process.env.NODE_ENV = "production";
  const { renderDocPage } = await import("../../worker/render/index");
  const out = new Map<string, number>();
  for (const page of pages) {
    const consume = async () => {
      const reader = (await renderDocPage(page, manifest)).getReader();
      while (!(await reader.read()).done);
    };
    for (let i = 0; i < 5; i++) await consume(); // warm up the JIT
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = process.cpuUsage();
      await consume();
      const used = process.cpuUsage(start);
      samples.push((used.user + used.system) / 1000);
    }
    samples.sort((a, b) => a - b);
    out.set(page.route, samples[Math.floor(samples.length / 2)]!);
  }
  return out;
}
