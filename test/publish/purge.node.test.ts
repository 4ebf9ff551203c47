/** Cache purge after publish, against a fake Cloudflare API on 127.0.0.1. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeUrls } from "../../scripts/publish/purge";

const requests: { url: string; auth: string; body: { files: string[] } }[] = [];
let fail = false;
const server = createServer(async (req: IncomingMessage, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  requests.push({ url: req.url ?? "", auth: req.headers.authorization ?? "", body: JSON.parse(body) });
  res.writeHead(fail ? 403 : 200, { "Content-Type": "application/json" });
  res.end(JSON.stringify(fail ? { success: false, errors: [{ message: "Authentication error" }] } : { success: true }));
});
let apiBase = "";

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("purgeUrls", () => {
  it("sends nothing without zone credentials", async () => {
    expect(await purgeUrls(["https://d/x"], { apiBase })).toEqual({
      purged: 0,
      skipped: expect.stringContaining("no zone credentials"),
    });
    expect(requests).toEqual([]);
  });

  it("purges changed URLs in batches of 30 with the token", async () => {
    const urls = Array.from({ length: 45 }, (_, i) => `https://docs.example.test/p${i}`);
    expect(await purgeUrls(urls, { zoneId: "zone1", apiToken: "tok", apiBase })).toEqual({ purged: 45, skipped: null });
    expect(requests.map((r) => [r.url, r.auth, r.body.files.length])).toEqual([
      ["/zones/zone1/purge_cache", "Bearer tok", 30],
      ["/zones/zone1/purge_cache", "Bearer tok", 15],
    ]);
  });

  it("reports the API's error", async () => {
    fail = true;
    await expect(purgeUrls(["https://d/x"], { zoneId: "zone1", apiToken: "bad", apiBase })).rejects.toThrow(
      /cache purge failed \(403\): Authentication error/,
    );
  });
});
