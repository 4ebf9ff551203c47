/** Search records from page trees: the DocSearch shape, what counts as text, and the packed index file. */
import { describe, expect, it } from "vitest";
import { LEVEL_WEIGHT, packRecords, unpackRecord, type SearchRecord } from "../../common/search";
import type { TreeNode } from "../../common/tree";
import { buildSite } from "../build/build";
import { FIXTURE_ROOT } from "../../test/helpers/temp-site";
import { parseFragment } from "../../common/build/hast";
import { textBlocks } from "./hast-text";

const htmlBlocks = (html: string) => textBlocks(parseFragment(html, { keepPermalinks: true }));
import { searchRecords, searchRecordsOf, type SearchablePage } from "./records";

const SITE = "https://docs.example";
const SECTIONS = [
  { id: "developersSidebar", label: "Build", folder: "devs", source: "content" as const },
  { id: "apiSidebar", label: "Node API", folder: "api/node", source: "openapi" as const },
];
const site = { url: SITE, sections: SECTIONS };
const page = (tree: TreeNode[], extra: Partial<SearchablePage> = {}): SearchablePage => ({
  route: "/devs/thing",
  title: "The Thing",
  description: "What the thing is.",
  sidebar: "developersSidebar",
  tree,
  ...extra,
});

describe("search records", () => {
  it("are emitted by the build in the DocSearch shape, page title first", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT });
    const alpha = build.search.records.filter(
      (r) => r.url_without_anchor === "https://docs.example.test/learn/Basics/alpha",
    );
    expect(alpha.length).toBeGreaterThan(0);
    expect(alpha[0]).toMatchObject({
      type: "lvl1",
      hierarchy: { lvl0: "Learn", lvl1: "Alpha Page", lvl2: null },
      content: "Alpha is second by position.",
      url: "https://docs.example.test/learn/Basics/alpha",
      anchor: null,
      language: "en",
      docusaurus_tag: "docs-default-current",
      weight: { level: 90, position: 0 },
    });
    expect(alpha.find((r) => r.type === "lvl3")).toMatchObject({
      hierarchy: { lvl1: "Alpha Page", lvl2: "First section", lvl3: "A subsection" },
      url: "https://docs.example.test/learn/Basics/alpha#a-subsection",
      anchor: "a-subsection",
      content: null,
    });
    expect(alpha.find((r) => r.content === "Alpha text with a link to beta.")).toMatchObject({
      type: "content",
      anchor: "first-section",
    });
    // Every record has a unique, stable id.
    const again = await buildSite({ root: FIXTURE_ROOT });
    expect(again.search.records.map((r) => r.objectID)).toEqual(build.search.records.map((r) => r.objectID));
    expect(new Set(build.search.records.map((r) => r.objectID)).size).toBe(build.search.records.length);
  });

  it("rank page titles above headings above text", () => {
    expect(LEVEL_WEIGHT.lvl1).toBeGreaterThan(LEVEL_WEIGHT.lvl2);
    expect(LEVEL_WEIGHT.lvl2).toBeGreaterThan(LEVEL_WEIGHT.lvl6);
    expect(LEVEL_WEIGHT.lvl6).toBeGreaterThan(LEVEL_WEIGHT.content);
  });

  it("take paragraphs, list items, table rows and nested blocks as text, not code or component chrome", () => {
    const records = searchRecordsOf(
      page([
        ["h1", { id: "the-thing" }, "The Thing"],
        ["p", null, "Run ", ["code", null, "movement init"], " first."],
        ["h2", { id: "steps" }, "Steps"],
        ["ul", null, ["li", null, "Install the CLI", ["ul", null, ["li", null, "On macOS use brew"]]]],
        [
          "table",
          null,
          ["thead", null, ["tr", null, ["th", null, "Network"], ["th", null, "Chain ID"]]],
          ["tbody", null, ["tr", null, ["td", null, "Mainnet"], ["td", null, ["code", null, "126"]]]],
        ],
        ["CodeBlock", { lang: "bash" }, ["pre", null, "secret-code-text"]],
        ["Admonition", { type: "tip" }, ["p", null, "A tip inside."]],
        ["h4", { id: "deep" }, "Deep ", ["em", null, "heading"]],
        ["p", null, ["code", null, "address"], ["span", null, "required"]],
      ]),
      site,
    );
    const texts = records.filter((r) => r.type === "content").map((r) => r.content);
    expect(texts).toEqual([
      "Run movement init first.",
      "Install the CLI",
      "On macOS use brew",
      "Mainnet | 126",
      "A tip inside.",
      "address required",
    ]);
    expect(records.map((r) => r.type)).toEqual([
      "lvl1",
      "content",
      "lvl2",
      "content",
      "content",
      "content",
      "content",
      "lvl4",
      "content",
    ]);
    expect(records.find((r) => r.type === "lvl4")).toMatchObject({
      hierarchy: { lvl2: "Steps", lvl3: null, lvl4: "Deep heading" },
      anchor: "deep",
    });
    expect(records[0]).toMatchObject({
      hierarchy: { lvl0: "Build", lvl1: "The Thing" },
      content: "What the thing is.",
    });
  });

  it("read pre-rendered HTML (generated API pages): rows with their own anchors, no code", () => {
    const html =
      '<thead><tr><th>Name</th></tr></thead><tbody><tr id="param-query-ledger_version"><td><a class="permalink" href="#param-query-ledger_version"><code>ledger_version</code></a></td><td><p>Ledger version &amp; more.</p><p>Example: <code>1</code></p></td></tr></tbody>';
    expect(htmlBlocks(html)).toEqual([
      {
        text: "ledger_version | Ledger version & more. Example: 1",
        id: "param-query-ledger_version",
        name: "ledger_version",
      },
    ]);
    expect(htmlBlocks("<p>One <b>two</b></p><pre><code>skip me</code></pre><ul><li>Three&#39;s</li></ul>")).toEqual([
      { text: "One two" },
      { text: "Three's" },
    ]);
    const records = searchRecordsOf(
      page(
        [
          ["h1", null, "Get account"],
          ["table", { dangerouslySetInnerHTML: { __html: html } }],
        ],
        { sidebar: "apiSidebar", searchKeywords: ["get_account", "GET /v1/accounts/{address}"] },
      ),
      site,
    );
    expect(records[0]).toMatchObject({
      type: "lvl1",
      hierarchy: { lvl0: "Node API" },
      keywords: ["get_account", "GET /v1/accounts/{address}"],
    });
    expect(records[1]).toMatchObject({
      url: `${SITE}/devs/thing#param-query-ledger_version`,
      content: "ledger_version | Ledger version & more. Example: 1",
      keywords: ["ledger_version"],
    });
  });

  it("make each field of the API reference one record landing on the field, its type's structure apart", () => {
    const html =
      '<ul><li id="schema-Tx.sender"><a class="permalink" href="#schema-Tx.sender"><code>sender</code></a> <span>Address</span><b>required</b><p>Who signs, see <a href="#schema-Tx.payload"><code>payload</code></a>.</p><ul><li>Hex, with 0x.</li></ul></li>' +
      '<li id="schema-Tx.payload"><a class="permalink" href="#schema-Tx.payload"><code>payload</code></a> <span>object</span><p>What runs.</p><details><summary>Payload</summary><ul><li id="schema-Tx.payload.function"><a class="permalink" href="#schema-Tx.payload.function"><code>function</code></a> <span>string</span><p>The entry function.</p></li></ul></details></li>' +
      '<li id="schema-Tx.variant"><details><summary><code>variant</code> A variant.</summary></details></li></ul>';
    expect(htmlBlocks(html)).toEqual([
      {
        text: "sender Address required Who signs, see payload. Hex, with 0x.",
        id: "schema-Tx.sender",
        name: "sender",
      },
      { text: "payload object What runs.", id: "schema-Tx.payload", name: "payload" },
      { text: "Payload" },
      { text: "function string The entry function.", id: "schema-Tx.payload.function", name: "function" },
      { text: "variant A variant." },
    ]);
    const records = searchRecordsOf(
      page(
        [
          ["h1", null, "Submit"],
          ["div", { dangerouslySetInnerHTML: { __html: html } }],
        ],
        { sidebar: "apiSidebar" },
      ),
      site,
    );
    const content = records.filter((r) => r.type === "content");
    expect(content.map((r) => r.url)).toEqual([
      `${SITE}/devs/thing#schema-Tx.sender`,
      `${SITE}/devs/thing#schema-Tx.payload`,
      `${SITE}/devs/thing`,
      `${SITE}/devs/thing#schema-Tx.payload.function`,
      `${SITE}/devs/thing`,
    ]);
    // A field's record is found by its name as a keyword; text that is no field's has none.
    expect(content.map((r) => r.keywords ?? null)).toEqual([["sender"], ["payload"], null, ["function"], null]);
  });

  it("give a page without an h1 its title record, and index text before the first heading", () => {
    const records = searchRecordsOf(
      page([
        ["p", null, "Intro text here."],
        ["h2", { id: "x" }, "X"],
      ]),
      site,
    );
    expect(records.map((r) => [r.type, r.hierarchy.lvl1, r.content])).toEqual([
      ["lvl1", "The Thing", "What the thing is."],
      ["content", "The Thing", "Intro text here."],
      ["lvl2", "The Thing", null],
    ]);
  });

  it("keep boilerplate repeated across pages once, and drop one-word blocks", () => {
    const shared: TreeNode[] = [
      ["p", null, "Sent with error responses."],
      ["p", null, "Example"],
    ];
    const pages = ["/a", "/b", "/c"].map((route) =>
      page([["h1", null, route], ...shared, ["p", null, `Only on ${route}.`]], { route }),
    );
    const records = searchRecords(pages, site);
    expect(records.filter((r) => r.content === "Sent with error responses.").map((r) => r.url_without_anchor)).toEqual([
      `${SITE}/a`,
    ]);
    expect(records.some((r) => r.content === "Example")).toBe(false);
    expect(records.filter((r) => r.content?.startsWith("Only on"))).toHaveLength(3);
  });

  it("pack into the index file and unpack to the same records", () => {
    const records: SearchRecord[] = searchRecordsOf(
      page(
        [
          ["h1", null, "T"],
          ["h2", { id: "a" }, "A"],
          ["p", null, "Text & more"],
        ],
        { searchKeywords: ["k"] },
      ),
      site,
    );
    const packed = packRecords(records, SITE);
    expect(packed.records.map((row) => unpackRecord(packed, row))).toEqual(records);
  });
});
