/**
 * What a vote or a search signal may say, checked field by field: anything else is refused with a
 * message naming the field (BadSignal), never stored. Texts are cleaned and redacted
 * (common/signals.ts) before they reach a statement.
 */
import {
  cleanText,
  DEFAULT_VERSION,
  isReason,
  isVersionName,
  isVote,
  MAX_NOTE_CHARS,
  MAX_PAGE_CHARS,
  normalizeQuery,
  type Vote,
} from "../../common/signals";
import type { FeedbackSignal, SearchSignal } from "./statements";

export class BadSignal extends Error {
  override name = "BadSignal";
}

type Fields = Record<string, unknown>;

/** A field that may be left out: undefined, null and "" all mean "not given". */
const given = (v: unknown) => v !== undefined && v !== null && v !== "";

function version(fields: Fields): string {
  const v = fields.version;
  if (!given(v)) return DEFAULT_VERSION;
  if (!isVersionName(v)) throw new BadSignal("version is not a version name");
  return v;
}

/** A route as the build has it: "/" then no control characters, no backslash, no "//" start. */
export function pageField(v: unknown, name = "page"): string {
  // eslint-disable-next-line no-control-regex
  if (typeof v !== "string" || !/^\/(?!\/)[^\s\\\u0000-\u001f\u007f]*$/.test(v))
    throw new BadSignal(`${name} must be the page's path, starting with "/"`);
  if (v.length > MAX_PAGE_CHARS) throw new BadSignal(`${name} is longer than ${MAX_PAGE_CHARS} characters`);
  return v;
}

function voteField(v: unknown, name: string): Vote {
  if (!isVote(v)) throw new BadSignal(`${name} must be "yes" or "no"`);
  return v;
}

/** A vote from the form (URL-encoded fields) or the boot script (JSON). */
export function feedbackInput(fields: Fields): FeedbackSignal {
  const note = fields.note;
  if (given(note) && typeof note !== "string") throw new BadSignal("note must be text");
  if (typeof note === "string" && Array.from(note).length > MAX_NOTE_CHARS)
    throw new BadSignal(`the note is longer than ${MAX_NOTE_CHARS} characters`);
  const reason = fields.reason;
  if (given(reason) && !isReason(reason)) throw new BadSignal("reason is not one of the form's reasons");
  const cleaned = typeof note === "string" ? cleanText(note, MAX_NOTE_CHARS) : "";
  return {
    page: pageField(fields.page),
    version: version(fields),
    vote: voteField(fields.vote, "vote"),
    previous: given(fields.previous) ? voteField(fields.previous, "previous") : null,
    reason: given(reason) ? (reason as string) : null,
    note: cleaned === "" ? null : cleaned,
  };
}

const MAX_HITS = 10_000_000;

/**
 * A signal from the modal or the /search page: a final query (`event: "query"`, with its hit
 * count, whether a result was opened and the miss it reformulates) or a result opened on /search
 * (`event: "open"`, the query already counted when the page was served). Null when the query
 * normalises to nothing.
 */
export function searchSignalInput(fields: Fields): SearchSignal | null {
  const { event, source } = fields;
  if (event !== "query" && event !== "open") throw new BadSignal('event must be "query" or "open"');
  if (source !== "modal" && source !== "page") throw new BadSignal('source must be "modal" or "page"');
  if (typeof fields.query !== "string") throw new BadSignal("query must be text");
  const query = normalizeQuery(fields.query);
  if (!query) return null;
  if (event === "open") return { version: version(fields), source, query, searches: 0, hits: 0, opened: 1 };
  const hits = fields.hits;
  if (typeof hits !== "number" || !Number.isInteger(hits) || hits < 0 || hits > MAX_HITS)
    throw new BadSignal("hits must be a whole number of results");
  if (typeof fields.opened !== "boolean") throw new BadSignal("opened must be true or false");
  const miss = fields.miss;
  if (given(miss) && typeof miss !== "string") throw new BadSignal("miss must be text");
  // A pair is a miss followed by a query whose result was opened, and only the modal sees one.
  const missQuery = typeof miss === "string" && fields.opened && source === "modal" ? normalizeQuery(miss) : "";
  return {
    version: version(fields),
    source,
    query,
    searches: 1,
    hits,
    opened: fields.opened ? 1 : 0,
    miss: missQuery && missQuery !== query ? missQuery : null,
  };
}
