/** Search in the worker: the embedded Algolia-compatible endpoint and the /search page. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { handleQueries } from "./endpoint";

export { renderSearchPage } from "./page";
export { SearchEngine } from "./engine";

/** `POST /1/indexes/*\/queries` (any index name stands for the build's index). Mount before the page routes. */
export const searchApi = new Hono<AppEnv>();
searchApi.post("/1/indexes/:indexName/queries", handleQueries);
searchApi.all("/1/indexes/:indexName/queries", (c) =>
  c.json({ message: "Method Not Allowed", status: 405 }, 405, { Allow: "POST" }),
);
