/** The server-rendered search page at the configured path (`search.searchPagePath`), never cached. */
import { createMiddleware } from "hono/factory";
import type { PageEnv } from "../env";
import { renderSearchPage } from "../search";
import { html } from "./responses";

export const searchPage = createMiddleware<PageEnv>(async (c, next) => {
  const { manifest, path } = c.var;
  if (path.replace(/\/$/, "") !== `/${manifest.config.search.searchPagePath}`) return next();
  const { body, status } = await renderSearchPage(c.var.store, c.var.buildId, manifest, new URL(c.req.url));
  const retry: Record<string, string> = status === 503 ? { "Retry-After": "10" } : {};
  return html(c, body, status, { "Cache-Control": "no-store", ...retry });
});
