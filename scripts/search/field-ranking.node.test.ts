/**
 * A field's name, typed whole, finds the row of the API reference that defines the field before
 * text that only mentions it (error examples, guides): the row's record has the name as a keyword,
 * indexed whole in the name field, which outweighs a heading's title. Built and searched as the site is: records from page trees, the
 * index the build makes, the worker's engine over it as a publish stores it.
 */
import { describe, expect, it } from "vitest";
import { CONTEXTUAL_FACET_FILTERS, type SearchRecord } from "../../common/search";
import type { TreeNode } from "../../common/tree";
import { wholeEngine } from "../../test/helpers/stored-index";
import { buildSearchIndex } from "./build-index";
import { searchRecords, type SearchablePage } from "./records";

const SITE = "https://docs.example";
const site = {
  url: SITE,
  sections: [
    { id: "developersSidebar", label: "Build", folder: "devs", source: "content" as const },
    { id: "apiSidebar", label: "Node API", folder: "api/node", source: "openapi" as const },
  ],
};

/** A field row as the API reference draws it: its name is the permalink to the row. */
const field = (owner: string, name: string, type: string, description: string) =>
  `<li id="schema-${owner}.${name}"><a class="permalink" href="#schema-${owner}.${name}"><code>${name}</code></a> <span>${type}</span><p>${description}</p></li>`;

const apiPage: SearchablePage = {
  route: "/api/node/submit-transaction",
  title: "Submit transaction",
  description: "Sends a signed transaction to the node.",
  sidebar: "apiSidebar",
  tree: [
    ["h1", null, "Submit transaction"],
    ["h2", { id: "schemas" }, "Schemas"],
    [
      "div",
      {
        dangerouslySetInnerHTML: {
          __html: `<ul>${[
            field("AptosError", "message", "string", "What went wrong, in words."),
            field("AptosError", "error_code", "string", "Which error, as a stable code such as vm_error."),
            field(
              "AptosError",
              "vm_error_code",
              "integer (uint64)",
              "The status code the Move virtual machine gave, present on every error the node sends, zero when the machine did not run.",
            ),
            field("SubmitTransactionRequest", "max_gas_amount", "U64", "Most gas units the sender will pay for."),
          ].join("")}</ul>`,
        },
      },
    ],
  ],
};

/** Error examples and a guide naming the fields in passing, as the site's pages do dozens of times. */
const mentions: SearchablePage[] = Array.from({ length: 12 }, (_, i) => ({
  route: `/api/node/operation-${i}`,
  title: `Operation ${i}`,
  description: `Operation number ${i}.`,
  sidebar: "apiSidebar",
  tree: [
    ["h1", null, `Operation ${i}`],
    ["h2", { id: `response-${400 + i}` }, `${400 + i}`],
    ["p", null, `Example: {"message":"failed ${i}","error_code":"vm_error","vm_error_code":${i}}`],
    ["p", null, `The vm_error_code is ${i}: check vm_error_code and max_gas_amount before retrying.`],
    ["p", null, `vm_error_code ${i}, vm_error_code again; max_gas_amount, max_gas_amount.`],
  ] as TreeNode[],
}));

async function firstHit(records: SearchRecord[], query: string): Promise<string> {
  const engine = await wholeEngine(buildSearchIndex(records, SITE));
  const facetFilters = CONTEXTUAL_FACET_FILTERS.map((f) => (Array.isArray(f) ? f : [f]));
  const { hits } = await engine.search({ query, facetFilters });
  return hits[0]!.record.url;
}

describe("a field's name typed whole", () => {
  const records = searchRecords([apiPage, ...mentions], site);

  it("finds the field's row first, above the text that mentions it", async () => {
    for (const name of ["vm_error_code", "max_gas_amount"])
      expect(await firstHit(records, name)).toBe(
        `${SITE}/api/node/submit-transaction#schema-${name === "vm_error_code" ? "AptosError" : "SubmitTransactionRequest"}.${name}`,
      );
  });

  it("is what ranks the row first: without the name as its keyword, a mention wins", async () => {
    const unnamed = records.map(({ keywords, ...r }) => (r.type === "content" ? r : { ...r, keywords }));
    expect(await firstHit(unnamed, "vm_error_code")).not.toContain("#schema-AptosError.vm_error_code");
  });

  it("is matched whole: the name's words typed apart rank the row as any text", async () => {
    expect(await firstHit(records, "vm error code")).not.toContain("#schema-AptosError.vm_error_code");
  });
});
