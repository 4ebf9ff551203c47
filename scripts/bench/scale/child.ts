/**
 * The bench's step processes: a step script of this folder in its own Node process with an IPC
 * channel, the next message of a step, and stopping one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildMessage } from "./build-publish";
import type { CachedBuildMessage } from "./cached-build";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The next message of one step from the child, or an error when it ends or times out first. */
type AnyMessage = ChildMessage | CachedBuildMessage;

export function nextMessage<S extends AnyMessage["step"]>(
  child: ChildProcess,
  want: S,
  timeoutMs: number,
  output: () => string,
): Promise<Extract<AnyMessage, { step: S }>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    const onMessage = (m: AnyMessage) => {
      if (m.step !== want) return;
      done();
      resolve(m as Extract<AnyMessage, { step: S }>);
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`the build process ended (${signal ?? code}) before "${want}":\n${output().slice(-3000)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no "${want}" from the build process within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

/** A step script of this folder in its own Node process, with an IPC channel and its output collected. */
export function benchChild(
  script: string,
  args: string[],
  nodeFlags: string[] = [],
): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(
    process.execPath,
    [...nodeFlags, "--import", "tsx", path.join(root, "scripts/bench/scale", script), ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  // A send to a child whose channel has closed fails through this event; the step that waits on the child reports why it ended.
  child.on("error", (e) => (output += `\n${e.message}`));
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { child, output: () => output };
}

/** Asks a step process to exit, and kills it if it has not within 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  // A child that is dying has closed its channel: then the kill below ends it.
  if (child.connected) child.send({ exit: true }, () => {});
  await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
