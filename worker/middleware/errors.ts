/**
 * `app.onError`: what a failure becomes, by its type. The store failing (ContentUnavailable: KV
 * down, slow or not holding the build, the page cache not opening) is a 503 with Retry-After; an
 * inconsistent build or a render error is a 500. Either way the reader gets the crash page, unless
 * the store failed and the page cache holds the last good copy of the page, which is served instead.
 */
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ContentCorrupt, ContentUnavailable } from "../content-store";
import type { AppEnv } from "../env";
import { log } from "../log";
import { renderCrash, RenderError } from "../render";
import { html } from "../routes/responses";
import { cacheKeys } from "./page-cache";

function eventOf(error: Error): string {
  if (error instanceof ContentUnavailable) return "content_unavailable";
  if (error instanceof ContentCorrupt) return "content_corrupt";
  if (error instanceof RenderError) return "render_failed";
  return "unexpected_error";
}

export const onError: ErrorHandler<AppEnv> = async (error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  const path = c.var.path ?? new URL(c.req.url).pathname;
  log.error(eventOf(error), { path, buildId: c.var.buildId ?? null, channel: c.env.CONTENT_CHANNEL, error });
  if (!(error instanceof RenderError) && c.var.path) {
    const stale = await c.var.cache?.match(cacheKeys("", c.var.path).last).catch(() => undefined);
    if (stale) return html(c, stale.body, 200, { "Cache-Control": "no-store", "X-Cache": "STALE" });
  }
  const status = error instanceof ContentUnavailable ? 503 : 500;
  const retry: Record<string, string> = status === 503 ? { "Retry-After": "10" } : {};
  try {
    const body = await renderCrash(path, c.var.manifest?.config ?? null, new URL(c.req.url).search);
    return html(c, body, status, { "Cache-Control": "no-store", ...retry });
  } catch (second) {
    log.error("crash_page_failed", { path, error: second });
    return new Response("This page crashed. Try again.", {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...retry },
    });
  }
};
