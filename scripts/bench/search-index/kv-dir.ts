/** A read-only KV over a written search index (root + pieces/ on disk): values are read when asked, as KV would send them. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { kvKeys } from "../../../common/page";

export class DirKv {
  reads = 0;
  bytes = 0;
  constructor(
    private readonly dir: string,
    private readonly buildId: string,
  ) {}

  async get(key: string, options?: { type?: string }): Promise<never> {
    let file: string | null = null;
    if (key === kvKeys.searchIndex(this.buildId)) file = path.join(this.dir, "index.json");
    else if (key.startsWith("blob/")) file = path.join(this.dir, "pieces", `${key.slice(5)}.json`);
    if (!file || !existsSync(file)) return null as never;
    const text = readFileSync(file, "utf8");
    this.reads++;
    this.bytes += text.length;
    return (options?.type === "json" ? JSON.parse(text) : text) as never;
  }
}
