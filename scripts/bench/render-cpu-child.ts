/**
 * Render CPU measured in a process of its own: renderCpuMs (render-cpu.ts) in a child that holds
 * only the build's page records and manifest, as an isolate holds only the worker's state. Measured
 * in the bench's own process, the figure took in the garbage collection of everything the bench
 * holds by then (builds, Lighthouse reports): process CPU counts V8's helper threads.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Manifest, PageRecord } from "../../common/page";
import { renderCpuMs } from "./render-cpu";

interface Job {
  measured: string[];
  all: PageRecord[];
  manifest: Manifest;
}
type Answer = { cpu: [string, number][]; coldFirstMs: number } | { error: string };

const CHILD_FLAG = "--render-cpu-child";

/** renderCpuMs in a fresh Node process (tsx's loader, as the bench runs); rejects with the child's error. */
export function renderCpuMsApart(
  measured: string[],
  all: PageRecord[],
  manifest: Manifest,
): Promise<{ cpu: Map<string, number>; coldFirstMs: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let answered = false;
    child.on("message", (answer: Answer) => {
      answered = true;
      if ("error" in answer) reject(new Error(`render CPU: ${answer.error}`));
      else resolve({ cpu: new Map(answer.cpu), coldFirstMs: answer.coldFirstMs });
      child.disconnect();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!answered) reject(new Error(`render CPU: the measuring process exited ${code} without an answer`));
    });
    child.send({ measured, all, manifest } satisfies Job);
  });
}

if (process.argv.includes(CHILD_FLAG)) {
  process.once("message", (job: Job) => {
    renderCpuMs(job.measured, job.all, job.manifest).then(
      (r) => process.send!({ cpu: [...r.cpu], coldFirstMs: r.coldFirstMs } satisfies Answer),
      (e: unknown) => process.send!({ error: e instanceof Error ? e.message : String(e) } satisfies Answer),
    );
  });
}
