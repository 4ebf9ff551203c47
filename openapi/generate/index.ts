/**
 * The node API reference: openapi/node.yaml → the landing page, one page per tag and per operation
 * (same page-tree format as MDX pages), a page per large type several operations share
 * (schema-homes.ts), the page of openapi/changes.md (what changed between node builds), the
 * `apiSidebar`, and the document as YAML and JSON files.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SidebarItem } from "../../common/page";
import { getHighlighter } from "../../common/build/highlight";
import type { BuiltPage } from "../../common/build/pages";
import type { Server } from "./types";
import { CHANGES_FILE, CHANGES_LABEL, CHANGES_ROUTE, changesPage } from "./changes-page";
import { createContext } from "./context";
import { checkPage, compactPage, linksAndIds } from "./finish";
import { landingPage } from "./landing-page";
import { parseDocument } from "./load";
import { operationPage, type GeneratedPage } from "./operation-page";
import { Resolver } from "./refs";
import { onOwnPage, schemaHomes } from "./schema-homes";
import { typePage } from "./schema-homes-section";
import { API_BASE, DOWNLOADS, landingRoute, operationRoute, slugify, tagRoute } from "./routes";
import { documentServers, withServers } from "./servers";
import { apiSidebar } from "./sidebar";
import { tagBody, tagPage, type Tag } from "./tag-page";

export { OpenApiInvalid } from "./load";
export { API_BASE } from "./routes";

/** A file published next to the pages (the downloadable API description). */
export interface GeneratedFile {
  /** URL path, e.g. `/api/node/openapi.yaml`. */
  path: string;
  contentType: string;
  body: string;
}

export interface ApiReference {
  pages: BuiltPage[];
  sidebar: SidebarItem[];
  /** Problems: the strict build fails on them. */
  warnings: string[];
  /** Things resolved by design that the build should still print (e.g. the shared /api/node/view route). */
  notices: string[];
  files: GeneratedFile[];
  /** Ids inside pre-rendered HTML blocks, per route, so links from other pages to them can be checked. */
  anchors: Map<string, Set<string>>;
}

export const DOCUMENT = "openapi/node.yaml";

/** The last result, so watch-mode rebuilds skip the API when the document did not change. */
let last: { key: string; result: ApiReference } | null = null;

/**
 * Where results outlive the process (the build's persistent cache): text by key, the key being
 * the document and its servers (the store adds the code version).
 */
export interface ApiStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

const serialise = (r: ApiReference) =>
  JSON.stringify({ ...r, anchors: [...r.anchors].map(([route, ids]) => [route, [...ids]]) });
function revive(text: string): ApiReference {
  const r = JSON.parse(text) as Omit<ApiReference, "anchors"> & { anchors: [string, string[]][] };
  return { ...r, anchors: new Map(r.anchors.map(([route, ids]) => [route, new Set(ids)])) };
}

/**
 * Generates the reference from `<root>/openapi/node.yaml` (and `openapi/changes.md`, when present);
 * a site without the document gets an empty one.
 * The document's `servers` come from the site's network table (content/networks.yaml), so an
 * endpoint is written down once for the pages, the reference, its explorer and the download.
 */
export async function generateApiReference(
  root: string,
  store?: ApiStore,
  /** Another document and network table than the site's (a legacy docs version's), with the names messages give them. */
  from?: { document: { file: string; label: string }; networks: { file: string; label: string } },
): Promise<ApiReference> {
  const file = from?.document.file ?? path.join(root, DOCUMENT);
  if (!existsSync(file)) return { pages: [], sidebar: [], warnings: [], notices: [], files: [], anchors: new Map() };
  const text = await readFile(file, "utf8");
  // A legacy version's reference (`from`) has no changes page: the changes are the current build's.
  const changesFile = path.join(root, CHANGES_FILE);
  const changes = !from && existsSync(changesFile) ? await readFile(changesFile, "utf8") : null;
  const servers = await documentServers(root, from?.networks);
  const label = from?.document.label ?? DOCUMENT;
  const key = `${JSON.stringify(servers)}\n${label}\n${changes ?? ""}\n${text}`;
  // A copy: the site build rewrites links in page trees in place.
  if (last?.key === key) return structuredClone(last.result);
  const stored = store?.get(key);
  const result = stored ? revive(stored) : await generate(text, servers, label, changes);
  if (!stored) store?.set(key, serialise(result));
  last = { key, result };
  return structuredClone(result);
}

async function generate(
  source: string,
  servers: Server[] | null,
  label: string,
  changes: string | null,
): Promise<ApiReference> {
  const parsed = await parseDocument(source, label);
  const { doc, text, warnings: parserWarnings } = servers ? withServers(parsed, servers, label) : parsed;
  const warnings = [...parserWarnings];
  const notices: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const resolver = new Resolver(doc);
  const operations = resolver.operations();

  // Groups in the order the document declares its tags; tags without operations get no page.
  const declared: Tag[] = [...(doc.tags ?? [])];
  for (const e of operations)
    for (const t of e.operation.tags ?? ["Other"]) if (!declared.some((d) => d.name === t)) declared.push({ name: t });
  const groups = declared
    .map((tag) => ({
      tag,
      route: tagRoute(tag.name),
      entries: operations.filter((e) => (e.operation.tags ?? ["Other"]).includes(tag.name)),
    }))
    .filter((g) => g.entries.length > 0);
  // A large shared schema is drawn on a page of its own.
  const homes = schemaHomes(operations, resolver, onOwnPage);
  const ctx = createContext(doc, text, await getHighlighter(), DOWNLOADS, warn, homes);

  const pages = new Map<string, { page: GeneratedPage; what: string }>();
  const claim = (route: string, what: string, make: () => GeneratedPage) => {
    const other = pages.get(route);
    if (other) warn(`duplicate route ${route}: ${other.what} and ${what} (the later one wins)`);
    pages.set(route, { page: make(), what });
  };

  const landing = landingRoute(doc.info.title);
  const changed = changes === null ? null : changesPage(changes);
  const changesLink = changed && { href: CHANGES_ROUTE, title: changed.title };
  claim(landing, "the API landing page", () =>
    landingPage(ctx, { tags: groups, routeOf: operationRoute, changes: changesLink }),
  );
  if (changed) claim(CHANGES_ROUTE, CHANGES_FILE, () => changed);

  // An operation whose route equals its tag's page takes the route and carries the tag's text.
  const foldedTags = new Map<string, (typeof groups)[number]>();
  for (const g of groups) {
    const op = operations.find((e) => operationRoute(e) === g.route);
    if (op) {
      foldedTags.set(g.route, g);
      notices.push(
        `${g.route} is wanted by the ${g.tag.name} tag page and by the operation "${op.operation.operationId}": the operation page keeps the route and includes the tag page's text`,
      );
    } else {
      claim(g.route, `the ${g.tag.name} tag page`, () => tagPage(g.tag, g.entries, ctx, operationRoute));
    }
  }
  for (const e of operations) {
    const route = operationRoute(e);
    const g = foldedTags.get(route);
    const folded = g
      ? {
          id: `tag-${slugify(g.tag.name)}`,
          title: `About the ${g.tag.name} endpoints`,
          // A one-operation tag would only list the page itself.
          body: tagBody(g.tag, g.entries.length > 1 ? g.entries : [], ctx, operationRoute),
        }
      : undefined;
    claim(route, `the operation "${e.operation.operationId}"`, () => operationPage(e, ctx, folded));
  }
  for (const [name, home] of homes) claim(home.route, `the ${name} type`, () => typePage(name, ctx, operationRoute));

  const idsOf = new Map([...pages].map(([route, { page }]) => [route, new Set(linksAndIds(page.tree).ids)]));
  const built: BuiltPage[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const [route, { page }] of pages) {
    checkPage(
      route,
      page.tree,
      { base: API_BASE, files: Object.values(DOWNLOADS), anchorsOf: (r) => idsOf.get(r) ?? null },
      warn,
    );
    const { tree, hiddenIds } = compactPage(page.tree);
    anchors.set(route, hiddenIds);
    const searchKeywords = page.searchKeywords ? { searchKeywords: page.searchKeywords } : {};
    built.push({
      route,
      title: page.title,
      description: page.description,
      // The site build files the pages under the section site.yaml declares for the reference.
      sidebar: null,
      source: null,
      tree,
      ...searchKeywords,
    });
  }

  const sidebar = apiSidebar({
    landing: { label: "Introduction", href: landing },
    pages: changed ? [{ label: CHANGES_LABEL, href: CHANGES_ROUTE }] : [],
    tags: groups.map((g) => ({ name: g.tag.name, route: g.route, entries: g.entries })),
    routeOf: operationRoute,
    types: [...homes.values()].map((home) => ({ label: home.title, href: home.route })),
  });

  const files: GeneratedFile[] = [
    { path: DOWNLOADS.yaml, contentType: "application/yaml; charset=utf-8", body: text },
    { path: DOWNLOADS.json, contentType: "application/json; charset=utf-8", body: `${JSON.stringify(doc, null, 2)}\n` },
  ];
  return { pages: built, sidebar, warnings, notices, files, anchors };
}
