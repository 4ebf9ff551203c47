/**
 * A build thread (scripts/build/compile-pool.ts): runs the tasks it is sent (compiling a page with
 * its own Shiki highlighter, writing a Markdown twin) and answers each with what runTask gives. A
 * task that throws (a bug, not a page error: those are answers) is reported as a failure.
 */
import { parentPort } from "node:worker_threads";
import { runTask, type Task } from "./compile-pool";

const port = parentPort!;
port.on("message", async ({ id, task }: { id: number; task: Task }) => {
  try {
    port.postMessage({ id, answer: await runTask(task) });
  } catch (e) {
    port.postMessage({ id, failure: (e as Error).stack ?? String(e) });
  }
});
