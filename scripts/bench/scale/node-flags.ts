/**
 * The Node flags package.json's scripts start the processes the bench measures with, so that the
 * bench's processes get the same (test/bench/scale.node.test.ts checks that they agree).
 */

/**
 * The young generation every building process gets: four times V8's own, because a build allocates
 * much that dies at once, and a major collection of a heap that holds 10,000 pages takes most of a
 * second.
 */
const YOUNG_GENERATION = "--max-semi-space-size=64";

/** `npm run dev`: the larger young generation, for a save's build. */
export const DEV_NODE_FLAGS = [YOUNG_GENERATION];

/**
 * `npm run publish` and `npm run preview`, which build in their own process with no heap bound: the
 * larger young generation. With V8's default, much of a release's short-lived garbage outlives two
 * scavenges and is promoted, to be collected again by a major collection of a heap that holds every
 * page's records.
 */
export const PUBLISH_NODE_FLAGS = [YOUNG_GENERATION];

/**
 * The old generation's bound for `npm run build:content` (and so `npm run build`), in MiB, unless
 * BUILD_HEAP_MB says otherwise. A build allocates far faster than it keeps, and V8's own bound
 * (a share of the machine's memory) lets the heap fill with garbage long before it collects, so the
 * process's peak follows the bound rather than what the build holds. A site that holds more than the
 * bound (about twice the 10,000-page one) stops with V8's "heap out of memory": give it more with
 * BUILD_HEAP_MB.
 *
 * The bound costs the first build's page threads (which get it too) more collections. V8 sizes the
 * young generation from the bound; the larger one (YOUNG_GENERATION) lets a page's garbage (trees,
 * tokens, Markdown) die there instead of being promoted for major collections to find, and costs
 * each thread at most a few hundred MiB more. The figures behind both choices are in the commits
 * that made them.
 */
export const BUILD_HEAP_MB = 1536;

/** The flags of `npm run build:content` in an environment (BUILD_HEAP_MB, as its script reads it). */
export function buildNodeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return [`--max-old-space-size=${env.BUILD_HEAP_MB || BUILD_HEAP_MB}`, YOUNG_GENERATION];
}
