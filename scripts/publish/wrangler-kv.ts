/**
 * KV through the wrangler CLI: `--remote` for Cloudflare (credentials from the environment:
 * CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID). The tests run it with `--local --persist-to
 * <dir>` to exercise the code path `--remote` takes without an account.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { KvTarget, KvValue } from "./kv-target";

const run = promisify(execFile);
const BULK_LIMIT = 5000;

export type WranglerKvMode =
  { remote: true; namespaceId: string } | { remote: false; namespaceId: string; persistTo: string };

export class WranglerKv implements KvTarget {
  constructor(
    private readonly root: string,
    private readonly mode: WranglerKvMode,
  ) {}

  private async wrangler(args: string[]): Promise<string> {
    const where = this.mode.remote ? ["--remote"] : ["--local", "--persist-to", this.mode.persistTo];
    const bin = path.join(this.root, "node_modules/.bin/wrangler");
    try {
      const { stdout } = await run(bin, ["kv", ...args, "--namespace-id", this.mode.namespaceId, ...where], {
        cwd: this.root,
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: "false",
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
          WRANGLER_LOG: "log",
        },
        maxBuffer: 256 * 1024 * 1024,
      });
      return stdout;
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      throw new Error(
        `wrangler kv ${args[0]} ${args[1]} failed: ${(err.stderr || err.message).trim().split("\n").slice(-3).join(" ")}`,
        {
          cause: e,
        },
      );
    }
  }

  private async withFile<T>(data: unknown, fn: (file: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(tmpdir(), "docs-kv-"));
    const file = path.join(dir, "bulk.json");
    try {
      await writeFile(file, JSON.stringify(data));
      return await fn(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<string | null> {
    try {
      const out = await this.wrangler(["key", "get", key]);
      return out === "Value not found" || out.trim() === "Value not found" ? null : out;
    } catch (e) {
      if (/not found/i.test((e as Error).message)) return null;
      throw e;
    }
  }

  put(key: string, value: KvValue): Promise<void> {
    return this.putMany([{ key, value }]);
  }

  async putMany(entries: { key: string; value: KvValue }[]): Promise<void> {
    for (let i = 0; i < entries.length; i += BULK_LIMIT) {
      const chunk = entries
        .slice(i, i + BULK_LIMIT)
        .map((e) =>
          typeof e.value === "string"
            ? { key: e.key, value: e.value }
            : { key: e.key, value: Buffer.from(e.value).toString("base64"), base64: true },
        );
      await this.withFile(chunk, (file) => this.wrangler(["bulk", "put", file]));
    }
  }

  async list(prefix: string): Promise<string[]> {
    const out = await this.wrangler(["key", "list", "--prefix", prefix]);
    const start = out.indexOf("[");
    return (JSON.parse(out.slice(start)) as { name: string }[]).map((k) => k.name);
  }

  async deleteMany(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += BULK_LIMIT) {
      await this.withFile(keys.slice(i, i + BULK_LIMIT), (file) => this.wrangler(["bulk", "delete", file, "--force"]));
    }
  }
}
