/**
 * The worker's code version (scripts/worker/code-version.ts digests the code and the client
 * assets' names at bundle time). Rendered pages depend on the code as well as the content, so the
 * page cache and ETags are keyed by both: a deploy of new code is an implicit purge, as a publish is.
 */
import stamp from "../dist/worker-version.json";

export const WORKER_VERSION: string = (stamp as { version: string }).version;
