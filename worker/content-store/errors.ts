/** The content store's failures, mapped to statuses by worker/middleware/errors.ts. */
/** KV failed, timed out or does not hold the build yet: retrying may help (503 + Retry-After). */
export class ContentUnavailable extends Error {
  override name = "ContentUnavailable";
}
/** The build in KV is inconsistent (a listed page without its record, a corrupt record): retrying will not help (500). */
export class ContentCorrupt extends Error {
  override name = "ContentCorrupt";
}
