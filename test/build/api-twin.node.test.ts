/** The Markdown twin of a generated API page reads as a complete page without its HTML. */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiReference } from "../../openapi/generate";
import { pageToMarkdown } from "../../scripts/build/markdown";

const ROOT = path.resolve(import.meta.dirname, "../..");
let twin: string;
let html: string;
beforeAll(async () => {
  const ref = await generateApiReference(ROOT);
  const page = ref.pages.find((p) => p.route === "/api/node/get-account")!;
  twin = pageToMarkdown(page.title, page.description, page.tree, {
    siteUrl: "https://docs.example.test",
    route: page.route,
  });
  html = JSON.stringify(page.tree);
});

describe("/api/node/get-account.md", () => {
  it("has the operation and its parameters as tables with their descriptions", () => {
    expect(twin).toMatch(
      /^> Markdown version of <https:\/\/docs\.example\.test\/api\/node\/get-account>\. [^\n]*\n\n# Get account\n\nGET `\/v1\/accounts\/\{address\}`/,
    );
    expect(twin).toMatch(/### Path parameters\n\n\| Name \| Type \| Description \|\n\| - \| - \| - \|\n/);
    expect(twin).toMatch(
      /\| `address` \*\*required\*\* +\| Address _string \(hex\)_ +\| Account address as 0x-prefixed hex\./,
    );
    expect(twin).toMatch(/### Query parameters\n\n[^#]*\| `ledger_version` +\|/);
  });

  it("has the response statuses, schema fields as a list, headers and examples", () => {
    expect(twin).toContain("### 200 OK");
    expect(twin).toContain("### 404 Not Found");
    expect(twin).toMatch(/- `sequence_number` \[U64\]\(#schema-U64\) \*\*required\*\*\n\n {2}Number of transactions/);
    expect(twin).toMatch(/\| `X-APTOS-CHAIN-ID` \*\*always\*\* +\| integer \(uint8\) +\|/);
    expect(twin).toContain('Example: `{"sequence_number":"42",');
  });

  it("has the code samples as fenced blocks", () => {
    expect(twin).toContain("**curl**\n\n```bash\ncurl 'https://mainnet.movementnetwork.xyz/v1/accounts/0x1'\n```");
    expect(twin).toContain("```python\nimport requests\n");
    expect(twin).not.toMatch(/<[a-z]+[ >]/);
  });
});

describe("permalinks", () => {
  it("are the page's field and parameter names, which the twin keeps without the links", () => {
    expect(html).toContain(
      '<a class=\\"permalink\\" href=\\"#schema-AccountData.sequence_number\\"><code>sequence_number</code></a>',
    );
    expect(html).toContain('<a class=\\"permalink\\" href=\\"#param-path-address\\"><code>address</code></a>');
    expect(twin).not.toContain("#schema-AccountData.sequence_number");
    expect(twin).not.toContain("#param-path-address");
    expect(twin).not.toMatch(/\[\]\(/);
  });
});
