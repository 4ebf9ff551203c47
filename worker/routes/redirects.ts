/** The build's configured redirects (site.yaml `redirects`): a 301 before anything else is looked up. */
import { createMiddleware } from "hono/factory";
import type { PageEnv } from "../env";
import { redirect } from "./responses";

export const buildRedirects = createMiddleware<PageEnv>(async (c, next) => {
  const to = c.var.manifest.redirects[c.var.path];
  if (to) return redirect(to);
  await next();
});
