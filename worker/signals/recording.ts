/**
 * Whether a request's signals are recorded, and the recorder when they are: site.yaml's switch
 * (`signals.enabled`; a build made before the switch existed records), the deployment (preview
 * channels record nothing: their readers are authors), the reader's browser (Global Privacy
 * Control or Do Not Track), and the SIGNALS binding (absent: logged once per isolate).
 */
import type { SiteConfig } from "../../common/site-config";
import { DEFAULT_ROW_BUDGET, headersAskNotToRecord, SIGNALS_FLUSH_MS } from "../../common/signals";
import type { Env } from "../env";
import { log } from "../log";
import { msSetting } from "../content-store";
import { SignalsRecorder } from "./recorder";

let missingLogged = false;

/** Site configurations of builds made before site.yaml had `signals` lack it. */
type MaybeSignals = { signals?: Partial<SiteConfig["signals"]> } | null | undefined;

/** Whether the build turns signals on (the form is shown, the routes answer). */
export const signalsEnabled = (config: MaybeSignals): boolean => config?.signals?.enabled !== false;

/**
 * The recorder for this request, or null when nothing is to be recorded. `defer` is the request's
 * `waitUntil`, or null when the request has none (a test calling the app directly).
 */
export function recorderFor(
  env: Env,
  defer: ((work: Promise<unknown>) => void) | null,
  headers: Headers,
  config: MaybeSignals,
): SignalsRecorder | null {
  if (!signalsEnabled(config) || !defer) return null;
  if (env.CONTENT_CHANNEL?.startsWith("preview-")) return null;
  if (headersAskNotToRecord(headers)) return null;
  if (!env.SIGNALS) {
    if (!missingLogged) log.error("signals_disabled", { reason: "the worker has no SIGNALS binding (wrangler.toml)" });
    missingLogged = true;
    return null;
  }
  return new SignalsRecorder(
    env.SIGNALS,
    defer,
    config?.signals?.rowBudget ?? DEFAULT_ROW_BUDGET,
    msSetting("signals_flush_invalid", env.SIGNALS_FLUSH_MS, SIGNALS_FLUSH_MS),
  );
}

/** The request's `waitUntil`, or null when it has no execution context (Hono throws on reading it then). */
export function deferOf(c: {
  executionCtx: { waitUntil(work: Promise<unknown>): void };
}): ((work: Promise<unknown>) => void) | null {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    return null;
  }
}
