/**
 * The 2026-07-28 revision's side of an answer: the methods it defines that this server offers,
 * `server/discover`, and what every result carries there (`resultType`, the server's identity,
 * and for list and read results how long a client may keep them). No SDK.
 */
import { MODERN_VERSION, RpcCode, SERVER_INFO_KEY } from "./wire";

/** Requests of the 2026-07-28 revision this server answers; any other method is not found. */
export const MODERN_METHODS = new Set([
  "server/discover",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
]);

/**
 * How long a client may keep a result, in milliseconds, for the methods whose results the
 * revision makes cacheable. The tools and templates change only with the worker's code; page
 * lists and pages change with each publish, which reaches every isolate within about 31 seconds.
 */
export const CACHE_TTL_MS: Record<string, number> = {
  "server/discover": 3_600_000,
  "tools/list": 3_600_000,
  "resources/templates/list": 3_600_000,
  "resources/list": 60_000,
  "resources/read": 60_000,
};

export interface ServerIdentity {
  name: string;
  version: string;
}

export interface DiscoverResult extends Record<string, unknown> {
  supportedVersions: string[];
  capabilities: Record<string, unknown>;
  instructions: string;
}

export function discoverResult(capabilities: Record<string, unknown>, instructions: string): DiscoverResult {
  return { supportedVersions: [MODERN_VERSION], capabilities, instructions };
}

/** A result as the 2026-07-28 revision sends it. */
export function stampResult(
  method: string,
  result: Record<string, unknown>,
  server: ServerIdentity,
): Record<string, unknown> {
  const ttl = CACHE_TTL_MS[method];
  const meta = typeof result._meta === "object" && result._meta !== null ? result._meta : {};
  return {
    ...result,
    resultType: "complete",
    ...(ttl === undefined ? {} : { ttlMs: ttl, cacheScope: "public" }),
    _meta: { ...meta, [SERVER_INFO_KEY]: server },
  };
}

/** An error code as the 2026-07-28 revision has it: a missing resource is invalid params there. */
export const modernErrorCode = (code: number) => (code === RpcCode.ResourceNotFound ? RpcCode.InvalidParams : code);
