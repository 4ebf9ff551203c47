/**
 * The Hono app: middleware, then the routes in the order they are tried. A page request runs
 * clean URL → page cache → live build (channel pointer, manifest) → configured redirects → search
 * page → files → doc page; failures become statuses in worker/middleware/errors.ts. `/mcp` is the
 * docs' MCP server (worker/mcp).
 */
import { Hono } from "hono";
import { MCP_PATH } from "../client/contracts/mcp";
import { drainBody } from "./drain-body";
import type { AppEnv } from "./env";
import { securityHeaders } from "./headers";
import { cleanUrl } from "./middleware/clean-url";
import { contentStore, liveBuild } from "./middleware/content";
import { mcp } from "./mcp";
import { onError } from "./middleware/errors";
import { pageCache } from "./middleware/page-cache";
import { assets } from "./routes/assets";
import { machineFiles } from "./routes/files";
import { docPage } from "./routes/pages";
import { buildRedirects } from "./routes/redirects";
import { searchPage } from "./routes/search-page";
import { searchApi } from "./search";

export const app = new Hono<AppEnv>();

app.onError(onError);
app.use(drainBody, securityHeaders, contentStore);

app.route("/_assets", assets);
app.route(MCP_PATH, mcp);
app.route("/", searchApi);
app.on(["GET", "HEAD"], "*", cleanUrl, pageCache, liveBuild, buildRedirects, searchPage, machineFiles, docPage);
app.all("*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));
