/** Runs scripts/start.ts (`npm run dev` with --watch, or `npm start` without) on a site folder, for the e2e tests. */
import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "./local-site";

export interface StartedServer {
  origin: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Waits until the output matches (generously: the machine may be busy). */
  waitForOutput(pattern: RegExp, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(siteRoot: string, options: { watch: boolean }): Promise<StartedServer> {
  // Port 0: the server binds a port the system picks and prints it, so two servers (or any other
  // program) can never race for one port between its choice and its use.
  const port = 0;
  const args = ["--import", "tsx", "scripts/start.ts", ...(options.watch ? ["--watch"] : []), "--site", siteRoot];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  /** Called on each piece of output and when the server exits. */
  const listeners = new Set<() => void>();
  const heard = (d: Buffer) => {
    output += d;
    listeners.forEach((listener) => listener());
  };
  child.stdout.on("data", heard);
  child.stderr.on("data", heard);
  const closed = new Promise((r) => child.once("close", r));
  child.once("exit", () => listeners.forEach((listener) => listener()));
  const waitForOutput = (pattern: RegExp, ms = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timeout = AbortSignal.timeout(ms);
      const settle = (error?: Error) => {
        listeners.delete(check);
        timeout.removeEventListener("abort", check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(output)) settle();
        else if (child.exitCode !== null || child.signalCode !== null)
          settle(new Error(`the server exited:\n${output}`));
        else if (timeout.aborted) settle(new Error(`timed out waiting for ${pattern} in:\n${output}`));
      };
      listeners.add(check);
      timeout.addEventListener("abort", check);
      check();
    });
  await waitForOutput(/Movement docs at http:\/\/127\.0\.0\.1:\d+/, 120_000);
  return {
    origin: /Movement docs at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!,
    child,
    output: () => output,
    waitForOutput,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await closed;
    },
  };
}
