/** The benchmark's report: its JSON shape and its Markdown rendering. */
import { renderSearchEval, type SearchEvalReport } from "../search/eval/run";
import type { ColdBuild } from "./build-figures";
import type { PageBytes } from "./bytes";
import type { LighthouseFigures } from "./lighthouse";
import type { LoadFigures } from "./load";
import type { SaveToVisible } from "./save-to-visible";

export interface PageReport {
  route: string;
  bytes: PageBytes;
  renderCpuMs: number;
  cached: LoadFigures;
  uncached: LoadFigures;
  lighthouse: { mobile: LighthouseFigures; desktop: LighthouseFigures };
}

export interface BenchReport {
  date: string;
  setup: { load: string; lighthouseRuns: number; node: string; chromium: string };
  pages: PageReport[];
  largestApiPage: { route: string; htmlRaw: number; renderCpuMs: number };
  renderColdFirstMs: number;
  build: {
    pages: number;
    cold: ColdBuild;
    saveToServed: { medianMs: number; samplesMs: number[] };
    saveToVisible: SaveToVisible;
    publish: { firstPublishMs: number; onePageChangeMs: number };
  };
  /** npm run search:eval, run by the bench on the same build. */
  search?: SearchEvalReport;
  misses: string[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const table = (head: string[], rows: (string | number)[][]) => [
  row(head),
  row(head.map(() => "---")),
  ...rows.map(row),
];

export function renderMarkdown(r: BenchReport): string {
  const lighthouseTable = (form: "mobile" | "desktop") =>
    table(
      ["page", "performance", "accessibility", "best practices", "SEO", "FCP", "LCP", "TBT", "CLS"],
      r.pages.map((p) => {
        const l = p.lighthouse[form];
        return [
          p.route,
          l.performance,
          l.accessibility,
          l.bestPractices,
          l.seo,
          `${l.fcpMs} ms`,
          `${l.lcpMs} ms`,
          `${l.tbtMs} ms`,
          l.cls,
        ];
      }),
    );
  const lines = [
    `# Benchmark, ${r.date}`,
    "",
    `Production bundle on local workerd (Miniflare), loopback only. Load: ${r.setup.load}. Lighthouse 12, median of ${r.setup.lighthouseRuns} runs, ${r.setup.chromium}. ${r.setup.node}.`,
    "",
    "## First visit: what the browser fetches before any input",
    "",
    ...table(
      ["page", "HTML raw", "HTML gzip", "JS gzip", "CSS gzip", "images", "other", "requests"],
      r.pages.map((p) => [
        p.route,
        kb(p.bytes.htmlRaw),
        kb(p.bytes.htmlGzip),
        kb(p.bytes.jsGzip),
        kb(p.bytes.cssGzip),
        kb(p.bytes.imageBytes),
        kb(p.bytes.otherBytes),
        p.bytes.requests,
      ]),
    ),
    "",
    `Largest API reference page: ${r.largestApiPage.route}, ${r.largestApiPage.htmlRaw} B of HTML, render CPU median ${r.largestApiPage.renderCpuMs} ms.`,
    "",
    "## Lighthouse, mobile",
    "",
    ...lighthouseTable("mobile"),
    "",
    "## Lighthouse, desktop",
    "",
    ...lighthouseTable("desktop"),
    "",
    "## Worker",
    "",
    "Render CPU: the worker's render code in Node (same V8), page record parse included, warm isolate. workerd CPU: the workerd process's CPU time over the load run divided by responses (HTTP handling and, uncached, the local KV simulator included).",
    "",
    ...table(
      [
        "page",
        "render CPU (median)",
        "cached: rps",
        "p50 / p99",
        "workerd CPU per response",
        "uncached: rps",
        "p50 / p99",
        "workerd CPU per response",
      ],
      r.pages.map((p) => [
        p.route,
        `${p.renderCpuMs} ms`,
        p.cached.rps,
        `${p.cached.p50Ms} / ${p.cached.p99Ms} ms`,
        `${p.cached.cpuPerResponseMs} ms`,
        p.uncached.rps,
        `${p.uncached.p50Ms} / ${p.uncached.p99Ms} ms`,
        `${p.uncached.cpuPerResponseMs} ms`,
      ]),
    ),
    "",
    `First render in a fresh process (JIT cold): ${r.renderColdFirstMs} ms CPU.`,
    "",
    "## Build and publish",
    "",
    ...table(
      ["step", "wall time", "peak memory (process tree)"],
      [
        ...r.build.cold.steps.map((st) => [`npm run ${st.step} (alone)`, s(st.wallMs), mb(st.peakRssBytes)]),
        [
          `**cold full build**: \`npm run build\` (${r.build.pages} pages; the client, then the worker, beside the content)`,
          `**${s(r.build.cold.wallMs)}**`,
          `**${mb(r.build.cold.peakRssBytes)}**`,
        ],
      ],
    ),
    "",
    `- Save one MDX file → new page served by \`npm run dev\`: median ${Math.round(r.build.saveToServed.medianMs)} ms (saves: ${r.build.saveToServed.samplesMs.map((x) => Math.round(x)).join(", ")} ms).`,
    `- Save one MDX file → its new text in the tab open on it (Chromium, no manual reload${r.build.saveToVisible.inPlace ? ", swapped in place" : ""}): median ${Math.round(r.build.saveToVisible.medianMs)} ms (saves: ${r.build.saveToVisible.samplesMs.map((x) => Math.round(x)).join(", ")} ms).`,
    `- \`npm run publish\` to local KV: ${s(r.build.publish.firstPublishMs)} into an empty store; ${s(r.build.publish.onePageChangeMs)} for a one-page change (the command as an author runs it: a cold content build, the route diff, then the writes).`,
    "",
    ...(r.search ? ["## Search", "", renderSearchEval(r.search), ""] : []),
    r.misses.length
      ? `## Budgets missed\n\n${r.misses.map((m) => `- ${m}`).join("\n")}`
      : "All budgets in bench/budgets.json are met.",
  ];
  return `${lines.join("\n")}\n`;
}
