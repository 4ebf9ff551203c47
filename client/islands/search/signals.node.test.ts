/** The modal's signals: only final queries are reported, and a miss then an opened result make a pair. */
import { describe, expect, it } from "vitest";
import { firstSearch, ModalSession, type ModalSignal } from "./signals";

function session() {
  const sent: ModalSignal[] = [];
  return { s: new ModalSession((x) => sent.push(x)), sent };
}

describe("ModalSession", () => {
  it("reports the query showing when the modal closes, not the keystrokes before it", () => {
    const { s, sent } = session();
    for (const q of ["f", "fa", "fau", "faucet"]) s.answered(s.ask(), q, 12, "current");
    s.closed();
    expect(sent).toEqual([
      { event: "query", source: "modal", version: "current", query: "faucet", hits: 12, opened: false },
    ]);
  });

  it("reports an opened result once: closing after it sends nothing more", () => {
    const { s, sent } = session();
    s.answered(s.ask(), "Bridge", 4, "current");
    s.opened();
    s.closed();
    expect(sent).toEqual([
      { event: "query", source: "modal", version: "current", query: "bridge", hits: 4, opened: true },
    ]);
  });

  it("pairs a miss with the reformulation whose result was opened", () => {
    const { s, sent } = session();
    s.answered(s.ask(), "gas staton", 0, "current");
    s.answered(s.ask(), "", 0, "current");
    s.answered(s.ask(), "gas station", 0, "current");
    s.answered(s.ask(), "fee", 9, "current");
    s.opened();
    expect(sent).toEqual([
      { event: "query", source: "modal", version: "current", query: "fee", hits: 9, opened: true, miss: "gas station" },
    ]);
  });

  it("makes no pair when the reader typed on past a miss", () => {
    const { s, sent } = session();
    s.answered(s.ask(), "faucett", 0, "current");
    s.answered(s.ask(), "faucettx", 0, "current");
    s.answered(s.ask(), "faucettxyz wallet", 3, "current");
    s.opened();
    expect(sent[0]!.miss).toBeUndefined();
  });

  it("reports a zero-result query showing at close, and nothing after See all results", () => {
    const { s, sent } = session();
    s.answered(s.ask(), "zzqx", 0, "current");
    s.closed();
    s.answered(s.ask(), "wallet", 5, "current");
    s.handedOff();
    s.closed();
    expect(sent).toEqual([
      { event: "query", source: "modal", version: "current", query: "zzqx", hits: 0, opened: false },
    ]);
  });
});

it("ignores an answer overtaken by a later search, and says it never shows", () => {
  const { s, sent } = session();
  const first = s.ask();
  const second = s.ask();
  expect(s.answered(second, "zeta", 1, "current")).toBe(true);
  expect(s.answered(first, "ze", 3, "current")).toBe(false);
  s.closed();
  expect(sent.map((x) => x.query)).toEqual(["zeta"]);
});

describe("firstSearch", () => {
  it("reads DocSearch's request and the answer's hit count", () => {
    const request = { requests: [{ indexName: "x", query: "faucet", facetFilters: ["language:en"], hitsPerPage: 20 }] };
    expect(firstSearch(request, { results: [{ nbHits: 3 }] })).toEqual({
      query: "faucet",
      hits: 3,
      facetFilters: ["language:en"],
    });
  });

  it("ignores a warm-up asking for no hits", () => {
    expect(firstSearch({ requests: [{ query: "", hitsPerPage: 0 }] }, { results: [{ nbHits: 0 }] })).toBeNull();
  });
});
