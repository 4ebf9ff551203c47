/**
 * The props of an operation page's "Try it" explorer (client/islands/api-explorer): method, path,
 * parameters, body media types and example, Accept choices, networks. Only what the form needs,
 * since they travel in the page's HTML; a body example the page already shows in a block is
 * referenced by the block's id instead of repeated.
 */
import type { ApiExplorerProps, ExplorerParam } from "../../client/islands/api-explorer/props";
import type { TreeElement, TreeProps } from "../../common/tree";
import type { ApiContext } from "./context";
import { exampleOf, INLINE_EXAMPLE_MAX } from "./example";
import { effective, typeName } from "./schema-info";
import { h } from "./tree";
import type { OperationEntry, Parameter, RequestBody, Response } from "./types";

/** Id of the request body's example block (the `details` of a JSON media type). */
export const requestExampleId = (slug: string) => `request-example-${slug}`;

/** String formats that hold an integer (the node's U64 and friends). */
const INTEGER_FORMAT = /^u?int(?:8|16|32|64|128|256)$/;
const isJson = (type: string) => /[/+]json$/.test(type);
const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** "Movement Mainnet (chain ID 126)" → "Movement Mainnet". */
function serverName(s: { url: string; description?: string }): string {
  // "Movement Mainnet, chain ID 126" → "Movement Mainnet" (the network table's wording).
  return s.description?.replace(/,\s*chain ID \d+\s*$/, "").trim() || s.url;
}

export function explorerProps(
  entry: OperationEntry,
  ctx: ApiContext,
  params: Parameter[],
  body: RequestBody | undefined,
): ApiExplorerProps {
  const { r } = ctx;
  const props: ApiExplorerProps = {
    method: entry.method.toUpperCase(),
    path: entry.path,
    servers: (r.doc.servers ?? []).map((s) => ({ name: serverName(s), url: s.url })),
  };

  // Cookies cannot be set on a cross-origin fetch: the form has path, query and header parameters.
  const fields = params
    .filter((p): p is Parameter & { in: ExplorerParam["in"] } => p.in !== "cookie")
    .map((p) => {
      const s = effective(p.schema ?? {}, r);
      const field: ExplorerParam = { name: p.name, in: p.in };
      if (p.required) field.required = true;
      const type = typeName(s);
      if (type && type !== "string") field.type = type;
      else if (s.format && INTEGER_FORMAT.test(s.format)) field.format = s.format;
      if (s.enum?.length) field.enum = s.enum.map(text);
      if (s.default !== undefined) field.default = text(s.default);
      const example = p.example ?? s.example;
      if (example !== undefined) field.example = text(example);
      return field;
    });
  if (fields.length) props.params = fields;

  if (body) {
    // JSON first: it is what the editor starts with.
    const types = Object.keys(body.content).sort((a, b) => Number(isJson(b)) - Number(isJson(a)));
    props.body = { types };
    if (body.required) props.body.required = true;
    const jsonType = types.find(isJson);
    const media = jsonType ? body.content[jsonType] : undefined;
    if (jsonType && media?.schema) {
      // Same value and same inline-or-block choice as the page's request example (operation-page.ts).
      const example = media.example ?? exampleOf(media.schema, r);
      if (JSON.stringify(example).length <= INLINE_EXAMPLE_MAX) props.body.example = example;
      else props.body.exampleFrom = requestExampleId(slugOf(jsonType));
    }
  }

  const success = Object.entries(entry.operation.responses).find(([code]) => code.startsWith("2"))?.[1];
  const accept = Object.keys(success ? (r.resolve<Response>(success).content ?? {}) : {});
  if (accept.length) props.accept = accept;
  return props;
}

/** The "Try it" section: heading and the island's mount, whose text is the note shown without JavaScript. */
export function explorerSection(props: ApiExplorerProps): TreeElement[] {
  const note = "The explorer needs JavaScript; the curl sample above sends the same request.";
  return [h("h2", { id: "try-it" }, "Try it"), h("ApiExplorerMount", props as unknown as TreeProps, note)];
}

/** A media type as an id fragment, as operation-page.ts writes it. */
export function slugOf(type: string): string {
  return type
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
}
