/** Page requests start here: a URL that is not clean (.html, index.html, repeated slashes) gets a 301 to the clean one. */
import { createMiddleware } from "hono/factory";
import type { Env, PathVars } from "../env";
import { cleanPath, withQuery } from "../normalize";
import { redirect } from "../routes/responses";

export const cleanUrl = createMiddleware<{ Bindings: Env; Variables: PathVars }>(async (c, next) => {
  const url = new URL(c.req.url);
  const path = cleanPath(url.pathname);
  if (path !== url.pathname) return redirect(withQuery(path, url.search));
  c.set("path", path);
  await next();
});
