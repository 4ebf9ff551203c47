/**
 * The MCP resources: every page of the live build, its URI its public URL (`docs://<route>`
 * reads too), listed in pages of at most RESOURCES_PER_PAGE that fit the request's budget, read as
 * Markdown cut to the budget like a tool answer.
 */
import { WORKER_VERSION } from "../code-version";
import { ContentUnavailable } from "../content-store";
import { ValueMemo } from "../content-store/memo";
import { log } from "../log";
import { ToolFailure } from "./live-docs";
import { RpcError, UNAVAILABLE } from "./rpc-error";
import { cut, type ToolContext } from "./tools/define";
import { utf8Length } from "./budget";
import { RpcCode } from "./wire";

/** resources/list returns at most this many pages per call; `nextCursor` leads to the next ones. */
export const RESOURCES_PER_PAGE = 50;

interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description?: string;
  mimeType: "text/markdown";
}

/** What list results are cached under: the build they list and the worker code that lists it. */
const listCacheKey = (buildId: string) => `${buildId}.${WORKER_VERSION}`;

/**
 * Every page's resource entry, per isolate, for the last two builds listed: made lists, not pending
 * ones (a pending list reads KV for the request that started it; worker/content-store/memo.ts).
 */
const entriesByKey = new ValueMemo<ResourceEntry[]>(2);

/** Content errors as JSON-RPC errors: a page that is not there, or a store that cannot be read. */
async function asRpc<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof RpcError) throw e;
    if (e instanceof ToolFailure) throw new RpcError(RpcCode.ResourceNotFound, e.message);
    log.error("mcp_resources_failed", { what, error: e });
    throw new RpcError(RpcCode.InternalError, e instanceof ContentUnavailable ? UNAVAILABLE : `${what} failed`);
  }
}

function cursorOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,7}$/.test(cursor)) throw new RpcError(RpcCode.InvalidParams, `Invalid cursor "${cursor.slice(0, 50)}"`);
  return Number(cursor);
}

export function resourceHandlers(ctx: ToolContext) {
  const { docs } = ctx;
  const entries = async () => {
    const { buildId, manifest } = await docs.build();
    return entriesByKey.get(listCacheKey(buildId), async () => {
      const site = await docs.siteUrl();
      return (await manifest.allRoutes()).map(([route, entry]) => ({
        uri: `${site}${route}`,
        name: route,
        title: entry.title,
        ...(entry.description ? { description: entry.description } : {}),
        mimeType: "text/markdown" as const,
      }));
    });
  };

  return {
    list: (cursor: string | undefined) =>
      asRpc("resources/list", async () => {
        const start = cursorOffset(cursor);
        const all = await entries();
        const page: ResourceEntry[] = [];
        let bytes = 0;
        for (const entry of all.slice(start, start + RESOURCES_PER_PAGE)) {
          bytes += utf8Length(JSON.stringify(entry)) + 1;
          if (page.length > 0 && bytes > ctx.maxTextBytes) break;
          page.push(entry);
        }
        const end = start + page.length;
        return { resources: page, ...(end < all.length ? { nextCursor: String(end) } : {}) };
      }),

    templates: () => ({
      resourceTemplates: [
        {
          uriTemplate: "docs://{+route}",
          name: "page",
          title: "A docs page by route",
          description: "Any page of the site as Markdown, by its route, e.g. docs:///devs/faq",
          mimeType: "text/markdown",
        },
      ],
    }),

    read: (uri: string) =>
      asRpc("resources/read", async () => {
        const route = await docs.routeOf(uri);
        const text = cut(
          await docs.markdown(route),
          0,
          ctx,
          (next) => `the tool get_page with path "${route}" and offset ${next}`,
        );
        return { contents: [{ uri, mimeType: "text/markdown", text }] };
      }),
  };
}
