/**
 * The API's landing page: what the API is, base URLs per network, versioning, formats, common
 * headers, pagination, errors, every endpoint by group, downloads, contact and licence.
 */
import type { TreeNode } from "../../common/tree";
import type { ApiContext } from "./context";
import { markdown, summaryText } from "./markdown";
import { nodeBuildOf, nodeBuildSection } from "./node-build";
import type { GeneratedPage } from "./operation-page";
import { operationTable, type Tag } from "./tag-page";
import { slugify } from "./routes";
import { h, raw } from "./tree";
import type { OperationEntry, Parameter, RequestBody, Response } from "./types";

export interface LandingInput {
  tags: { tag: Tag; route: string; entries: OperationEntry[] }[];
  routeOf: (e: OperationEntry) => string;
  /** The page listing what changed from the earlier node build, when there is one. */
  changes?: { href: string; title: string } | null;
}

export function landingPage(ctx: ApiContext, input: LandingInput): GeneratedPage {
  const { doc } = ctx.r;
  const { info } = doc;
  const servers = doc.servers ?? [];
  const operations = input.tags.flatMap((t) => t.entries);
  const tree: TreeNode[] = [
    h("h1", { id: slugify(info.title) }, info.title),
    h(
      "p",
      { className: "api-version" },
      h("span", { className: "api-pill" }, `Version ${info.version}`),
      " ",
      h("span", { className: "api-pill" }, `OpenAPI ${doc.openapi}`),
    ),
    ...markdown(info.description),
  ];
  const build = nodeBuildOf(info);
  if (build) tree.push(...nodeBuildSection(build, input.changes ?? null));

  tree.push(
    h("h2", { id: "base-urls" }, "Base URLs"),
    h("p", null, "Send requests to a Movement full node. The public nodes of each network are:"),
    raw(
      h(
        "table",
        // Focusable: on a phone the table scrolls sideways in its own box, and keyboards must reach it.
        { className: "api-table", tabIndex: 0 },
        h("thead", null, h("tr", null, h("th", null, "Network"), h("th", null, "Base URL"))),
        h(
          "tbody",
          null,
          ...servers.map((s) =>
            h("tr", null, h("td", null, s.description ?? ""), h("td", null, h("code", null, s.url))),
          ),
        ),
      ),
    ),
  );
  const first = servers[0]?.url;
  if (first) {
    tree.push(
      h(
        "p",
        null,
        "Every path in this reference is appended to a base URL. For example, the ledger summary (",
        h("code", null, "GET /"),
        ") of the first network above is ",
        h("code", null, `${first.replace(/\/$/, "")}/`),
        ".",
      ),
    );
  }

  tree.push(
    h("h2", { id: "versioning" }, "Versioning"),
    h(
      "p",
      null,
      "The ",
      h("code", null, ctx.basePath || "/"),
      " prefix in the base URLs is the major version of the interface; all operations described here live under it. This reference documents version ",
      h("code", null, info.version),
      " of the API description. A node serves its own copy of the description alongside its built-in explorer (see ",
      h(
        "a",
        { href: input.routeOf(operations.find((e) => e.path === "/spec") ?? operations[0]!) },
        "Show OpenAPI explorer",
      ),
      ").",
    ),
  );

  tree.push(h("h2", { id: "formats" }, "Request and response formats"), ...formats(ctx, operations));

  const success = operations
    .map((e) => Object.entries(e.operation.responses).find(([c]) => c.startsWith("2")))
    .find((x) => x && ctx.headerSets.of(ctx.r.resolve<Response>(x[1])));
  const set = success ? ctx.headerSets.of(ctx.r.resolve<Response>(success[1])) : null;
  if (set) {
    tree.push(
      h("h2", { id: "common-headers" }, "Common response headers"),
      h(
        "p",
        null,
        "Successful responses describe the state of the node's ledger when it answered. Error responses carry the same headers, except the cursor, when the node could read its ledger state.",
      ),
      raw(ctx.headerSets.table(set)),
    );
  }

  const paged = operations.filter((e) => e.parameters.some((p) => ctx.r.resolve<Parameter>(p).name === "limit"));
  if (paged.length) {
    tree.push(
      h("h2", { id: "pagination" }, "Pagination"),
      h(
        "p",
        null,
        "Endpoints that list things return one page at a time. ",
        h("code", null, "limit"),
        " sets the page size and ",
        h("code", null, "start"),
        " where the page begins. When a listing has more entries, the response carries an ",
        h("code", null, "X-APTOS-CURSOR"),
        " header: send its value back unchanged as ",
        h("code", null, "start"),
        " to read the next page. No cursor means you have reached the end. Paginated endpoints:",
      ),
      raw(
        h(
          "ul",
          null,
          ...paged.map((e) =>
            h(
              "li",
              null,
              h("a", { href: input.routeOf(e) }, e.operation.summary ?? e.operation.operationId),
              " ",
              h("code", null, `${e.method.toUpperCase()} ${e.path}`),
            ),
          ),
        ),
      ),
    );
  }

  tree.push(h("h2", { id: "errors" }, "Errors"), ...errors(ctx, operations));

  tree.push(h("h2", { id: "endpoints" }, "Endpoints"));
  for (const { tag, route, entries } of input.tags) {
    tree.push(
      h("h3", { id: `endpoints-${tag.name.toLowerCase()}` }, h("a", { href: route }, tag.name)),
      raw(operationTable(entries, ctx, input.routeOf)),
    );
  }

  tree.push(
    h("h2", { id: "download" }, "Download the API description"),
    h(
      "p",
      null,
      "The whole description is one OpenAPI ",
      doc.openapi,
      " document. Feed it to a client generator, a mock server or an API tool of your choice: ",
      h("a", { href: ctx.downloads.yaml, download: "" }, "YAML"),
      " or ",
      h("a", { href: ctx.downloads.json, download: "" }, "JSON"),
      ".",
    ),
  );

  const contact = info.contact;
  const license = info.license;
  tree.push(h("h2", { id: "contact-and-licence" }, "Contact and licence"));
  const facts: TreeNode[] = [];
  if (contact?.name || contact?.url)
    facts.push(
      h(
        "li",
        null,
        "Maintained by ",
        contact.url ? h("a", { href: contact.url }, contact.name ?? contact.url) : (contact.name ?? ""),
        contact.email ? [" (", h("a", { href: `mailto:${contact.email}` }, contact.email), ")"] : null,
        ".",
      ),
    );
  if (license)
    facts.push(
      h("li", null, "Licence: ", license.url ? h("a", { href: license.url }, license.name) : license.name, "."),
    );
  if (doc.externalDocs)
    facts.push(
      h(
        "li",
        null,
        doc.externalDocs.description ? `${doc.externalDocs.description.replace(/\.$/, "")}: ` : "More: ",
        h("a", { href: doc.externalDocs.url }, doc.externalDocs.url),
        ".",
      ),
    );
  tree.push(h("ul", null, ...facts));

  return {
    title: info.title,
    description: summaryText(info.description) || `Reference of the ${info.title}.`,
    tree,
  };
}

function formats(ctx: ApiContext, operations: OperationEntry[]): TreeNode[] {
  const requestTypes = new Map<string, string[]>();
  for (const e of operations) {
    const body = e.operation.requestBody ? ctx.r.resolve<RequestBody>(e.operation.requestBody) : null;
    for (const type of Object.keys(body?.content ?? {})) {
      if (type === "application/json") continue;
      requestTypes.set(type, [...(requestTypes.get(type) ?? []), e.operation.summary ?? e.operation.operationId]);
    }
  }
  return [
    h(
      "p",
      null,
      "Requests and responses are JSON unless you ask otherwise. Most reads can also answer in BCS (Binary Canonical Serialization, the byte encoding the chain itself uses): send ",
      h("code", null, "Accept: application/x-bcs"),
      ". Integers of 64 bits and more are JSON strings, so JavaScript clients do not lose precision; addresses, hashes and byte arrays are 0x-prefixed hex strings.",
    ),
    ...(requestTypes.size
      ? [
          h("p", null, "Some POST endpoints also take a BCS body, marked by its content type:"),
          h(
            "ul",
            null,
            ...[...requestTypes].map(([type, ops]) => h("li", null, h("code", null, type), `: ${ops.join(", ")}`)),
          ),
        ]
      : []),
  ];
}

function errors(ctx: ApiContext, operations: OperationEntry[]): TreeNode[] {
  const counts = new Map<string, number>();
  for (const e of operations)
    for (const code of Object.keys(e.operation.responses))
      if (/^[45]/.test(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  const errorSchema = ctx.r.doc.components?.schemas?.AptosError;
  const codes = ctx.r.doc.components?.schemas?.AptosErrorCode;
  const out: TreeNode[] = [
    h(
      "p",
      null,
      "A failed request answers with a 4xx or 5xx status and a JSON body",
      errorSchema ? [" (", h("code", null, "AptosError"), ")"] : null,
      " holding a readable ",
      h("code", null, "message"),
      ", a machine-readable ",
      h("code", null, "error_code"),
      " and ",
      h("code", null, "vm_error_code"),
      " (a Move VM status code when the VM rejected a transaction, otherwise ",
      h("code", null, "null"),
      "). Match on the code, not the message. Statuses the API uses for errors, with the number of endpoints that can return each:",
    ),
    h(
      "p",
      null,
      ...[...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([code, n], i) => [i ? ", " : "", h("code", null, code), ` (${n})`]),
    ),
  ];
  if (codes?.description) out.push(...markdown(codes.description));
  return out;
}
