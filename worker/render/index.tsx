/**
 * React SSR of pages into a streamed response. The caller has already decided the status; the
 * shell is awaited before the response is built, so a render error becomes the crash page
 * (status 500) instead of a half-sent page.
 */
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { PageRecord } from "../../common/page";
import type { SiteConfig } from "../../common/site-config";
import { CrashPage } from "../../client/layout/CrashPage";
import { DocPage } from "../../client/layout/DocPage";
import type { FeedbackAnswered } from "../../client/layout/Feedback";
import { Document } from "../../client/layout/Document";
import { NotFoundPage } from "../../client/layout/NotFoundPage";
import { NoticePage } from "../../client/layout/NoticePage";
import { InsightsPage } from "../../client/layout/insights/InsightsPage";
import type { InsightsReport } from "../../common/insights";
import { TooLongPage } from "../../client/layout/TooLongPage";
import { SearchPage } from "../../client/layout/SearchPage";
import type { SearchPageView } from "../../common/search";
import { assets } from "./assets";
import { fallbackConfig } from "./fallback-config";
import type { BuildManifest } from "../content-store";
import type { VersionView } from "../../common/versions";
import { versionHomes, versionView, versionsWithPage } from "./version-view";

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

export async function renderDocPage(
  page: PageRecord,
  manifest: BuildManifest,
  answered: FeedbackAnswered | null = null,
): Promise<ReadableStream<Uint8Array>> {
  const [sidebar, version] = await Promise.all([
    page.sidebar ? manifest.sidebar(page.sidebar) : null,
    versionView(manifest, page.route),
  ]);
  return stream(
    <Document
      config={manifest.config}
      assets={assets}
      title={page.title}
      description={page.description}
      path={page.route}
      activeSidebar={page.sidebar}
      sidebarHomes={manifest.sidebarHomes()}
      buildId={manifest.buildId}
      version={version}
    >
      <DocPage page={page} config={manifest.config} sidebar={sidebar} version={version} answered={answered} />
    </Document>,
  );
}

/** A page of the site that is not a doc (404, search): the chrome of `manifest`, not indexed. */
function messagePage(
  manifest: BuildManifest,
  title: string,
  description: string,
  body: ReactNode,
  version: VersionView | null = null,
): Promise<ReadableStream<Uint8Array>> {
  return stream(
    <Document
      config={manifest.config}
      assets={assets}
      title={title}
      description={description}
      path={null}
      robots="noindex"
      sidebarHomes={manifest.sidebarHomes()}
      version={version}
    >
      {body}
    </Document>,
  );
}

export async function renderNotFound(path: string, manifest: BuildManifest): Promise<ReadableStream<Uint8Array>> {
  const searchPath = `/${manifest.config.search.searchPagePath}`;
  const [nearest, elsewhere, version] = await Promise.all([
    nearestSection(path, manifest),
    versionsWithPage(manifest, path),
    versionView(manifest, path),
  ]);
  const shown = version ? `${version.prefix}${path.slice(1)}` : path;
  return messagePage(
    manifest,
    "Page Not Found",
    "The page you asked for does not exist.",
    <NotFoundPage
      path={shown}
      searchPath={searchPath}
      nearest={nearest}
      version={version?.label ?? null}
      elsewhere={elsewhere}
    />,
    version,
  );
}

/** A message page with the live build's chrome when there is one, else the fallback chrome. */
function messagePageOr(
  manifest: BuildManifest | null | undefined,
  title: string,
  description: string,
  body: ReactNode,
): Promise<ReadableStream<Uint8Array>> {
  if (manifest) return messagePage(manifest, title, description, body);
  return stream(
    <Document
      config={fallbackConfig}
      assets={assets}
      title={title}
      description={description}
      path={null}
      robots="noindex"
    >
      {body}
    </Document>,
  );
}

/** The 414 page, with the live build's chrome when there is one. */
export function renderTooLong(limit: number, manifest: BuildManifest | undefined): Promise<ReadableStream<Uint8Array>> {
  const description = "The address asked for is longer than any page's.";
  return messagePageOr(manifest, "Address Too Long", description, <TooLongPage limit={limit} />);
}

/**
 * A notice answering a form (the feedback form refused: too long, too many, no such page), with the
 * live build's chrome when there is one.
 */
export function renderNotice(
  notice: { title: string; message: string; back: string | null },
  manifest: BuildManifest | null,
): Promise<ReadableStream<Uint8Array>> {
  return messagePageOr(manifest, notice.title, notice.message, <NoticePage {...notice} />);
}

/** The operator's /_insights page (worker/signals/insights-page.ts reads the report). */
export function renderInsights(
  report: InsightsReport | null,
  notice: string | null,
  manifest: BuildManifest | null,
): Promise<ReadableStream<Uint8Array>> {
  const body = <InsightsPage report={report} notice={notice} />;
  return messagePageOr(manifest, "Insights", "What readers and agents could not find.", body);
}

/** The /search page (worker/search/page.ts computes the view). */
/** The /search page; `neutral`: asked for in no docs version (the reader's preferred one applies in the browser). */
export async function renderSearch(
  view: SearchPageView,
  manifest: BuildManifest,
  neutral = false,
): Promise<ReadableStream<Uint8Array>> {
  const path = manifest.config.search.searchPagePath;
  const query = view.query ? `?${new URLSearchParams({ q: view.query })}` : "";
  const version = await versionView(manifest, null, (v) => `${v.prefix}${path}${query}`);
  if (version && neutral) version.neutral = await versionHomes(manifest);
  return messagePage(
    manifest,
    "Search",
    `Search the ${manifest.config.navbar.title} documentation.`,
    <SearchPage view={view} neutral={Boolean(version?.neutral)} />,
    version,
  );
}

/** The crash page; it must render even when no manifest could be read. `search`: the request's query string, kept by "Try again". */
export function renderCrash(path: string, config: SiteConfig | null, search = ""): Promise<ReadableStream<Uint8Array>> {
  return stream(
    <Document
      config={config ?? fallbackConfig}
      assets={assets}
      title="Page Error"
      description="This page could not be loaded."
      path={null}
      robots="noindex"
    >
      <CrashPage path={path} search={search} />
    </Document>,
  );
}

/**
 * Paths deeper than this get the 404 page without a nearest section: no route is nearly this deep,
 * and the candidates grow with the square of the depth.
 */
export const NEAREST_SECTION_MAX_DEPTH = 32;

/** The closest existing page above a missing path, e.g. /devs/tutorials/ for /devs/tutorials/nope. */
async function nearestSection(path: string, manifest: BuildManifest): Promise<{ label: string; href: string } | null> {
  const parts = path.split("/").filter(Boolean);
  if (parts.length > NEAREST_SECTION_MAX_DEPTH) return null;
  const candidates: string[] = [];
  while (parts.length > 1) {
    parts.pop();
    const base = `/${parts.join("/")}`;
    candidates.push(`${base}/`, base);
  }
  const found = await manifest.routesAmong(candidates);
  const href = candidates.find((c) => found.has(c));
  return href ? { label: found.get(href)!.title, href } : null;
}
