/**
 * The modal's search signals, free of the DOM and of DocSearch (signals.client.ts wires them): a
 * session is one opening of the modal. Every answer DocSearch shows is noted; a query is final
 * when a result of it is opened, or when it is showing as the modal closes or the page is left,
 * and only a final query is reported (the keystrokes before it are not queries). A query that
 * found nothing, followed in the session by one whose result was opened, is reported with it as a
 * pair (a reformulation); typing on past a miss ("fauc" → "faucet") makes no pair.
 */
import { normalizeQuery } from "../../../common/signals";

export interface ModalSignal {
  event: "query";
  source: "modal";
  version: string;
  query: string;
  hits: number;
  opened: boolean;
  miss?: string;
}

interface Showing {
  query: string;
  hits: number;
  version: string;
}

export class ModalSession {
  private showing: Showing | null = null;
  private miss: string | null = null;
  private asked = 0;
  private shown = 0;

  constructor(private readonly send: (signal: ModalSignal) => void) {}

  /** A search is sent: the ticket its answer brings back (answers may arrive out of order). */
  ask(): number {
    return ++this.asked;
  }

  /**
   * DocSearch shows the answer to `query` (the search of `ticket`): `hits` results (0: its
   * no-results screen). False when an answer to a later search came first: this one never shows.
   */
  answered(ticket: number, query: string, hits: number, version: string): boolean {
    if (ticket < this.shown) return false;
    this.shown = ticket;
    const q = normalizeQuery(query);
    if (!q) {
      this.showing = null;
      return true;
    }
    if (hits === 0) this.miss = q;
    // Typing on past a miss ("fauc" → "faucet"): the miss was a keystroke, not a query.
    else if (this.miss && q.startsWith(this.miss)) this.miss = null;
    this.showing = { query: q, hits, version };
    return true;
  }

  /** A result of the showing query was opened (a click, Enter, or a new tab). */
  opened(): void {
    if (!this.showing) return;
    const { query } = this.showing;
    const miss = this.miss && this.miss !== query ? this.miss : undefined;
    this.report(true, miss);
    this.miss = null;
  }

  /** The modal closed, or the page is being left, with the query still showing. */
  closed(): void {
    this.report(false);
    this.miss = null;
  }

  /** The reader went on to the full results page ("See all results"), which counts the query itself. */
  handedOff(): void {
    this.showing = null;
    this.miss = null;
  }

  private report(opened: boolean, miss?: string): void {
    if (!this.showing) return;
    const { query, hits, version } = this.showing;
    this.showing = null;
    this.send({ event: "query", source: "modal", version, query, hits, opened, ...(miss ? { miss } : {}) });
  }
}

/**
 * The query, hit count and facet filters of the first search of a DocSearch request and its
 * response, as the modal's search client sees them; null when the request holds no search.
 */
export function firstSearch(
  request: unknown,
  response: { results?: unknown[] },
): { query: string; hits: number; facetFilters: unknown } | null {
  const requests = Array.isArray(request) ? request : (request as { requests?: unknown[] } | null)?.requests;
  const first = requests?.[0] as
    | {
        query?: unknown;
        params?: { query?: unknown; facetFilters?: unknown };
        facetFilters?: unknown;
        hitsPerPage?: unknown;
      }
    | undefined;
  const result = response.results?.[0] as { nbHits?: unknown } | undefined;
  const query = first?.query ?? first?.params?.query;
  if (typeof query !== "string" || typeof result?.nbHits !== "number" || first?.hitsPerPage === 0) return null;
  return { query, hits: result.nbHits, facetFilters: first?.facetFilters ?? first?.params?.facetFilters };
}
