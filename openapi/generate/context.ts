/** What every API page generator needs: the document, highlighting, header sets, URLs of the downloads. */
import type { Highlighter } from "shiki";
import type { TreeElement } from "../../common/tree";
import { HeaderSets } from "./header-sets";
import { codeBlock } from "./code-block";
import { Resolver } from "./refs";
import type { SchemaHome } from "./schema-homes";
import type { OpenApiDocument } from "./types";
import { YamlPositions } from "./yaml-positions";

export interface Downloads {
  yaml: string;
  json: string;
}

export interface ApiContext {
  r: Resolver;
  /** Path prefix every operation path is relative to (`/v1`), from the first server URL. */
  basePath: string;
  /** Server the code samples call. */
  sampleServer: string;
  headerSets: HeaderSets;
  downloads: Downloads;
  /** A highlighted <CodeBlock> (see code-block.ts). */
  code(text: string, lang: string): TreeElement;
  /** Line of a pointer in the YAML source. */
  lineOf(pointer: string): number | null;
  /** Schemas drawn once on a home page (schema-homes.ts), by name. */
  schemaHomes: ReadonlyMap<string, SchemaHome>;
}

export function createContext(
  doc: OpenApiDocument,
  text: string,
  hl: Highlighter,
  downloads: Downloads,
  warn: (m: string) => void,
  homes: ReadonlyMap<string, SchemaHome> = new Map(),
): ApiContext {
  const r = new Resolver(doc);
  const server = doc.servers?.[0]?.url ?? "/";
  const positions = new YamlPositions(text);
  return {
    r,
    basePath: new URL(server, "https://host.invalid").pathname.replace(/\/$/, ""),
    sampleServer: server,
    headerSets: new HeaderSets(r, r.operations()),
    downloads,
    code: (code, lang) => codeBlock(hl, code, lang, warn),
    lineOf: (pointer) => positions.of(pointer)?.line ?? null,
    schemaHomes: homes,
  };
}
