/**
 * What the fuzz tests share. Their contract: bad input is a 4xx, every time. Property-based
 * requests (fast-check) over paths, query strings, search bodies and MCP bodies are each answered
 * without a 5xx and with a bounded body. A request that runs away (a loop, a wait that never ends)
 * fails the case at the test's timeout, not at a wall-time bound that a busy machine would also
 * cross. A failure prints the seed and the shrunk request, so a case can be replayed.
 *
 * Here: sending a request to the worker, checking its answer is bounded, and the hostile inputs
 * (fast-check arbitraries) for paths, query strings, search and MCP bodies.
 * The properties are spread over several test files because each file gets a workerd of its own,
 * and under vitest-pool-workers a SELF.fetch costs more the more requests the instance has served
 * before it (cloudflare/workers-sdk#15446): hundreds of requests in one file cost several times
 * what they cost spread over fresh instances.
 */
import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";

const ORIGIN = "https://docs.example.test";
export const INDEX = "movementnetwork";
const MAX_BODY_BYTES = 2 * 1024 * 1024;
export const RUNS = 100;

export interface Answer {
  status: number;
  bytes: number;
}

export async function send(path: string, init?: RequestInit): Promise<Answer> {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, bytes };
}

export function expectBounded(answer: Answer, what: string): void {
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.bytes, what).toBeLessThan(MAX_BODY_BYTES);
}

/** Path segments a crawler, a typo or an attacker sends: words, dots, encodings, unicode, slashes. */
const segment = fc.oneof(
  fc.constantFrom("learn", "Basics", "alpha", "build", "tools", "..", ".", "", "index.html", "x.md", "%2e%2e", "%00"),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/),
  fc.string({ unit: "binary", maxLength: 8 }).map(encodeURIComponent),
);
export const path = fc
  .array(segment, { maxLength: 40 })
  .chain((parts) => fc.constantFrom("", "/", ".md", ".html").map((end) => `/${parts.join("/")}${end}`));
export const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom("q", "page", "query", "facetFilters", "hitsPerPage", "x"),
      fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom("[u8]", "{address}", "[", '{"a":', "-1", "1e9")),
    ),
    {
      maxLength: 6,
    },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

/** Search parameters: right and wrong types, out-of-range numbers, long tags, JSON in strings. */
const searchParams = fc.record(
  {
    indexName: fc.oneof(fc.constant(INDEX), fc.string({ maxLength: 20 })),
    query: fc.oneof(fc.string({ maxLength: 100 }), fc.constantFrom("[u8]", "{address}", "vector<u8>"), fc.integer()),
    hitsPerPage: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.string({ maxLength: 5 })),
    page: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.constant(null)),
    facetFilters: fc.oneof(fc.json({ maxDepth: 3 }), fc.constant(["language:en"]), fc.string({ maxLength: 30 })),
    highlightPreTag: fc.string({ maxLength: 120 }),
    attributesToSnippet: fc.oneof(fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }), fc.integer()),
    params: fc.string({ maxLength: 200 }),
  },
  { requiredKeys: [] },
);
export const searchBody = fc.oneof(
  fc.record({ requests: fc.array(searchParams, { maxLength: 12 }), strategy: fc.string({ maxLength: 25 }) }),
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 300 }),
);

/** JSON-RPC messages, some well formed, some not; batches too. */
const rpcMessage = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant("2.0"), fc.string({ maxLength: 4 })),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null)),
    method: fc.oneof(
      fc.constantFrom(
        "initialize",
        "tools/list",
        "tools/call",
        "resources/list",
        "resources/read",
        "ping",
        "server/discover",
      ),
      fc.string({ maxLength: 30 }),
    ),
    params: fc.oneof(
      fc.record(
        {
          name: fc.constantFrom(
            "search_docs",
            "get_page",
            "get_api_operation",
            "list_api_operations",
            "get_network_info",
            "x",
          ),
          arguments: fc.oneof(fc.json({ maxDepth: 3 }), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 })),
          uri: fc.string({ maxLength: 60 }),
          cursor: fc.string({ maxLength: 20 }),
        },
        { requiredKeys: [] },
      ),
      fc.json({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: [] },
);
export const mcpBody = fc.oneof(
  rpcMessage.map((m) => JSON.stringify(m)),
  fc.array(rpcMessage, { maxLength: 5 }).map((m) => JSON.stringify(m)),
  fc.string({ maxLength: 200 }),
);
