/**
 * A build's page records as a read-only map of route → PageRecord over their stored values (JSON,
 * page-texts.ts): a record is parsed when asked for, and nothing keeps it parsed, so a large build
 * holds no page as objects.
 */
import type { PageRecord } from "../../client/contracts/page";
import type { PageTextMap } from "./page-texts";

export class PageRecords implements Iterable<[string, PageRecord]> {
  constructor(private readonly stored: PageTextMap) {}

  get size(): number {
    return this.stored.size;
  }

  has(route: string): boolean {
    return this.stored.has(route);
  }

  /** The record of a route, parsed now (a new object each time), or undefined. */
  get(route: string): PageRecord | undefined {
    const value = this.stored.get(route);
    return value === undefined ? undefined : (JSON.parse(value) as PageRecord);
  }

  keys(): IterableIterator<string> {
    return this.stored.keys();
  }

  *values(): IterableIterator<PageRecord> {
    for (const [, record] of this.entries()) yield record;
  }

  *entries(): IterableIterator<[string, PageRecord]> {
    for (const [route, value] of this.stored) yield [route, JSON.parse(value) as PageRecord];
  }

  [Symbol.iterator](): IterableIterator<[string, PageRecord]> {
    return this.entries();
  }
}
