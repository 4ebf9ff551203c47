/**
 * Format 2's search index (client/contracts/format-2/search-index.ts: a root listing every piece,
 * packs and patches). The other modules of this folder are format 2's read code as it was; the
 * worker reads such builds for one release after the format that replaces them
 * (client/contracts/store-format.ts), and this folder goes in the next release.
 */
import type { SearchRoot } from "../../../client/contracts/format-2/search-index";
import { SearchEngine } from "./engine";
import { PieceLoader, type PieceCache, type PieceReader } from "./pieces";

/** Whether a search root read from KV is format 2's. */
export const isFormat2SearchRoot = (value: unknown): value is SearchRoot =>
  value !== null && typeof value === "object" && (value as SearchRoot).version === 4;

/** The engine over a format-2 root, its pieces kept in `cache` (the isolate's one piece cache). */
export function format2Search(root: SearchRoot, kv: PieceReader, cache: PieceCache): SearchEngine {
  return new SearchEngine(root, new PieceLoader(kv, cache));
}
