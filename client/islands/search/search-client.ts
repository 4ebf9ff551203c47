/**
 * The search client the modal uses, for either provider: Algolia's own lite client, pointed at
 * Algolia's hosts (provider algolia) or at this site's origin, where the worker answers the same
 * `POST /1/indexes/*\/queries` from the build's embedded index (provider local). Same requests,
 * same UI: switching is configuration only.
 */
import { liteClient, type LiteClient } from "algoliasearch/lite";
import type { SearchModalProps } from "./props";

/**
 * How long the modal waits on this site's endpoint: for the answer to start, and then for all of
 * it. The lite client's defaults (1 s and 2 s) suit Algolia, whose retry strategy moves a timed-out
 * request to the next of four hosts with a longer wait; this site is one host, so a slow phone
 * network (seconds of latency before an answer starts) got an error in place of results. A server
 * that never answers still ends in the error screen, which offers the search page.
 */
export const LOCAL_TIMEOUTS = { connect: 10_000, read: 20_000, write: 30_000 };

/** Placeholders the lite client requires; the embedded endpoint ignores credentials. */
const LOCAL_CREDENTIALS = { appId: "local", apiKey: "local" };

/** App id and key the modal is given (DocSearch insists on both, even when the client ignores them). */
export function credentialsOf(props: Pick<SearchModalProps, "provider" | "appId" | "apiKey">): {
  appId: string;
  apiKey: string;
} {
  return props.provider === "algolia" ? { appId: props.appId, apiKey: props.apiKey } : LOCAL_CREDENTIALS;
}

/**
 * @example
 * createSearchClient({ provider: "local", appId: "", apiKey: "" }, { ...new URL(location.href), base: "/docs/" })
 * // → queries POST {origin}/docs/1/indexes/*\/queries (the worker serves the endpoint under the base URL)
 */
export function createSearchClient(
  props: Pick<SearchModalProps, "provider" | "appId" | "apiKey">,
  /** This site's address; `base` is its base URL (site.yaml baseUrl, "/" when not given). */
  origin: { protocol: string; host: string; base?: string },
  options: Omit<NonNullable<Parameters<typeof liteClient>[2]>, "hosts"> = {},
): LiteClient {
  const { appId, apiKey } = credentialsOf(props);
  if (props.provider === "algolia") return liteClient(appId, apiKey, options);
  return liteClient(appId, apiKey, {
    timeouts: LOCAL_TIMEOUTS,
    ...options,
    hosts: [
      {
        url: origin.host + (origin.base ?? "/").replace(/\/$/, ""),
        accept: "readWrite",
        protocol: origin.protocol === "http:" ? "http" : "https",
      },
    ],
  });
}
