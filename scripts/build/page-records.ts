/**
 * A build's page records as a read-only map of route → PageRecord over their stored values (JSON,
 * page-texts.ts): a record is parsed when asked for, and nothing keeps it parsed, so a large build
 * holds no page as objects.
 */
import type { PageRecord } from "../../common/page";
import { LazyMap } from "./lazy-map";
import type { KeptPage } from "./page-pass";
import { textOf } from "./page-texts";

export class PageRecords extends LazyMap<string, KeptPage, PageRecord> {
  constructor(pages: ReadonlyMap<string, KeptPage>) {
    super(pages, (page) => JSON.parse(textOf(page, "value")) as PageRecord);
  }
}
