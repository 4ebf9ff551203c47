/**
 * The doc pages: route matching with the trailing-slash policy, 404, ETag revalidation, then the
 * rendered-page cache or a fresh streamed render (kept in the cache under the build id and as the
 * route's last good copy). Each names its Markdown version in a `Link` header, as the page's
 * `<link rel="alternate" type="text/markdown">` does. The page as the feedback form's answer
 * (`?feedback=yes|no`, where the worker sends a reader who answered without JavaScript) is rendered
 * for that request alone: it never enters the page cache or a shared cache.
 */
import { createMiddleware } from "hono/factory";
import { publicSiteUrl } from "../../common/base-url";
import { markdownPathOf } from "../../common/markdown-path";
import type { PageEnv } from "../env";
import { cacheKeys } from "../middleware/page-cache";
import { matchRoute, routeCandidates, withQuery } from "../normalize";
import { renderDocPage, renderNotFound } from "../render";
import { WORKER_VERSION } from "../code-version";
import { etagMatches, notModified } from "./etag";
import { HTML, html, redirect, safeDecode } from "./responses";
import { headersAskNotToRecord, isVote } from "../../common/signals";
import { signalsEnabled } from "../signals/recording";

/** Browsers revalidate (ETag, cheap 304s); shared caches may keep a page a minute and serve it stale while refreshing. */
const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export const docPage = createMiddleware<PageEnv>(async (c) => {
  const { manifest, buildId, cache, store, path } = c.var;
  const match = matchRoute(path, await manifest.routesAmong(routeCandidates(path)));
  if (match.kind === "redirect") return redirect(withQuery(match.to, new URL(c.req.url).search));
  if (match.kind === "missing")
    return html(c, await renderNotFound(safeDecode(path), manifest), 404, { "Cache-Control": "no-store" });

  const twin = `${publicSiteUrl(manifest.config)}${markdownPathOf(match.route)}`;
  const link = `<${twin}>; rel="alternate"; type="text/markdown"`;
  const answer = c.req.query("feedback");
  if (isVote(answer) && signalsEnabled(manifest.config)) {
    const answered = { vote: answer, recorded: !headersAskNotToRecord(c.req.raw.headers) };
    const body = await renderDocPage(await store.page(manifest, match.route), manifest, answered);
    return html(c, body, 200, { "Cache-Control": "no-store", "X-Cache": "BYPASS", Link: link });
  }

  // A page is made by the content (the build) and the code that renders it; its URL also answers
  // Markdown to a client that asks (routes/files.ts), hence Vary, and Link names that version.
  const etag = `"${buildId}.${WORKER_VERSION}"`;
  const validators = { ETag: etag, "Cache-Control": PAGE_CACHE_CONTROL, Vary: "Accept", Link: link };
  if (etagMatches(c.req.header("If-None-Match"), etag)) return notModified(validators);
  const page = (xCache: string) => ({ ...validators, "X-Cache": xCache });
  const keys = cacheKeys(buildId, match.route);
  const cached = await cache?.match(keys.build);
  if (cached) return html(c, cached.body, 200, page("HIT"));

  const record = await store.page(manifest, match.route);
  const body = await renderDocPage(record, manifest);
  if (!cache) return html(c, body, 200, page("BYPASS"));
  const [forClient, forCache] = body.tee();
  c.executionCtx.waitUntil(
    new Response(forCache).text().then((text) => {
      const stored = () =>
        new Response(text, { headers: { "Content-Type": HTML, "Cache-Control": "public, max-age=86400" } });
      return Promise.all([cache.put(keys.build, stored()), cache.put(keys.last, stored())]);
    }),
  );
  return html(c, forClient, 200, page("MISS"));
});
