/** Where a link to an anchor that moved to another page is sent (moved-anchors.ts). */
import { describe, expect, it } from "vitest";
import { movedAnchorTarget } from "./moved-anchors";

const links = [{ prefix: "schema-Transaction", href: "/api/node/transactions" }];
const base = "https://docs.example.test/api/node/get-transactions";
const none = () => false;

describe("movedAnchorTarget", () => {
  it("sends an anchor under a moved prefix to the link's page, hash kept as the browser had it", () => {
    expect(movedAnchorTarget("#schema-Transaction.user_transaction.sender", links, base, none)).toBe(
      "https://docs.example.test/api/node/transactions#schema-Transaction.user_transaction.sender",
    );
    expect(movedAnchorTarget("#schema-Transaction", links, base, none)).toBe(
      "https://docs.example.test/api/node/transactions#schema-Transaction",
    );
    expect(movedAnchorTarget("#schema-Transaction.a%20b", links, base, none)).toBe(
      "https://docs.example.test/api/node/transactions#schema-Transaction.a%20b",
    );
  });

  it("leaves an anchor the page has, another schema's, a longer name and a bad hash where they are", () => {
    expect(movedAnchorTarget("#schema-Transaction.version", links, base, () => true)).toBeNull();
    expect(movedAnchorTarget("#schema-TransactionPayload", links, base, none)).toBeNull();
    expect(movedAnchorTarget("#schema-Block", links, base, none)).toBeNull();
    expect(movedAnchorTarget("#", links, base, none)).toBeNull();
    expect(movedAnchorTarget("#%E0%A4%A", links, base, none)).toBeNull();
  });

  it("never leaves the site or sends a page to itself", () => {
    const away = [{ prefix: "schema-Transaction", href: "https://elsewhere.example/x" }];
    expect(movedAnchorTarget("#schema-Transaction.x", away, base, none)).toBeNull();
    const self = [{ prefix: "schema-Transaction", href: "/api/node/get-transactions" }];
    expect(movedAnchorTarget("#schema-Transaction.x", self, base, none)).toBeNull();
    expect(movedAnchorTarget("#schema-Transaction.x", [{ prefix: "", href: "/a" }], base, none)).toBeNull();
  });
});
