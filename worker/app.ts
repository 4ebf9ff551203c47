/**
 * The Hono app: the live build (channel pointer, manifest), then the site mounted at the build's base
 * URL (worker/base-url.ts); the site's middleware, then its routes in the order they are tried. A page request runs
 * clean URL → page cache → live build (channel pointer, manifest) → configured redirects → search
 * page → files → doc page; failures become statuses in worker/middleware/errors.ts. `/mcp` (under the
 * base) is the docs' MCP server, and `/.well-known/mcp/catalog.json` its discovery catalog (worker/mcp).
 */
import { Hono } from "hono";
import { LinearRouter } from "hono/router/linear-router";
import { MCP_PATH } from "../common/mcp";
import { mountAtBase } from "./base-url";
import { drainBody } from "./drain-body";
import type { AppEnv } from "./env";
import { securityHeaders } from "./headers";
import { cleanUrl } from "./middleware/clean-url";
import { mcp, mcpCatalog } from "./mcp";
import { contentStore, liveBuild } from "./middleware/content";
import { onError } from "./middleware/errors";
import { pageCache } from "./middleware/page-cache";
import { assets } from "./routes/assets";
import { machineFiles } from "./routes/files";
import { docPage } from "./routes/pages";
import { buildRedirects } from "./routes/redirects";
import { searchPage } from "./routes/search-page";
import { searchApi } from "./search";
import { signals } from "./signals";
import { insightsPage } from "./signals/insights-page";
import { INSIGHTS_PATH } from "../common/signals";

/*
 * Both apps match with Hono's LinearRouter: the default router compiles every route into one regular
 * expression on an isolate's first request, a cost a cold isolate's first page would pay, and with
 * this few routes a linear match costs no more after.
 */

/** The site as it is at the root: worker/base-url.ts hands it every request, its base URL stripped. */
export const site = new Hono<AppEnv>({ router: new LinearRouter() });

site.onError(onError);
site.use(contentStore);
site.route("/_assets", assets);
site.route(MCP_PATH, mcp);
site.route("/.well-known/mcp", mcpCatalog);
site.route("/", searchApi);
site.route("/_signals", signals);
site.route(INSIGHTS_PATH, insightsPage);
site.on(["GET", "HEAD"], "*", cleanUrl, pageCache, liveBuild, buildRedirects, searchPage, machineFiles, docPage);
site.all("*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));

export const app = new Hono<AppEnv>({ router: new LinearRouter() });

app.onError(onError);
app.use(drainBody, securityHeaders, contentStore);
app.all("*", mountAtBase(site));
