/**
 * `/_signals`: where readers' signals arrive. `POST /_signals/feedback` takes a vote from the form
 * (URL-encoded, no JavaScript: answered with 303 to the page and its thank-you) or from the boot
 * script (JSON: answered with JSON); `POST /_signals/search` takes the modal's and the /search
 * page's search signals (JSON, 204). Both are capped in size, rate-limited per connecting address
 * and answer before anything is written (the write runs in `waitUntil`: recorder.ts).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { versionPath } from "../../common/versions";
import type { BuildManifest } from "../content-store";
import type { Env, StoreVars } from "../env";
import { RATE_LIMIT_RETRY_SECONDS, rateLimit } from "../middleware/rate-limit";
import { renderNotice } from "../render";
import { html } from "../routes/responses";
import { BadSignal, feedbackInput, pageField, searchSignalInput } from "./input";
import { deferOf, recorderFor, signalsEnabled } from "./recording";

/** A vote with a 500-character note, URL-encoded (up to 12 bytes a character), fits. */
export const MAX_FEEDBACK_BODY_BYTES = 16 * 1024;
export const MAX_SEARCH_SIGNAL_BODY_BYTES = 2 * 1024;

type SignalsEnv = { Bindings: Env; Variables: StoreVars };
type C = Context<SignalsEnv>;

const NO_STORE = { "Cache-Control": "no-store" };

const isForm = (c: C) =>
  c.req.header("Content-Type")?.split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
/** JSON, or plain text holding JSON (what a beacon may send). */
const isJson = (c: C) => /^(application\/json|text\/plain)\b/i.test(c.req.header("Content-Type") ?? "");

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...NO_STORE, ...headers },
  });
}

/** A refusal: JSON to a script, a page with the way back to a reader's form. */
async function refuse(
  c: C,
  status: number,
  message: string,
  form: { manifest: BuildManifest | null; back: string | null } | null,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (!form) return json(status, { message, status }, headers);
  const title = status === 429 ? "Too Many Answers" : "Answer Not Recorded";
  const body = await renderNotice({ title, message, back: form.back }, form.manifest);
  return html(c, body, status, { ...NO_STORE, ...headers });
}

const TOO_MANY = "Too many answers from your network just now; try again in a minute.";
const retry = { "Retry-After": String(RATE_LIMIT_RETRY_SECONDS) };

/** The request's fields: URL-encoded (the form) or a JSON object; null when neither. */
async function fieldsOf(c: C, form: boolean): Promise<Record<string, unknown> | null> {
  // Read as bytes: workerd warns when a form's body is read as text.
  const text = new TextDecoder().decode(await c.req.arrayBuffer());
  if (form) return Object.fromEntries(new URLSearchParams(text));
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The page a form came from, for the notice's way back; null (home) when it names none. */
function backOf(fields: Record<string, unknown> | null): string | null {
  try {
    return pageField(fields?.page);
  } catch {
    return null;
  }
}

async function liveManifest(c: C): Promise<BuildManifest> {
  return c.var.store.manifest(await c.var.store.liveBuildId());
}

async function feedback(c: C): Promise<Response> {
  const form = isForm(c);
  if (!form && !isJson(c)) return json(415, { message: "send a form or JSON", status: 415 });
  const fields = await fieldsOf(c, form);
  const manifest = await liveManifest(c);
  const answer = form ? { manifest, back: backOf(fields) } : null;
  if (!signalsEnabled(manifest.config)) return refuse(c, 404, "This site does not ask for feedback.", answer);
  if (!fields) return refuse(c, 400, "the body is not a JSON object", answer);
  let signal;
  try {
    signal = feedbackInput(fields);
  } catch (e) {
    if (e instanceof BadSignal) return refuse(c, 400, `Your answer was not recorded: ${e.message}.`, answer);
    throw e;
  }
  // The page is one of the docs version the form was in (a legacy version's is served under its prefix).
  const shown = await manifest.inVersion(signal.version);
  if (!shown)
    return refuse(c, 400, `Your answer was not recorded: this site has no docs version ${signal.version}.`, answer);
  const page = versionPath(shown.version.prefix, signal.page);
  if (!(await shown.routesAmong([signal.page])).has(signal.page))
    return refuse(c, 400, `Your answer was not recorded: this site has no page ${page}.`, answer);
  const recorder = recorderFor(c.env, deferOf(c), c.req.raw.headers, manifest.config);
  recorder?.feedback(signal);
  if (!form) return json(200, { recorded: recorder !== null });
  // The page again, with its thank-you (worker/routes/pages.ts), at the form.
  return new Response(null, {
    status: 303,
    headers: { Location: `${page}?feedback=${signal.vote}#feedback`, ...NO_STORE },
  });
}

async function searchSignal(c: C): Promise<Response> {
  if (!isJson(c)) return json(415, { message: "send JSON", status: 415 });
  const fields = await fieldsOf(c, false);
  if (!fields) return json(400, { message: "the body is not a JSON object", status: 400 });
  const manifest = await liveManifest(c);
  if (!signalsEnabled(manifest.config))
    return json(404, { message: "This site records no search signals", status: 404 });
  let signal;
  try {
    signal = searchSignalInput(fields);
  } catch (e) {
    if (e instanceof BadSignal) return json(400, { message: e.message, status: 400 });
    throw e;
  }
  if (signal) recorderFor(c.env, deferOf(c), c.req.raw.headers, manifest.config)?.search(signal);
  return json(204, null);
}

const tooLarge = (max: number) => () => json(413, { message: `the body is larger than ${max} bytes`, status: 413 });

export const signals = new Hono<SignalsEnv>();
signals.post(
  "/feedback",
  bodyLimit({ maxSize: MAX_FEEDBACK_BODY_BYTES, onError: tooLarge(MAX_FEEDBACK_BODY_BYTES) }),
  rateLimit<SignalsEnv>("SIGNALS_RATE_LIMIT", "feedback", async (c) => {
    if (!isForm(c)) return refuse(c, 429, TOO_MANY, null, retry);
    const manifest = await liveManifest(c).catch(() => null);
    return refuse(c, 429, TOO_MANY, { manifest, back: backOf(await fieldsOf(c, true)) }, retry);
  }),
  feedback,
);
signals.post(
  "/search",
  bodyLimit({ maxSize: MAX_SEARCH_SIGNAL_BODY_BYTES, onError: tooLarge(MAX_SEARCH_SIGNAL_BODY_BYTES) }),
  rateLimit<SignalsEnv>("SIGNALS_RATE_LIMIT", "search", () => json(429, { message: TOO_MANY, status: 429 }, retry)),
  searchSignal,
);
signals.all("/feedback", () => json(405, { message: "Method Not Allowed", status: 405 }, { Allow: "POST" }));
signals.all("/search", () => json(405, { message: "Method Not Allowed", status: 405 }, { Allow: "POST" }));
