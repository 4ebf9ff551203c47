/** Search in the worker: the embedded Algolia-compatible endpoints and the /search page. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { handleQueries, handleSingleQuery, methodNotAllowed } from "./endpoint";

export { renderSearchPage } from "./page";
export { SearchEngine } from "./engine";

/**
 * Algolia's search routes (only the configured index name exists; `*` for multi-query). Mount
 * before the page routes.
 */
export const searchApi = new Hono<AppEnv>();
searchApi.post("/1/indexes/:indexName/queries", handleQueries);
searchApi.all("/1/indexes/:indexName/queries", methodNotAllowed("POST"));
searchApi.post("/1/indexes/:indexName/query", handleSingleQuery);
searchApi.all("/1/indexes/:indexName/query", methodNotAllowed("POST"));
searchApi.get("/1/indexes/:indexName", handleSingleQuery);
searchApi.all("/1/indexes/:indexName", methodNotAllowed("GET"));
