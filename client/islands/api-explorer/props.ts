/**
 * What an operation page tells the "Try it" explorer (written by openapi/generate/explorer.ts,
 * serialised into the island's marker). Kept compact: it sits in the page's HTML; empty fields are left out.
 */

export interface ExplorerServer {
  /** Shown in the network picker, e.g. "Movement Mainnet". */
  name: string;
  /** Base URL the operation path is appended to, e.g. https://mainnet.movementnetwork.xyz/v1. */
  url: string;
}

export interface ExplorerParam {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  /** The schema's type when not string: integer, number, boolean (a select), array, object. */
  type?: string;
  /** An integer written as a string (`uint64`, `int32`, …: a ledger version, a block height): checked as a whole number. */
  format?: string;
  /** Allowed values (a select). */
  enum?: string[];
  default?: string;
  example?: string;
}

export interface ExplorerBody {
  required?: boolean;
  /** Media types the operation accepts, JSON first when it takes JSON. */
  types: string[];
  /** The generated JSON example (a JSON value), when the page shows it only inline (short bodies). */
  example?: unknown;
  /** Id of the page's example block to prefill from, when the page already shows the example there. */
  exampleFrom?: string;
}

export interface ApiExplorerProps {
  /** Upper case, e.g. GET. */
  method: string;
  /** Relative to the server URL, with `{name}` placeholders, e.g. /accounts/{address}. */
  path: string;
  servers: ExplorerServer[];
  params?: ExplorerParam[];
  body?: ExplorerBody;
  /** Media types of the success response (the Accept choices), e.g. application/json, application/x-bcs. */
  accept?: string[];
  /** Overrides the site's apiExplorer.timeoutMs for this operation. */
  timeoutMs?: number;
}

/** A short label for a media type in pickers: JSON, BCS, or the type itself. */
export function mediaLabel(type: string): string {
  if (type === "application/json") return "JSON";
  if (/bcs/.test(type)) return type === "application/x-bcs" ? "BCS" : `BCS (${type})`;
  return type;
}

/** Whether a request body of this media type is written as hex bytes rather than JSON text. */
export function isBytesType(type: string): boolean {
  return /bcs|octet-stream/.test(type);
}
