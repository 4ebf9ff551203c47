/** The generated reference as a reader meets it: routes, page content, sidebar, downloads, notices. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import type { SidebarCategory, SidebarItem } from "../../common/page";
import type { TreeElement } from "../../common/tree";
import { Tree } from "../../client/render/TreeRenderer";
import { apiRoutes, readFacts, REPO_ROOT } from "../../test/helpers/spec-fixtures";
import { generateApiReference, type ApiReference } from "./index";

let ref: ApiReference;
const html = new Map<string, string>();
const page = (route: string) => {
  const p = ref.pages.find((x) => x.route === route);
  if (!p) throw new Error(`no page ${route}`);
  return p;
};
const htmlOf = (route: string) => {
  if (!html.has(route)) html.set(route, renderToStaticMarkup(createElement(Tree, { nodes: page(route).tree })));
  return html.get(route)!;
};
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

beforeAll(async () => {
  ref = await generateApiReference(REPO_ROOT);
});

const TRANSACTION_VARIANTS = [
  "pending_transaction",
  "user_transaction",
  "genesis_transaction",
  "block_metadata_transaction",
  "state_checkpoint_transaction",
  "block_epilogue_transaction",
  "validator_transaction",
];

describe("routes", () => {
  it("produces every API route of routes.txt, and no other", async () => {
    expect(ref.pages.map((p) => p.route).sort()).toEqual((await apiRoutes()).sort());
    expect(ref.pages.every((p) => p.title && p.description)).toBe(true);
  });

  it("gives /api/node/view to the operation, keeps the View tag's text there, and says so as a notice", () => {
    expect(ref.notices).toEqual([
      expect.stringMatching(/^\/api\/node\/view is wanted by the View tag page and by the operation "view"/),
    ]);
    const view = htmlOf("/api/node/view");
    expect(page("/api/node/view").title).toBe("Execute view function of a module");
    expect(view).toContain('id="tag-view"');
    expect(text(view)).toContain(
      "Call read-only Move view functions and get their return values without sending a transaction.",
    );
  });

  it("finds nothing to warn about: every in-page and cross-page anchor resolves", () => {
    expect(ref.warnings).toEqual([]);
  });
});

describe("an operation page (get-transactions)", () => {
  it("starts with the title, the method badge and the path", () => {
    const tree = page("/api/node/get-transactions").tree;
    expect(tree[0]).toEqual(["h1", { id: "get-transactions" }, "Get transactions"]);
    expect(htmlOf("/api/node/get-transactions")).toContain(
      '<span class="badge badge-get">GET</span> <code class="api-path"><span class="api-base">/v1</span>/transactions</code>',
    );
  });

  it("lists its query parameters with type, format and example", () => {
    const t = text(htmlOf("/api/node/get-transactions"));
    expect(t).toMatch(/start U64 string \(uint64\) Ledger version of the first transaction to return/);
    expect(t).toMatch(/limit integer \(uint16\) Maximum number of transactions/);
    expect(t).toContain("Example: 25");
  });

  it("has a section per status code, the shared header blocks once, and examples", () => {
    const out = htmlOf("/api/node/get-transactions");
    for (const code of ["200", "400", "403", "404", "410", "500", "503"])
      expect(out).toContain(`<h3 id="response-${code}">${code} `);
    expect(out.match(/id="headers-success"/g)).toHaveLength(1);
    // Referred to by the 200 response and by the error set, described as its difference.
    // Its own permalink aside (the heading's "#").
    expect(out.match(/href="#headers-success"/g)).toHaveLength(3);
    expect(out.match(/class="permalink" href="#headers-success"/g)).toHaveLength(1);
    expect(out.match(/href="#headers-error"/g)).toHaveLength(7);
    expect(text(out)).toContain("X-APTOS-LEDGER-VERSION");
    // Each header's row is an anchor of its own, its name the permalink to it (search lands there).
    expect(out).toContain(
      '<tr id="headers-success.X-APTOS-LEDGER-VERSION"><td><a class="permalink" href="#headers-success.X-APTOS-LEDGER-VERSION"><code>X-APTOS-LEDGER-VERSION</code></a>',
    );
    expect(out).toContain('<details class="api-example"><summary>Example</summary>');
    expect(text(out)).toContain(
      'Example: {"message":"Given limit value (0) must not be zero","error_code":"invalid_input","vm_error_code":null}',
    );
  });

  it("shows the document's own error example under each error status, not one example for all", () => {
    const doc = parse(ref.files.find((f) => f.path.endsWith(".yaml"))!.body) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
      >;
    };
    const t = text(htmlOf("/api/node/get-block-by-height"));
    const responses = doc.paths["/blocks/by_height/{block_height}"]!.get!.responses;
    const shown = new Set<string>();
    for (const code of ["400", "403", "404", "410", "500", "503"]) {
      const example = responses[code]!.content!["application/json"]!.example as { error_code: string };
      expect(t).toContain(`Example: ${JSON.stringify(example)}`);
      shown.add(example.error_code);
    }
    expect([...shown]).toEqual([
      "web_framework_error",
      "api_disabled",
      "block_not_found",
      "block_pruned",
      "internal_error",
    ]);
  });

  it("writes the request body into every sample of a POST, so each runs as copied", () => {
    const posts = ref.pages.filter((p) =>
      htmlOf(p.route).includes('<p class="api-endpoint"><span class="badge badge-post">'),
    );
    expect(posts.map((p) => p.route).sort()).toEqual(
      [
        "encode-submission",
        "get-raw-table-item",
        "get-table-item",
        "simulate-transaction",
        "submit-batch-transactions",
        "submit-transaction",
        "view",
      ].map((s) => `/api/node/${s}`),
    );
    for (const p of posts) {
      const t = text(htmlOf(p.route));
      expect(t, p.route).not.toMatch(/body\.json|readFile|read_to_string|os\.Open|--data @/);
      expect(t, p.route).toContain("The request body is written in each sample");
    }
    // The long transaction body, inline in all five languages.
    const tabs = page("/api/node/submit-transaction").tree.find(
      (n): n is TreeElement => Array.isArray(n) && n[0] === "Tabs" && n[1]?.groupId === "api-lang",
    )!;
    const samples = tabs.slice(2) as TreeElement[];
    expect(samples).toHaveLength(5);
    for (const sample of samples)
      expect(renderToStaticMarkup(createElement(Tree, { nodes: [sample] })), String(sample[1]?.value)).toContain(
        "expiration_timestamp_secs",
      );
  });

  it("gives every POST the framework's 411, 413 and 415, each with its reason phrase", () => {
    for (const route of ["/api/node/submit-transaction", "/api/node/get-table-item", "/api/node/view"]) {
      const out = htmlOf(route);
      expect(out).toContain('<h3 id="response-411">411 Length Required</h3>');
      expect(out).toContain('<h3 id="response-413">413 Payload Too Large</h3>');
      expect(out).toContain('<h3 id="response-415">415 Unsupported Media Type</h3>');
    }
  });

  it("links to the Transaction type's page, naming its variants", () => {
    const out = htmlOf("/api/node/get-transactions");
    expect(text(out)).toMatch(/Schema: Transaction \(drawn in full on the page The Transaction type ?\)\./);
    expect(out).toContain('<a href="/api/node/transaction-type#schema-Transaction">Transaction</a>');
    const home = htmlOf("/api/node/transaction-type");
    for (const variant of TRANSACTION_VARIANTS) {
      expect(out).toContain(
        `<a href="/api/node/transaction-type#schema-Transaction.${variant}"><code>${variant}</code></a>`,
      );
      expect(home).toContain(`id="schema-Transaction.${variant}"`);
    }
    // Not drawn here: no field of a transaction, and none of the types only a transaction uses.
    expect(out).not.toContain('id="schema-Transaction.');
    expect(out).not.toContain('id="schema-WriteSetChange"');
  });

  it("draws a field shared by several variants again with its type, required flag and description, linking the full entry", () => {
    const out = htmlOf("/api/node/transaction-type");
    expect(out).toContain(
      '<li id="schema-Transaction.genesis_transaction.version" class="sv-same"><a class="permalink" href="#schema-Transaction.genesis_transaction.version"><code>version</code></a> <a href="#schema-U64">U64</a> <b>required</b><p>Ledger version at which the transaction was committed.</p><p>As in <a href="#schema-Transaction.user_transaction.version">user_transaction</a>.</p></li>',
    );
    expect(out).not.toContain("Same as in");
  });

  it("draws each shared schema once and links to it", () => {
    const out = htmlOf("/api/node/get-transactions");
    expect(out.match(/id="schema-AptosError"/g)).toHaveLength(1);
    expect(out).toContain('href="#schema-AptosError"');
  });

  it("is readable without JavaScript: code samples are in the HTML", () => {
    const out = htmlOf("/api/node/get-transactions");
    expect(out).not.toContain("<script");
    expect(out).not.toMatch(/ style="/);
    expect(out).toContain('<div class="tabs" data-group="api-lang">');
    for (const label of ["curl", "TypeScript", "Python", "Rust", "Go"]) expect(out).toContain(`data-label="${label}"`);
    expect(text(out)).toContain("curl 'https://mainnet.movementnetwork.xyz/v1/transactions'");
  });

  it("links to where the operation sits in the downloadable document", () => {
    const out = htmlOf("/api/node/get-transactions");
    expect(out).toContain("<code>#/paths/~1transactions/get</code>");
    expect(out).toContain('href="/api/node/openapi.yaml"');
    expect(out).toContain('href="/api/node/openapi.json"');
  });
});

describe("the Transaction type's page", () => {
  it("lists the operations that use the type, those of other tags included, then draws it", () => {
    const t = text(htmlOf("/api/node/transaction-type"));
    expect(page("/api/node/transaction-type").title).toBe("The Transaction type");
    expect(t).toMatch(
      /The Transaction type Drawn in full here for the 7 operations that use it, whose pages link here: GET Get blocks by height ?, GET Get blocks by version ?, GET Get transactions ?,/,
    );
    expect(t).toContain("In the OpenAPI document this schema is #/components/schemas/Transaction");
  });

  it("is named on the Transactions tag page, whose old anchors lead on to it", () => {
    const out = htmlOf("/api/node/transactions");
    expect(out).toContain('<h2 id="type-transaction">The Transaction type</h2>');
    expect(out).toContain('<a href="/api/node/transaction-type" data-moved-anchors="schema-Transaction">');
    expect(out).toContain(
      '<a href="/api/node/transaction-signature-type" data-moved-anchors="schema-TransactionSignature">',
    );
    expect(out).not.toContain('id="schema-Transaction');
  });

  it("shows the Transaction union as variants named by their discriminator value, with field anchors", () => {
    const out = htmlOf("/api/node/transaction-type");
    for (const variant of TRANSACTION_VARIANTS)
      expect(out).toContain(`<li id="schema-Transaction.${variant}"><details><summary><code>${variant}</code>`);
    expect(out).toContain('id="schema-Transaction.user_transaction.sender"');
    expect(out).toContain('id="schema-Transaction.user_transaction.version"');
    // The validator transactions, too many fields to draw with the rest, have a page of their own, where
    // their nested union is told apart by its own property.
    expect(out).toMatch(
      /Plus every field of <a href="\/api\/node\/validator-transaction-type#schema-ValidatorTransaction">/,
    );
    const validator = htmlOf("/api/node/validator-transaction-type");
    expect(validator).toContain("told apart by <code>validator_transaction_type</code>");
    expect(validator).toContain('id="schema-ValidatorTransaction.dkg_result"');
    // Nested in <details>, readable without JavaScript.
    expect(out).toContain('<details class="sv-x" id="schema-BlockEndInfo"><summary>Fields of BlockEndInfo</summary>');
  });

  it("draws each schema the transaction types share once and links to it, and links the large ones' pages", () => {
    const out = htmlOf("/api/node/transaction-type");
    for (const name of ["Event", "U64"]) {
      expect(out.match(new RegExp(`id="schema-${name}"`, "g"))).toHaveLength(1);
      expect(out).toContain(`href="#schema-${name}"`);
    }
    for (const [name, route] of [
      ["WriteSetChange", "write-set-change-type"],
      ["TransactionPayload", "transaction-payload-type"],
      ["TransactionSignature", "transaction-signature-type"],
    ]) {
      expect(out).not.toContain(`id="schema-${name}"`);
      expect(out).toContain(`href="/api/node/${route}#schema-${name}"`);
      expect(htmlOf(`/api/node/${route}`).match(new RegExp(`id="schema-${name}"`, "g"))).toHaveLength(1);
    }
    expect(text(htmlOf("/api/node/write-set-change-type"))).toMatch(
      /whose page links here: POST Simulate transaction ?\. It is part of Transaction ? and ValidatorTransaction ?, whose pages link here\./,
    );
  });

  it("is the only page that draws it: the block pages link there too", () => {
    for (const route of ref.pages.map((p) => p.route).filter((r) => r !== "/api/node/transaction-type"))
      expect(htmlOf(route), route).not.toContain('id="schema-Transaction"');
    expect(htmlOf("/api/node/get-block-by-height")).toContain('href="/api/node/transaction-type#schema-Transaction"');
  });
});

describe("other pages", () => {
  it("puts required fields first and merges allOf variants", () => {
    const gas = htmlOf("/api/node/estimate-gas-price");
    // The document lists deprioritized_gas_estimate first; only gas_estimate is required.
    expect([...gas.matchAll(/<li id="schema-GasEstimation\.(\w+)">/g)].map((m) => m[1])).toEqual([
      "gas_estimate",
      "deprioritized_gas_estimate",
      "prioritized_gas_estimate",
    ]);
    const submit = htmlOf("/api/node/submit-transaction");
    expect(submit).toContain('id="schema-SubmitTransactionRequest.sender"');
    // A variant wrapper (allOf of the discriminator and FeePayerSignature) shows the base's fields in the variant.
    const signature = htmlOf("/api/node/transaction-signature-type");
    expect(signature).toContain('id="schema-TransactionSignature.fee_payer_signature.fee_payer_address"');
  });

  it("guards recursion: MoveValue's array member links back to MoveValue", () => {
    const out = htmlOf("/api/node/view");
    expect(out).toMatch(/array of <a href="#schema-MoveValue">MoveValue<\/a>/);
  });

  it("shows path parameters and the request body per media type (view, get-account-resource)", () => {
    const resource = text(htmlOf("/api/node/get-account-resource"));
    expect(resource).toMatch(/Path parameters.*address.*required.*resource_type.*required/);
    expect(htmlOf("/api/node/get-account-resource")).toContain('<span class="api-path-param">{resource_type}</span>');
    const view = htmlOf("/api/node/view");
    expect(view).toContain("<code>application/json</code>");
    expect(view).toContain("<code>application/x.aptos.view_function+bcs</code>");
  });

  it("tag pages list their operations with method, path and summary", () => {
    const out = htmlOf("/api/node/accounts");
    expect(text(out)).toContain("Accounts");
    expect(out).toContain('<a href="/api/node/get-account">Get account</a>');
    expect(out.match(/badge-get/g)?.length).toBe(6);
    expect(out).toContain('<a href="/api/node/get-account-balance">Get account balance</a>');
  });

  it("the landing page gives base URLs, versioning, headers, pagination, errors, downloads, contact and licence", () => {
    const out = htmlOf("/api/node/movement-labs-node-api");
    const t = text(out);
    expect(t).toContain("https://mainnet.movementnetwork.xyz/v1");
    expect(t).toContain("https://testnet.movementnetwork.xyz/v1");
    for (const id of [
      "base-urls",
      "versioning",
      "common-headers",
      "pagination",
      "errors",
      "download",
      "contact-and-licence",
    ])
      expect(out).toContain(`id="${id}"`);
    expect(t).toContain("X-APTOS-CURSOR");
    expect(out).toContain('href="https://www.apache.org/licenses/LICENSE-2.0.html"');
    expect(out).toContain('href="https://github.com/movementlabsxyz/movement"');
  });

  it("the landing page names the node build it describes, says which build a network runs is unconfirmed, and links what changed", () => {
    const out = htmlOf("/api/node/movement-labs-node-api");
    const t = text(out);
    expect(out).toContain('<h2 id="node-build">Which node build this describes</h2>');
    expect(t).toContain("This reference describes the node API of the Movement L1 build: branch l1-migration of");
    expect(out).toContain(
      '<a href="https://github.com/movementlabsxyz/aptos-core/commit/01f02039c4c60356a500f3c0d5a11bc9748d3b90"><code>01f02039</code></a>',
    );
    expect(t).toContain("Which build the public nodes of each network run has not been confirmed.");
    expect(out).toContain('<a href="/api/node/what-changed">What changed in the node API</a>');
  });

  it("the What changed page lists the new operations, fields, variants and behaviours, linking each operation", () => {
    const p = page("/api/node/what-changed");
    expect(p.title).toBe("What changed in the node API");
    const out = htmlOf("/api/node/what-changed");
    for (const id of ["new-operations", "new-fields", "new-variants", "behaviours"])
      expect(out).toContain(`<h2 id="${id}">`);
    for (const route of ["get-account-balance", "get-account-transaction-summaries", "info", "get-account"])
      expect(out).toContain(`href="/api/node/${route}"`);
    for (const term of [
      "replay_protection_nonce",
      "block_metadata_extension",
      "abstraction_signature",
      "DEFAULT_ACCOUNT_RESOURCE",
    ])
      expect(text(out)).toContain(term);
  });
});

describe("sidebar", () => {
  it("follows the labels and order of the facts file, with a method badge per operation", async () => {
    const facts = await readFacts();
    const expected: SidebarItem[] = [];
    for (const row of facts.sidebar) {
      const href = `/api/node/${row.slug}`;
      if (row.kind === "info" || row.kind === "page") expected.push({ type: "link", label: row.label, href });
      else if (row.kind === "tag")
        expected.push({ type: "category", label: row.label, href, collapsed: true, items: [] });
      else if (row.kind === "types") expected.push({ type: "category", label: row.label, collapsed: true, items: [] });
      else if (row.kind === "type")
        (expected[expected.length - 1] as SidebarCategory).items.push({ type: "link", label: row.label, href });
      else
        (expected[expected.length - 1] as SidebarCategory).items.push({
          type: "link",
          label: row.label,
          href,
          badge: facts.methods.get(row.slug)!,
        });
    }
    expect(ref.sidebar).toEqual(expected);
  });
});

describe("downloads", () => {
  it("emits the document as YAML (as written) and JSON (same content)", () => {
    const yaml = ref.files.find((f) => f.path === "/api/node/openapi.yaml")!;
    const json = ref.files.find((f) => f.path === "/api/node/openapi.json")!;
    expect(yaml.contentType).toMatch(/^application\/yaml/);
    expect(json.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(json.body)).toEqual(parse(yaml.body));
  });
});

describe("budgets", () => {
  it("keeps the trees small and the element count modest (pre-rendered blocks)", () => {
    for (const p of ref.pages) expect(JSON.stringify(p.tree).length, p.route).toBeLessThan(100_000);
    let elements = 0;
    const count = (nodes: unknown[]): void => {
      for (const n of nodes)
        if (Array.isArray(n) && typeof n[0] === "string") {
          elements++;
          count(n.slice(2));
        }
    };
    count(page("/api/node/get-transactions").tree);
    expect(elements).toBeLessThan(120);
  });
});
