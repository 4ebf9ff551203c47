/**
 * Segments (common/search-segment.ts) as a query reads them: a segment is small and read
 * whole, so it is parsed whole once per isolate; a query asks each live segment, newest first,
 * whether it has an entry for a term or a record before it asks the base.
 */
import { isFacetBundle, RecordBundleView, type FacetBundle } from "../../common/search-pieces";
import type { StoredSegment, TermChange } from "../../common/search-segment";
import { lexiconView, type LexiconView } from "./lexicon";
import type { PieceDecoder } from "./pieces";

export class SegmentView {
  private readonly changes: Map<string, TermChange>;

  constructor(
    readonly lexicon: LexiconView,
    postings: Record<string, TermChange>,
    readonly records: RecordBundleView,
    readonly facets: FacetBundle,
  ) {
    // Own keys only (JSON.parse makes "__proto__" an own key like any other).
    this.changes = new Map(Object.entries(postings));
  }

  /** The term's change to the base's postings, or undefined when the segment leaves them to older layers. */
  change(term: string): TermChange | undefined {
    const change = this.changes.get(term);
    if (change !== undefined && (!Array.isArray(change.a) || typeof change.n !== "number"))
      throw new Error(`the segment's change of "${term}" is not a term's change`);
    return change;
  }
}

/** How the piece loader keeps segments. */
export const SEGMENTS: PieceDecoder<SegmentView> = {
  fromText(text) {
    const value = JSON.parse(text) as Partial<StoredSegment> | null;
    if (value === null || typeof value !== "object") throw new Error("not a segment");
    const { lexicon, postings, records, facets } = value;
    if (postings === null || typeof postings !== "object" || !isFacetBundle(facets) || !records)
      throw new Error("not a segment");
    return new SegmentView(lexiconView(lexicon), postings, RecordBundleView.fromValue(records), facets);
  },
};
