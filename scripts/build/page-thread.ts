/**
 * A build thread (scripts/build/page-pool.ts): keeps the context of the run it was last sent and
 * runs each page it is sent through page-pass.ts (with its own Shiki highlighter), answering with
 * what the build's own thread would give. A page that throws (a bug, not a page error: those are
 * answers) is reported as a failure.
 */
import { parentPort } from "node:worker_threads";
import { runHere, type RunContext, type ThreadAnswer, type ThreadMessage } from "./page-pool";

const port = parentPort!;
let context: RunContext | null = null;
port.on("message", async (message: ThreadMessage) => {
  if ("context" in message) {
    context = message.context;
    return;
  }
  try {
    port.postMessage({ id: message.id, result: await runHere(message.job, context!) } satisfies ThreadAnswer);
  } catch (e) {
    port.postMessage({ id: message.id, failure: (e as Error).stack ?? String(e) } satisfies ThreadAnswer);
  }
});
