/** The deploy workflow runs every KV writer in one concurrency group that never cancels a run. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";

interface Job {
  concurrency?: { group: string; "cancel-in-progress"?: boolean };
  steps: { run?: string }[];
}

it("puts preview publish, production publish and gc in one uncancelled group", async () => {
  const text = await readFile(path.resolve(import.meta.dirname, "../../.github/workflows/deploy.yml"), "utf8");
  const workflow = parse(text) as { concurrency?: unknown; jobs: Record<string, Job> };
  // A workflow-level group with cancel-in-progress would cancel a publish halfway.
  expect(workflow.concurrency).toBeUndefined();
  const writes = (job: Job) =>
    job.steps.some((s) => /publish|preview\.ts|npm run gc|wrangler deploy/.test(s.run ?? ""));
  const writers = Object.entries(workflow.jobs).filter(([, job]) => writes(job));
  expect(writers.map(([name]) => name).sort()).toEqual(["preview", "production"]);
  for (const [, job] of writers) expect(job.concurrency).toEqual({ group: "kv-writers", "cancel-in-progress": false });
  const production = workflow.jobs.production!.steps.map((s) => s.run ?? "").join("\n");
  expect(production).toMatch(/npm run publish[^\n]*\n[^]*npm run gc/);
});
