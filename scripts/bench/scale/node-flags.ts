/**
 * The Node flags package.json's scripts start the processes the bench measures with, so that the
 * bench's processes get the same (test/bench/scale.node.test.ts checks that they agree).
 */

/**
 * `npm run dev`: a larger young generation, because a save's build allocates much that dies at
 * once, and a major collection of a heap that holds 10,000 pages takes most of a second.
 */
export const DEV_NODE_FLAGS = ["--max-semi-space-size=64"];

/**
 * The old generation's bound for `npm run build:content` (and so `npm run build`), in MiB, unless
 * BUILD_HEAP_MB says otherwise. A build allocates faster than it keeps: at 10,000 pages the most it
 * held after a full collection was 700 MiB, while V8's own bound on this machine (4 GiB) let its
 * heap grow past 2 GiB of garbage. Bounded, the cold build with the cache peaked at 1.3 GiB of
 * resident memory for about 2 s more of its 50, and the first build (empty cache) at 1.6 GiB
 * instead of 1.9–2.0. A site that holds more than the bound (about twice the 10,000-page one) stops
 * with V8's "heap out of memory": give it more with BUILD_HEAP_MB.
 *
 * The bound costs the first build's page threads (which get it too) more collections: at 2,000
 * pages, 99 s unbounded, 125 s bounded. V8 sizes the young generation from the bound, halving it
 * here; `--max-semi-space-size=16` gives back the size it has unbounded, and the first build 8 s.
 */
export const BUILD_HEAP_MB = 1536;

/** The flags of `npm run build:content` in an environment (BUILD_HEAP_MB, as its script reads it). */
export function buildNodeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return [`--max-old-space-size=${env.BUILD_HEAP_MB || BUILD_HEAP_MB}`, "--max-semi-space-size=16"];
}
