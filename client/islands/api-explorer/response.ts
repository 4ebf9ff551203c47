/**
 * How the explorer shows what came back: a formatted body (pretty JSON, text, or a hex dump of
 * BCS bytes), the status line, and the message for a request that got no response. Pure.
 */

export type FormattedBody =
  | { kind: "text"; text: string; truncated: boolean }
  | { kind: "bytes"; length: number; hex: string; shown: number }
  | { kind: "empty" };

/** Characters of text shown at most; a longer body is cut with a note (the browser keeps responsive). */
export const TEXT_MAX = 300_000;
/** Bytes of a binary body shown in the hex dump. */
export const HEX_MAX = 256;

export function formatBody(contentType: string | null, bytes: Uint8Array): FormattedBody {
  if (bytes.length === 0) return { kind: "empty" };
  const type = (contentType ?? "").toLowerCase();
  if (/bcs|octet-stream/.test(type))
    return {
      kind: "bytes",
      length: bytes.length,
      hex: hexDump(bytes, HEX_MAX),
      shown: Math.min(bytes.length, HEX_MAX),
    };
  let text = new TextDecoder().decode(bytes);
  if (/[/+]json/.test(type)) {
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  return text.length > TEXT_MAX
    ? { kind: "text", text: text.slice(0, TEXT_MAX), truncated: true }
    : { kind: "text", text, truncated: false };
}

/**
 * Sixteen bytes a line: offset, bytes in hex, printable ASCII.
 *
 * @example hexDump(new Uint8Array([0x4d, 0x4f, 0x56, 0x45])) // "00000000  4d 4f 56 45  MOVE"
 */
export function hexDump(bytes: Uint8Array, max = HEX_MAX): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, max);
  for (let at = 0; at < end; at += 16) {
    const row = [...bytes.subarray(at, Math.min(at + 16, end))];
    const hex = row.map((b) => b.toString(16).padStart(2, "0")).join(" ");
    const ascii = row.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : ".")).join("");
    lines.push(`${at.toString(16).padStart(8, "0")}  ${hex.padEnd(47)}  ${ascii}`.trimEnd());
  }
  return lines.join("\n");
}

const REASONS: Record<number, string> = {
  200: "OK",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** `200 OK`: HTTP/2 responses carry no reason phrase, so a known one is filled in. */
export function statusLine(status: number, statusText: string): string {
  const reason = statusText || REASONS[status] || "";
  return `${status}${reason ? ` ${reason}` : ""}`;
}

/** `532 ms`, `1.4 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** `512 B`, `1.5 KB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Why a request got no response. fetch reports a network failure and a CORS refusal alike (a
 * TypeError); the explorer tells them apart by probing the URL without CORS: an opaque answer
 * means the node is up and refused the browser, no answer means it could not be reached.
 */
export type Failure =
  | { kind: "cors" | "network" | "blocked"; origin: string }
  | { kind: "timeout"; origin: string; ms: number }
  | { kind: "other"; message: string };

export function failureMessage(f: Failure): string {
  switch (f.kind) {
    case "cors":
      return `The node at ${f.origin} answered, but it does not allow browser requests from this origin (CORS), so the browser hid the response. Send the request with the curl sample instead, or use a node that sends Access-Control-Allow-Origin.`;
    case "network":
      return `No response from ${f.origin}: the node may be down or the URL wrong, or it may not allow browser requests from this origin (CORS). Check the URL, or send the request with the curl sample.`;
    case "blocked":
      return `The browser blocked the request to ${f.origin} (this site's security policy or mixed content). Use an https:// node URL, or the curl sample.`;
    case "timeout":
      return `No answer from ${f.origin} within ${formatDuration(f.ms)}, so the request was stopped. The node may be slow or unreachable: try again, pick another network, or send the request with the curl sample.`;
    case "other":
      return `The request failed: ${f.message}`;
  }
}
