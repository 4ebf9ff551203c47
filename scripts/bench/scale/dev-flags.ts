/**
 * The Node flags package.json's `dev` script starts `npm run dev` with: a larger young generation,
 * because a save's build allocates much that dies at once, and a major collection of a heap that
 * holds 10,000 pages takes most of a second. The bench's `npm run dev` process gets the same
 * (test/bench/scale.node.test.ts checks the two agree).
 */
export const DEV_NODE_FLAGS = ["--max-semi-space-size=64"];
