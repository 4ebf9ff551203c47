/**
 * CPU per uncached render, measured in Node with the worker's own render code and React's
 * production build (the same V8 as workerd; workerd does not expose CPU time to the worker). One
 * render is what an uncached request costs the worker: parsing the page record read from KV, then
 * streaming the page to the end. The isolate is warmed on every page first, as a live isolate is;
 * the cold first render is reported beside the median.
 */
import type { Manifest, PageRecord } from "../../common/page";
import { storeManifest } from "../publish/stored-manifest";
import { median } from "./median";

/** Median CPU ms per route in `measured`, and the first (JIT-cold) render's CPU ms. */
export async function renderCpuMs(
  measured: string[],
  all: PageRecord[],
  manifest: Manifest,
  runs = 50,
): Promise<{ cpu: Map<string, number>; coldFirstMs: number }> {
  process.env.NODE_ENV = "production";
  const { renderDocPage } = await import("../../worker/render/index");
  const { StoredManifest } = await import("../../worker/content-store/manifest");
  // The manifest as the worker holds it: its root, with shards and sidebars read from the stored values.
  const stored = storeManifest(manifest);
  const view = new StoredManifest(stored.root, async <T>(digest: string) => JSON.parse(stored.blobs.get(digest)!) as T);
  const records = new Map(all.map((p) => [p.route, JSON.stringify(p)]));
  const renderOnce = async (route: string) => {
    const reader = (await renderDocPage(JSON.parse(records.get(route)!) as PageRecord, view)).getReader();
    while (!(await reader.read()).done);
  };
  const cpuOf = async (route: string) => {
    const start = process.cpuUsage();
    await renderOnce(route);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const unknown = measured.filter((route) => !records.has(route));
  if (unknown.length) throw new Error(`no page ${unknown.join(", ")} in the build`);
  const coldFirstMs = await cpuOf(measured[0]!);
  for (let round = 0; round < 10; round++) for (const route of records.keys()) await renderOnce(route);
  const cpu = new Map<string, number>();
  for (const route of measured) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await cpuOf(route));
    cpu.set(route, Number(median(samples).toFixed(2)));
  }
  return { cpu, coldFirstMs: Number(coldFirstMs.toFixed(1)) };
}
