/**
 * The deploy workflow runs every KV writer in one concurrency group that never cancels a run,
 * publishes content before it deploys code (store-format.ts), and removes a closed pull request's
 * preview channel.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";

interface Job {
  if?: string;
  concurrency?: { group: string; "cancel-in-progress"?: boolean };
  steps: { run?: string }[];
}

async function workflow() {
  const text = await readFile(path.resolve(import.meta.dirname, "../../.github/workflows/deploy.yml"), "utf8");
  return parse(text) as { on: { pull_request: { types: string[] } }; concurrency?: unknown; jobs: Record<string, Job> };
}

it("puts preview publish, preview cleanup, production publish and gc in one uncancelled group", async () => {
  const { jobs, concurrency } = await workflow();
  // A workflow-level group with cancel-in-progress would cancel a publish halfway.
  expect(concurrency).toBeUndefined();
  const writes = (job: Job) => job.steps.some((s) => /publish|preview|npm run gc|wrangler deploy/.test(s.run ?? ""));
  const writers = Object.entries(jobs).filter(([, job]) => writes(job));
  expect(writers.map(([name]) => name).sort()).toEqual(["preview", "preview-cleanup", "production"]);
  for (const [, job] of writers) expect(job.concurrency).toEqual({ group: "kv-writers", "cancel-in-progress": false });
});

it("publishes content before it deploys the worker, then collects garbage", async () => {
  const steps = (await workflow()).jobs.production!.steps.map((s) => s.run ?? "");
  const at = (pattern: RegExp) => steps.findIndex((run) => pattern.test(run));
  expect(at(/npm run publish/)).toBeGreaterThan(-1);
  expect(at(/npm run publish/)).toBeLessThan(at(/wrangler deploy/));
  expect(at(/wrangler deploy/)).toBeLessThan(at(/npm run gc/));
});

it("removes the preview channel of a closed pull request, and runs no tests or preview for it", async () => {
  const { on, jobs } = await workflow();
  expect(on.pull_request.types).toContain("closed");
  expect(jobs["preview-cleanup"]!.if).toContain("github.event.action == 'closed'");
  expect(jobs["preview-cleanup"]!.steps.map((s) => s.run ?? "").join("\n")).toMatch(/npm run preview -- .+ --delete/);
  for (const name of ["test", "preview"]) expect(jobs[name]!.if).toContain("github.event.action != 'closed'");
});

it("applies the signals database's migrations before it deploys the worker, and names the account's database", async () => {
  const { jobs } = await workflow();
  const steps = jobs.production!.steps.map((s) => s.run ?? "");
  const at = (pattern: RegExp) => steps.findIndex((run) => pattern.test(run));
  expect(at(/wrangler d1 migrations apply movement-docs-signals --remote/)).toBeGreaterThan(-1);
  // Between the publish and the deploy: content before code, the schema before the code that writes it.
  expect(at(/npm run publish/)).toBeLessThan(at(/wrangler d1 migrations apply/));
  expect(at(/wrangler d1 migrations apply/)).toBeLessThan(at(/wrangler deploy/));
  // Every job that readies wrangler.toml for the account puts in its database id (or drops the binding).
  for (const name of ["preview", "production", "preview-cleanup"])
    expect(jobs[name]!.steps.map((s) => s.run ?? "").join("\n")).toMatch(/database_id = \\"\$\{D1_DATABASE_ID\}\\"/);
});
