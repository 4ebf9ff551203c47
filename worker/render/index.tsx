/**
 * React SSR of pages into a streamed response. The caller has already decided the status; the
 * shell is awaited before the response is built, so a render error becomes the crash page
 * (status 500) instead of a half-sent page.
 */
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { Manifest, PageRecord } from "../../client/contracts/page";
import type { SiteConfig } from "../../client/contracts/site-config";
import { CrashPage } from "../../client/layout/CrashPage";
import { DocPage } from "../../client/layout/DocPage";
import { Document } from "../../client/layout/Document";
import { NotFoundPage } from "../../client/layout/NotFoundPage";
import { SearchPage } from "../../client/layout/SearchPage";
import type { SearchPageView } from "../../client/contracts/search";
import { assets } from "./assets";
import { fallbackConfig } from "./fallback-config";
import { flattenSidebar } from "../../client/contracts/sidebar";

export class RenderError extends Error {
  override name = "RenderError";
}

async function stream(element: ReactNode): Promise<ReadableStream<Uint8Array>> {
  let failure: unknown = null;
  const body = await renderToReadableStream(element, {
    onError(error) {
      failure ??= error;
    },
  });
  if (failure) throw new RenderError(String(failure));
  return body;
}

export function renderDocPage(page: PageRecord, manifest: Manifest): Promise<ReadableStream<Uint8Array>> {
  return stream(
    <Document
      config={manifest.config}
      assets={assets}
      title={page.title}
      description={page.description}
      path={page.route}
      activeSidebar={page.sidebar}
      sidebarHomes={sidebarHomes(manifest)}
      buildId={manifest.buildId}
    >
      <DocPage page={page} manifest={manifest} />
    </Document>,
  );
}

/** A page of the site that is not a doc (404, search): the chrome of `manifest`, not indexed. */
function messagePage(
  manifest: Manifest,
  title: string,
  description: string,
  body: ReactNode,
): Promise<ReadableStream<Uint8Array>> {
  return stream(
    <Document
      config={manifest.config}
      assets={assets}
      title={title}
      description={description}
      path={null}
      robots="noindex"
      sidebarHomes={sidebarHomes(manifest)}
    >
      {body}
    </Document>,
  );
}

export function renderNotFound(path: string, manifest: Manifest): Promise<ReadableStream<Uint8Array>> {
  const searchPath = `/${manifest.config.search.searchPagePath}`;
  return messagePage(
    manifest,
    "Page Not Found",
    "The page you asked for does not exist.",
    <NotFoundPage path={path} searchPath={searchPath} nearest={nearestSection(path, manifest)} />,
  );
}

/** The /search page (worker/search/page.ts computes the view). */
export function renderSearch(view: SearchPageView, manifest: Manifest): Promise<ReadableStream<Uint8Array>> {
  return messagePage(
    manifest,
    "Search",
    `Search the ${manifest.config.navbar.title} documentation.`,
    <SearchPage view={view} />,
  );
}

/** The crash page; it must render even when no manifest could be read. */
export function renderCrash(path: string, config: SiteConfig | null): Promise<ReadableStream<Uint8Array>> {
  return stream(
    <Document
      config={config ?? fallbackConfig}
      assets={assets}
      title="Page Error"
      description="This page could not be loaded."
      path={null}
      robots="noindex"
    >
      <CrashPage path={path} />
    </Document>,
  );
}

/** The closest existing page above a missing path, e.g. /devs/tutorials/ for /devs/tutorials/nope. */
function nearestSection(path: string, manifest: Manifest): { label: string; href: string } | null {
  const parts = path.split("/").filter(Boolean);
  while (parts.length > 1) {
    parts.pop();
    const base = `/${parts.join("/")}`;
    for (const candidate of [`${base}/`, base]) {
      const route = manifest.routes[candidate];
      if (route) return { label: route.title, href: candidate };
    }
  }
  return null;
}

/** The first page of each sidebar: where the navbar's Learn, Build and API items lead. */
const homesByManifest = new WeakMap<Manifest, Record<string, string>>();
export function sidebarHomes(manifest: Manifest): Record<string, string> {
  // Manifests are memoised per build in the isolate, so this is computed once per build.
  let homes = homesByManifest.get(manifest);
  if (!homes) {
    homes = {};
    for (const [id, items] of Object.entries(manifest.sidebars)) {
      const first = flattenSidebar(items)[0];
      if (first) homes[id] = first.href;
    }
    homesByManifest.set(manifest, homes);
  }
  return homes;
}
