/**
 * The `--remote` KV target (the Cloudflare SDK) against a fake Cloudflare API answering the KV
 * endpoints from memory, through the SDK's `fetch` option: no account needed.
 */
import { describe, expect, it } from "vitest";
import { CloudflareKv } from "../../scripts/publish/cloudflare-kv";
import { history, recordPublish } from "../../scripts/publish/operations";

const ACCOUNT = "acc1";
const NAMESPACE = "ns1";

/** Cloudflare's KV API over a Map, paging key lists two at a time; records each call. */
function fakeApi() {
  const store = new Map<string, Buffer>();
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    const base = `/client/v4/accounts/${ACCOUNT}/storage/kv/namespaces/${NAMESPACE}`;
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    calls.push(`${method} ${path}`);
    if (new Headers(init?.headers).get("Authorization") !== "Bearer tok")
      return json(401, { success: false, errors: [{ code: 10000, message: "Authentication error" }] });
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (method === "GET" && path.startsWith("/values/")) {
      const value = store.get(decodeURIComponent(path.slice("/values/".length)));
      return value
        ? new Response(new Uint8Array(value))
        : json(404, { success: false, errors: [{ code: 10009, message: "get: 'key not found'" }] });
    }
    if (method === "PUT" && path === "/bulk") {
      for (const e of body as { key: string; value: string; base64?: boolean }[])
        store.set(e.key, Buffer.from(e.value, e.base64 ? "base64" : "utf8"));
      return json(200, { success: true, errors: [], result: { successful_key_count: body.length } });
    }
    if (method === "POST" && path === "/bulk/delete") {
      for (const key of body as string[]) store.delete(key);
      return json(200, { success: true, errors: [], result: { successful_key_count: body.length } });
    }
    if (method === "GET" && path === "/keys") {
      const names = [...store.keys()].filter((k) => k.startsWith(url.searchParams.get("prefix") ?? "")).sort();
      const from = Number(url.searchParams.get("cursor") || 0);
      const page = names.slice(from, from + 2);
      const cursor = from + 2 < names.length ? String(from + 2) : "";
      return json(200, {
        success: true,
        errors: [],
        result: page.map((name) => ({ name })),
        result_info: { count: page.length, cursor },
      });
    }
    return json(404, { success: false, errors: [{ code: 7003, message: `no route ${method} ${path}` }] });
  };
  return { store, calls, fetch: fetch as typeof globalThis.fetch };
}

const remoteKv = (api: ReturnType<typeof fakeApi>, apiToken = "tok") =>
  new CloudflareKv({
    apiToken,
    accountId: ACCOUNT,
    namespaceId: NAMESPACE,
    baseURL: "https://api.example.test/client/v4",
    fetch: api.fetch,
  });

describe("Cloudflare KV through the SDK", () => {
  it("writes in bulk, reads, lists every page of keys, and deletes, binary values included", async () => {
    const api = fakeApi();
    const kv = remoteKv(api);
    await kv.putMany([
      { key: "build/x/page/", value: '{"title":"Home"}' },
      { key: "build/x/other", value: "2" },
      { key: "build/y/manifest", value: "3" },
      { key: "asset/pixel.png", value: new Uint8Array([137, 80, 78, 71]) },
    ]);
    expect(api.calls).toEqual(["PUT /bulk"]);
    expect(await kv.get("build/x/page/")).toBe('{"title":"Home"}');
    expect([...api.store.get("asset/pixel.png")!]).toEqual([137, 80, 78, 71]);
    expect(await kv.get("missing-key")).toBeNull();
    expect(await kv.list("build/")).toEqual(["build/x/other", "build/x/page/", "build/y/manifest"]);
    await recordPublish(kv, "production", "0123456789ab");
    expect((await history(kv, "production"))[0]?.buildId).toBe("0123456789ab");
    await kv.deleteMany(["build/x/page/", "build/x/other"]);
    expect(await kv.list("build/")).toEqual(["build/y/manifest"]);
  });

  it("reports the API's error instead of reading it as a missing key", async () => {
    const kv = remoteKv(fakeApi(), "wrong");
    await expect(kv.get("any")).rejects.toThrow(/Authentication error/);
  });
});
