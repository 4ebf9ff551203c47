/**
 * The build's files for machines: sitemap.xml, robots.txt, llms.txt, llms-full.txt, the API
 * document, and the Markdown twin of every page: at its one canonical twin URL
 * (common/markdown-path.ts; every other spelling is a 301 to it), or at the page's own
 * URL for a client whose Accept header prefers `text/markdown` or `text/plain` over HTML. Only
 * paths the manifest lists (or twins of its routes) reach KV.
 */
import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { createMiddleware } from "hono/factory";
import { markdownPathOf, twinRouteCandidates } from "../../common/markdown-path";
import type { BuildManifest } from "../content-store";
import type { PageEnv } from "../env";
import { withQuery } from "../normalize";
import { etagMatches, notModified } from "./etag";
import { redirect } from "./responses";

const TYPES: Record<string, string> = {
  xml: "application/xml; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  yaml: "application/yaml; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** An Accept header longer than this is not parsed: the page answers HTML (bounded work per request). */
const ACCEPT_MAX_LENGTH = 1024;

/** What a page's URL can answer, the page itself first (a tie in the header's order, or `*`, is HTML). */
const PAGE_TYPES = ["text/html", "text/markdown", "text/plain"];

/** True when the client asks for the page's text over its HTML (`Accept: text/markdown`, or `text/plain` alone). */
function prefersMarkdown(c: Context): boolean {
  const accept = c.req.header("Accept");
  if (!accept || accept.length > ACCEPT_MAX_LENGTH) return false;
  return accepts(c, { header: "Accept", supports: PAGE_TYPES, default: "text/html" }) !== "text/html";
}

type Answer = { file: string } | { redirect: string } | null;

/** What the request gets from this route: a file of the build, a 301 to a twin's canonical URL, or nothing. */
async function answerFor(c: Context, path: string, manifest: BuildManifest): Promise<Answer> {
  if (await manifest.hasFile(path)) return { file: path };
  const candidates = twinRouteCandidates(path);
  if (candidates) {
    const found = await manifest.routesAmong(candidates);
    const route = candidates.find((r) => found.has(r));
    if (route === undefined) return null;
    const canonical = markdownPathOf(route);
    return canonical === path ? { file: path } : { redirect: canonical };
  }
  if (prefersMarkdown(c) && (await manifest.route(path))) return { file: markdownPathOf(path) };
  return null;
}

/** Serves the file when the request is for one the build has; otherwise on to the page routes. */
export const machineFiles = createMiddleware<PageEnv>(async (c, next) => {
  const { manifest, store } = c.var;
  const answer = await answerFor(c, c.var.path, manifest);
  if (answer && "redirect" in answer) return redirect(withQuery(answer.redirect, new URL(c.req.url).search));
  const filePath = answer?.file ?? null;
  const file = filePath ? await store.file(manifest, filePath) : null;
  if (filePath === null || file === null) return next();
  // Files are content-addressed: the digest is the validator, distinct for every body a URL can
  // answer (a page's URL answers HTML or its Markdown twin, so it varies on Accept).
  const validators: Record<string, string> = {
    "Cache-Control": "public, max-age=300",
    ETag: `"${file.digest}"`,
    Vary: "Accept",
  };
  if (filePath.startsWith("/api/")) validators["Access-Control-Allow-Origin"] = "*";
  if (etagMatches(c.req.header("If-None-Match"), validators.ETag!)) return notModified(validators);
  const headers: Record<string, string> = {
    ...validators,
    "Content-Type": TYPES[filePath.split(".").pop() ?? ""] ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
  };
  return new Response(c.req.method === "HEAD" ? null : file.body, { headers });
});
