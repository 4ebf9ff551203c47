/**
 * The format of what a publish stores for the worker to read: the manifest root, its parts, route
 * shards, sidebars, page records, and the search root, its parts, pieces and segments. Bump
 * STORE_FORMAT with any change to them that the deployed worker could not read, and keep the
 * worker reading the format before it (READABLE_FORMATS) for one release.
 *
 * Each format has its own channel pointers and history (kvKeys.channel, kvKeys.history), so a
 * deploy and a publish can happen in either order without a moment in which the worker serves
 * content it cannot read: CI publishes first (the worker still deployed reads its own format's
 * pointer, which the publish did not move), then deploys the code that reads the new format; a
 * worker deployed before any publish in its format serves the previous format's build, while it
 * still reads that format, and answers 503 ("publish again") once it does not.
 */
export const STORE_FORMAT = 3;

/**
 * The formats this code reads, newest first. At a bump, the format before stays in this list (with
 * the code that reads it) for one release, so a worker deployed before the first publish in the new
 * format still serves the previous one; then it goes.
 */
export const READABLE_FORMATS: readonly number[] = [STORE_FORMAT];

/**
 * Format 2's pointers and histories predate per-format keys, so they have plain names. No worker
 * reads them any more; GC removes them, and deleting a channel removes them too.
 */
const PLAIN_KEYS_FORMAT = 2;

/** The KV key suffix of a format's pointer and history: "" for format 2, "@<format>" after it. */
export const formatSuffix = (format: number): string => (format === PLAIN_KEYS_FORMAT ? "" : `@${format}`);

/** A channel pointer's or history's key name split into its channel and format ("preview-x@3" → preview-x, 3). */
export function channelOfKey(name: string): { channel: string; format: number } {
  const at = /^(.*)@(\d+)$/.exec(name);
  return at ? { channel: at[1]!, format: Number(at[2]) } : { channel: name, format: PLAIN_KEYS_FORMAT };
}
