/**
 * One operation's page: method and path, description, parameters by location, request body per
 * media type, code samples, responses by status (headers linked to a shared block, schema, example),
 * the page's shared schemas, and where the operation sits in the full document.
 */
import type { TreeElement, TreeNode } from "../../common/tree";
import { SAMPLE_LANGUAGES, sampleCode, sampleRequest, type SampleRequest } from "./code-samples";
import type { ApiContext } from "./context";
import { INLINE_EXAMPLE_MAX, responseExample } from "./example";
import { explorerProps, explorerSection, requestExampleId, slugOf } from "./explorer";
import type { HeaderSet } from "./header-sets";
import { markdown, prose, summaryText } from "./markdown";
import { LOCATIONS, parameterTable } from "./parameters";
import { SchemaPlan } from "./schema-plan";
import { SchemaView } from "./schema-view";
import { slugify } from "./routes";
import { h, raw } from "./tree";
import type { MediaType, OperationEntry, Parameter, RequestBody, Response } from "./types";

export interface GeneratedPage {
  title: string;
  description: string;
  tree: TreeNode[];
  /** Terms that find the page in search without being shown (operationId, method and path, parameters). */
  searchKeywords?: string[];
}

const REASONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "204": "No Content",
  "206": "Partial Content",
  "301": "Moved Permanently",
  "304": "Not Modified",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "409": "Conflict",
  "410": "Gone",
  "411": "Length Required",
  "413": "Payload Too Large",
  "415": "Unsupported Media Type",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
  "507": "Insufficient Storage",
  default: "Any other status",
};

/** `/accounts/{address}` with the parameters marked up. */
export function pathMarkup(path: string): TreeNode[] {
  return path
    .split(/(\{[^}]+\})/)
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? h("span", { className: "api-path-param" }, part) : part));
}

export function methodBadge(method: string): TreeElement {
  return h("span", { className: `badge badge-${method.toLowerCase()}` }, method.toUpperCase());
}

/** Extra text folded into the page, e.g. a tag page whose route the operation took. */
export interface Folded {
  id: string;
  title: string;
  body: TreeNode[];
}

export function operationPage(entry: OperationEntry, ctx: ApiContext, folded?: Folded): GeneratedPage {
  const { r } = ctx;
  const op = entry.operation;
  const title = op.summary ?? op.operationId;
  const params = entry.parameters.map((p) => r.resolve<Parameter>(p));
  const body = op.requestBody ? r.resolve<RequestBody>(op.requestBody) : undefined;
  const responses = Object.entries(op.responses).map(([code, res]) => [code, r.resolve<Response>(res)] as const);

  const plan = new SchemaPlan(r, ctx.schemaHomes);
  for (const p of params) plan.count(p.schema);
  for (const media of Object.values(body?.content ?? {})) plan.count(media.schema);
  for (const [, res] of responses) for (const media of Object.values(res.content ?? {})) plan.count(media.schema);
  const view = new SchemaView(r, plan);

  const tree: TreeNode[] = [
    h("h1", { id: slugify(title) }, title),
    h(
      "p",
      { className: "api-endpoint" },
      methodBadge(entry.method),
      " ",
      h(
        "code",
        { className: "api-path" },
        h("span", { className: "api-base" }, ctx.basePath),
        ...pathMarkup(entry.path),
      ),
    ),
    raw(h("div", { className: "api-description" }, ...markdown(op.description))),
  ];
  if (folded) tree.push(h("h2", { id: folded.id }, folded.title), ...folded.body);

  tree.push(h("h2", { id: "request" }, "Request"));
  for (const loc of LOCATIONS) {
    const here = params.filter((p) => p.in === loc.in);
    if (here.length === 0) continue;
    tree.push(h("h3", { id: `${loc.in}-parameters` }, loc.title), raw(parameterTable(here, r, plan)));
  }
  if (body) {
    tree.push(h("h3", { id: "request-body" }, "Request body"));
    // One paragraph reads as "required · description"; longer descriptions keep their blocks.
    const described = prose(body.description);
    const inline = described.every((n) => typeof n === "string" || !["p", "ul", "ol"].includes(n[0]));
    const flag = body.required ? [h("b", null, "required"), " "] : null;
    tree.push(
      raw(
        inline
          ? h("p", { className: "api-body-intro" }, flag, ...described)
          : h("div", { className: "api-body-intro" }, h("p", null, flag), ...described),
      ),
    );
    for (const [type, media] of Object.entries(body.content))
      tree.push(...mediaSection(type, media, "request", ctx, view));
  }
  if (params.length === 0 && !body) tree.push(h("p", null, "This endpoint takes no parameters and no request body."));

  const req = sampleRequest(entry, ctx.sampleServer, r);
  const bcs = responses.some(
    ([code, res]) => code.startsWith("2") && Object.keys(res.content ?? {}).some((t) => t.includes("bcs")),
  );
  tree.push(
    h("h2", { id: "code-samples" }, "Code samples"),
    h(
      "p",
      null,
      "Each sample calls ",
      h("code", null, ctx.sampleServer),
      bcs
        ? ["; responses are JSON unless you send ", h("code", null, "Accept: application/x-bcs"), " for BCS bytes."]
        : ".",
      req.body !== undefined ? " The request body is written in each sample, so it runs as copied." : null,
    ),
    codeSamples(req, ctx),
    ...explorerSection(explorerProps(entry, ctx, params, body)),
  );

  tree.push(h("h2", { id: "responses" }, "Responses"));
  const sets = new Map<string, HeaderSet>();
  for (const [code, res] of responses) {
    const set = ctx.headerSets.of(res);
    if (set) sets.set(set.id, set);
    tree.push(h("h3", { id: `response-${code}` }, `${code} ${REASONS[code] ?? ""}`.trim()));
    tree.push(
      raw(
        h(
          "div",
          { className: "api-response" },
          ...markdown(res.description),
          set ? h("p", null, "Headers: ", h("a", { href: `#${set.id}` }, set.title.toLowerCase()), ".") : null,
          res.content ? null : h("p", null, "No body."),
        ),
      ),
    );
    for (const [type, media] of Object.entries(res.content ?? {}))
      tree.push(...mediaSection(type, media, `response-${code}`, ctx, view, res.description));
  }

  if (sets.size) {
    tree.push(h("h2", { id: "response-headers" }, "Response headers"));
    let base: HeaderSet | null = null;
    // Success headers first: the error set is described as its difference from them.
    const ordered = [...sets.values()].sort(
      (a, b) => Number(b.id === "headers-success") - Number(a.id === "headers-success"),
    );
    for (const set of ordered) {
      tree.push(
        h("h3", { id: set.id }, set.title),
        raw(h("div", { className: "api-headers" }, ...ctx.headerSets.describe(set, base))),
      );
      base ??= set;
    }
  }

  tree.push(...sharedSchemas(plan, view));
  tree.push(sourceNote(entry.pointer, "operation", ctx));
  const searchKeywords = [
    op.operationId,
    `${entry.method.toUpperCase()} ${ctx.basePath}${entry.path}`,
    ...params.map((p) => p.name),
  ];
  return { title, description: summaryText(op.description) || title, tree, searchKeywords };
}

/** One media type of a request or response: its schema and, for JSON, a generated example. */
function mediaSection(
  type: string,
  media: MediaType,
  idBase: string,
  ctx: ApiContext,
  view: SchemaView,
  description?: string,
): TreeNode[] {
  const slug = slugOf(type);
  const label = h("code", null, type);
  // Bytes in BCS are described by their JSON twin; their schema (an array of u8) says nothing more.
  if (/bcs|octet-stream/.test(type)) {
    return [
      raw(
        h(
          "p",
          { className: "api-media" },
          label,
          ": the same data as raw bytes in BCS (Binary Canonical Serialization).",
        ),
      ),
    ];
  }
  const example =
    /[/+]json$/.test(type) && media.schema
      ? (media.example ?? responseExample(media.schema, description, ctx.r))
      : undefined;
  const line = example === undefined ? "" : JSON.stringify(example);
  // A short example reads fine on one line and costs a fraction of a code block.
  const inlineExample =
    example !== undefined && line.length <= INLINE_EXAMPLE_MAX ? [" Example: ", h("code", null, line)] : null;
  const shared = media.schema ? view.sharedLink(media.schema) : null;
  if (shared && (example === undefined || inlineExample)) {
    return [raw(h("p", { className: "api-media" }, label, ": ", shared, ".", inlineExample))];
  }
  const out: TreeNode[] = [
    raw(
      h(
        "div",
        { className: "api-media" },
        h("p", null, label),
        ...(media.schema ? view.root(media.schema, `schema-${idBase}-${slug}`) : []),
        inlineExample ? h("p", null, "Example: ", inlineExample[1]!) : null,
      ),
    ),
  ];
  // Request examples start open: they are what readers copy.
  // The request example's id lets the "Try it" explorer prefill its body editor from it.
  const [open, id] = idBase === "request" ? [true, requestExampleId(slug)] : [undefined, undefined];
  if (example !== undefined && !inlineExample)
    out.push(
      h(
        "details",
        { className: "api-example", open, id },
        h("summary", null, "Example"),
        ctx.code(JSON.stringify(example, null, 2), "json"),
      ),
    );
  return out;
}

function codeSamples(req: SampleRequest, ctx: ApiContext): TreeElement {
  return h(
    "Tabs",
    { groupId: "api-lang" },
    ...SAMPLE_LANGUAGES.map((l, i) =>
      h(
        "TabItem",
        { value: l.value, label: l.label, default: i === 0 ? true : undefined },
        ctx.code(sampleCode(l.value, req), l.lang),
      ),
    ),
  );
}

/** The page's "Schemas" section: the schemas drawn once on it and linked from each use, if any. */
export function sharedSchemas(plan: SchemaPlan, view: SchemaView): TreeNode[] {
  const shared = plan.shared();
  if (!shared.length) return [];
  return [
    h("h2", { id: "schemas" }, "Schemas"),
    raw(
      h(
        "div",
        { className: "api-schemas" },
        h("p", null, "Types used more than once on this page."),
        ...shared.map((name) => view.block(name)),
      ),
    ),
  ];
}

/** Where the page's subject (an operation, a schema) sits in the downloadable document. */
export function sourceNote(pointer: string, what: string, ctx: ApiContext): TreeElement {
  const line = ctx.lineOf(pointer);
  return h(
    "p",
    { className: "api-source" },
    `In the OpenAPI document this ${what} is `,
    h("code", null, pointer),
    line ? ` (line ${line} of the YAML file)` : null,
    ". Download the document as ",
    h("a", { href: ctx.downloads.yaml, download: "" }, "YAML"),
    " or ",
    h("a", { href: ctx.downloads.json, download: "" }, "JSON"),
    ".",
  );
}
