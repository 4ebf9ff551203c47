/**
 * Sends the explorer's request with fetch and reads the whole answer, timed. A request that gets no
 * response is probed once more without CORS to tell a refusing node from an unreachable one; one
 * that takes longer than the site's timeout (apiExplorer.timeoutMs) is stopped and said so.
 */
import type { ExplorerRequest } from "./request";
import { failureMessage, type Failure } from "./response";

export type Outcome =
  | {
      kind: "response";
      method: string;
      url: string;
      status: number;
      statusText: string;
      ms: number;
      headers: [string, string][];
      contentType: string | null;
      bytes: Uint8Array;
    }
  | { kind: "failure"; message: string }
  | { kind: "aborted" };

/** The site's timeout (written on <html> from content/site.yaml), or 15 s. */
export function siteTimeoutMs(): number {
  const ms = Number(document.documentElement.dataset.apiTimeout);
  return ms > 0 ? ms : 15_000;
}

/** Sends the request; `cancel` is the reader's Cancel button, `timeoutMs` stops a node that never answers. */
export async function sendRequest(req: ExplorerRequest, cancel: AbortSignal, timeoutMs: number): Promise<Outcome> {
  const origin = new URL(req.url).origin;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), timeoutMs);
  const signal = AbortSignal.any([cancel, timer.signal]);
  const outcome = await attempt(req, signal, origin);
  clearTimeout(timeout);
  if (outcome.kind === "aborted" && !cancel.aborted)
    return { kind: "failure", message: failureMessage({ kind: "timeout", origin, ms: timeoutMs }) };
  return outcome;
}

async function attempt(req: ExplorerRequest, signal: AbortSignal, origin: string): Promise<Outcome> {
  let blocked = false;
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    if (e.blockedURI.startsWith(origin)) blocked = true;
  };
  document.addEventListener("securitypolicyviolation", onViolation);
  const started = performance.now();
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body as BodyInit | undefined,
      signal,
      credentials: "omit",
      cache: "no-store",
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      kind: "response",
      method: req.method,
      url: req.url,
      status: res.status,
      statusText: res.statusText,
      ms: performance.now() - started,
      headers: [...res.headers.entries()],
      contentType: res.headers.get("Content-Type"),
      bytes,
    };
  } catch (e) {
    if (signal.aborted) return { kind: "aborted" };
    if (!(e instanceof TypeError))
      return {
        kind: "failure",
        message: failureMessage({ kind: "other", message: String((e as Error)?.message ?? e) }),
      };
    // The violation event is queued as a task: give it a turn before deciding.
    await new Promise((r) => setTimeout(r, 0));
    const failure: Failure = blocked
      ? { kind: "blocked", origin }
      : { kind: (await reachable(req.url, signal)) ? "cors" : "network", origin };
    return signal.aborted ? { kind: "aborted" } : { kind: "failure", message: failureMessage(failure) };
  } finally {
    document.removeEventListener("securitypolicyviolation", onViolation);
  }
}

/** Whether anything answers at the URL: a no-cors GET resolves (opaquely) whenever the server responds. */
async function reachable(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    await fetch(url, { mode: "no-cors", credentials: "omit", cache: "no-store", signal });
    return true;
  } catch {
    return false;
  }
}
