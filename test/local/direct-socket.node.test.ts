/**
 * The local server's direct socket (LocalServerOptions.direct) reaches the worker itself, past
 * Miniflare's static-assets router: a client file the main socket serves from dist/client is, on
 * the direct socket, a request the worker answers (here its 503 page: nothing is published yet).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "../../scripts/local/server";

const ROOT = path.resolve(import.meta.dirname, "../..");
let server: LocalServer;
let kvDir: string;

beforeAll(async () => {
  kvDir = await mkdtemp(path.join(tmpdir(), "docs-direct-"));
  server = await startLocalServer({ root: ROOT, port: 0, kvPersist: kvDir, direct: true });
});

afterAll(async () => {
  await server?.dispose();
  await rm(kvDir, { recursive: true, force: true });
});

describe("the local server's direct socket", () => {
  it("hands requests to the worker, not to the static-assets router", async () => {
    const asset = (await readdir(path.join(ROOT, "dist/client/assets"))).find((f) => f.endsWith(".js"));
    expect(asset, "a client bundle in dist/client/assets (npm run build)").toBeTruthy();
    const viaEntry = await fetch(new URL(`/assets/${asset}`, server.url));
    expect(viaEntry.status).toBe(200);
    expect(viaEntry.headers.get("content-type")).toMatch(/javascript/);
    const viaDirect = await fetch(new URL(`/assets/${asset}`, server.direct));
    expect(viaDirect.status).toBe(503);
    expect(await viaDirect.text()).toMatch(/This page crashed/);
  });
});
