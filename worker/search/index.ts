/** Search in the worker: the embedded Algolia-compatible endpoint and the /search page. */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Env, StoreVars } from "../env";
import { handleQueries, jsonError, MAX_BODY_BYTES } from "./endpoint";

export { renderSearchPage } from "./page";

/** `POST /1/indexes/*\/queries` (any index name stands for the build's index). Mount before the page routes. */
export const searchApi = new Hono<{ Bindings: Env; Variables: StoreVars }>();
searchApi.post(
  "/1/indexes/:indexName/queries",
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => jsonError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`),
  }),
  handleQueries,
);
searchApi.all("/1/indexes/:indexName/queries", (c) =>
  c.json({ message: "Method Not Allowed", status: 405 }, 405, { Allow: "POST" }),
);
