/**
 * Turns the explorer's form into a request, or into the reasons it cannot be sent yet (pure: the
 * island calls fetch with the result; unit-tested in Node).
 */
import { isBytesType, type ApiExplorerProps, type ExplorerParam } from "./props";

/** The form's parameter values, keyed by `paramKey`. */
export type ParamValues = Record<string, string>;

export const paramKey = (p: Pick<ExplorerParam, "in" | "name">) => `${p.in}:${p.name}`;

export interface ExplorerRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export type Prepared = { ok: true; request: ExplorerRequest } | { ok: false; errors: string[]; invalid: string[] };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a node URL cannot be used from this page, or null. Browsers (and the site's CSP) allow
 * https:// anywhere and plain http:// only to this computer.
 *
 * @example nodeUrlProblem("ftp://x") // "The node URL must start with https:// (or http:// for localhost)."
 */
export function nodeUrlProblem(url: string): string | null {
  if (!url.trim()) return "Enter the node URL, for example http://127.0.0.1:8080/v1.";
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `"${url.trim()}" is not a URL: write it in full, for example http://127.0.0.1:8080/v1.`;
  }
  if (parsed.protocol === "https:") return null;
  if (parsed.protocol === "http:" && LOOPBACK.has(parsed.hostname)) return null;
  if (parsed.protocol === "http:") {
    return "Browsers send requests from this page over https:// only (plain http:// is allowed to localhost and 127.0.0.1): use the node's https URL, or the curl sample.";
  }
  return "The node URL must start with https:// (or http:// for localhost).";
}

/**
 * The request URL: path parameters encoded into the template (left as `{name}` while empty, for
 * the preview), then the query parameters that have a value.
 *
 * @example buildUrl("https://n/v1/", "/accounts/{address}", params, { "path:address": "0x1" }) // "https://n/v1/accounts/0x1"
 */
export function buildUrl(base: string, path: string, params: ExplorerParam[], values: ParamValues): string {
  let filled = path;
  for (const p of params.filter((p) => p.in === "path")) {
    const v = (values[paramKey(p)] ?? "").trim();
    if (v) filled = filled.split(`{${p.name}}`).join(encodeURIComponent(v));
  }
  const query = new URLSearchParams();
  for (const p of params.filter((p) => p.in === "query")) {
    const v = (values[paramKey(p)] ?? "").trim();
    if (v) query.append(p.name, v);
  }
  const search = query.toString();
  return `${base.trim().replace(/\/+$/, "")}${filled}${search ? `?${search}` : ""}`;
}

/** Problems with the values: required ones left empty, integers (or integer strings) that are not whole numbers. */
export function paramProblems(params: ExplorerParam[], values: ParamValues): { errors: string[]; invalid: string[] } {
  const errors: string[] = [];
  const invalid: string[] = [];
  const missing = params.filter((p) => p.required && !(values[paramKey(p)] ?? "").trim());
  if (missing.length) {
    const names = missing.map((p) => p.name);
    errors.push(`Fill in the required parameter${names.length > 1 ? "s" : ""} ${names.join(", ")}.`);
    invalid.push(...missing.map(paramKey));
  }
  for (const p of params) {
    const v = (values[paramKey(p)] ?? "").trim();
    const integer = p.type === "integer" || (p.format !== undefined && /^u?int\d+$/.test(p.format));
    const unsigned = p.format?.startsWith("u") ?? false;
    if (v && integer && !(unsigned ? /^\d+$/ : /^-?\d+$/).test(v)) {
      errors.push(`${p.name} must be a whole number, got "${v}".`);
      invalid.push(paramKey(p));
    }
  }
  return { errors, invalid };
}

/**
 * Checks a JSON body before it is sent; the error names the line and column when the browser
 * reports a position.
 */
export function checkJsonBody(text: string): { ok: true; text: string } | { ok: false; error: string } {
  try {
    JSON.parse(text);
    return { ok: true, text };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    let where = "";
    if (at && !/line \d+ column \d+/.test(message)) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split("\n").length;
      where = ` (line ${line}, column ${before.length - before.lastIndexOf("\n")})`;
    }
    return { ok: false, error: `The request body is not valid JSON: ${message}${where}.` };
  }
}

/**
 * Reads BCS bytes written as hex (`0x` optional; spaces and line breaks ignored).
 *
 * @example parseHex("0x01 ff") // Uint8Array [1, 255]
 */
export function parseHex(text: string): Uint8Array | null {
  const hex = text.replace(/\s+/g, "").replace(/^0x/i, "");
  if (hex.length % 2 || /[^0-9a-f]/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export interface FormState {
  /** The node's base URL (a server of the document or the custom one). */
  base: string;
  values: ParamValues;
  accept: string;
  /** The body editor's text and its media type (when the operation takes a body). */
  body?: { text: string; type: string };
}

/** Everything the Send button needs, checked: the request, or every problem at once. */
export function prepareRequest(props: ApiExplorerProps, form: FormState): Prepared {
  const params = props.params ?? [];
  const errors: string[] = [];
  const invalid: string[] = [];
  const urlProblem = nodeUrlProblem(form.base);
  if (urlProblem) {
    errors.push(urlProblem);
    invalid.push("node-url");
  }
  const checked = paramProblems(params, form.values);
  errors.push(...checked.errors);
  invalid.push(...checked.invalid);

  const headers: Record<string, string> = { Accept: form.accept };
  for (const p of params.filter((p) => p.in === "header")) {
    const v = (form.values[paramKey(p)] ?? "").trim();
    if (v) headers[p.name] = v;
  }

  let body: string | Uint8Array | undefined;
  if (props.body && form.body && form.body.text.trim()) {
    const { text, type } = form.body;
    if (isBytesType(type)) {
      const bytes = parseHex(text);
      if (bytes) body = bytes;
      else errors.push("The request body must be hex bytes (for example 0x0a1b…) for a BCS body.");
    } else {
      const json = checkJsonBody(text);
      if (json.ok) body = json.text;
      else errors.push(json.error);
    }
    if (body === undefined) invalid.push("body");
    else headers["Content-Type"] = type;
  } else if (props.body?.required) {
    errors.push("This operation needs a request body.");
    invalid.push("body");
  }

  if (errors.length) return { ok: false, errors, invalid };
  const request: ExplorerRequest = {
    method: props.method,
    url: buildUrl(form.base, props.path, params, form.values),
    headers,
  };
  if (body !== undefined) request.body = body;
  return { ok: true, request };
}
