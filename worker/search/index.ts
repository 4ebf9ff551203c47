/** Search in the worker: the embedded Algolia-compatible endpoints and the /search page. */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  handleQueries,
  handleSingleQuery,
  jsonError,
  MAX_BODY_BYTES,
  methodNotAllowed,
  type SearchEnv,
} from "./endpoint";

export { renderSearchPage } from "./page";

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => jsonError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`),
});

/**
 * Algolia's search routes (only the configured index name exists; `*` for multi-query). Mount
 * before the page routes.
 */
export const searchApi = new Hono<SearchEnv>();
searchApi.post("/1/indexes/:indexName/queries", limit, handleQueries);
searchApi.all("/1/indexes/:indexName/queries", methodNotAllowed("POST"));
searchApi.post("/1/indexes/:indexName/query", limit, handleSingleQuery);
searchApi.all("/1/indexes/:indexName/query", methodNotAllowed("POST"));
searchApi.get("/1/indexes/:indexName", handleSingleQuery);
searchApi.all("/1/indexes/:indexName", methodNotAllowed("GET"));
