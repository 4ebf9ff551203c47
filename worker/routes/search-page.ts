/** The server-rendered search page at the configured path (`search.searchPagePath`), never cached. */
import { createMiddleware } from "hono/factory";
import type { PageEnv } from "../env";
import { renderSearchPage } from "../search";
import { html } from "./responses";

export const searchPage = createMiddleware<PageEnv>(async (c, next) => {
  const { manifest, path } = c.var;
  if (path.replace(/\/$/, "") !== `/${manifest.config.search.searchPagePath}`) return next();
  const { body, status } = await renderSearchPage(c.var.store, c.var.buildId, manifest, new URL(c.req.url));
  return html(c, body, status, { "Cache-Control": "no-store" });
});
