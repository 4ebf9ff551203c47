/** Migration statements: wrangler's cut, kept on disk, and a damaged copy never trusted. */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statementsOf } from "./statements";

const MIGRATION = path.resolve(import.meta.dirname, "../../migrations/0001_signals.sql");

describe("statementsOf", () => {
  let cache: string;
  beforeEach(async () => {
    cache = await mkdtemp(path.join(tmpdir(), "d1-statements-"));
  });
  afterEach(() => rm(cache, { recursive: true, force: true }));

  it("cuts a migration as wrangler does, and keeps the cut for the next process", async () => {
    const sql = await readFile(MIGRATION, "utf8");
    const expected = unstable_splitSqlQuery(sql);
    expect(expected.length).toBeGreaterThan(3);
    expect(await statementsOf(sql, cache)).toEqual(expected);
    const [kept] = await readdir(cache);
    expect(JSON.parse(await readFile(path.join(cache, kept!), "utf8"))).toEqual(expected);
    expect(await statementsOf(sql, cache)).toEqual(expected);
  });

  it("reads the kept cut, and cuts again when the kept one is damaged", async () => {
    const sql = "CREATE TABLE a (x INTEGER);\nCREATE TABLE b (y TEXT);\n";
    await statementsOf(sql, cache);
    const file = path.join(cache, (await readdir(cache))[0]!);
    await writeFile(file, JSON.stringify(["SELECT 1"]));
    expect(await statementsOf(sql, cache)).toEqual(["SELECT 1"]);
    for (const damaged of ['["CREATE TABLE a', "[]", '{"a":1}', "[1]"]) {
      await writeFile(file, damaged);
      expect(await statementsOf(sql, cache)).toEqual(unstable_splitSqlQuery(sql));
    }
  });

  it("keeps one cut per SQL text", async () => {
    await statementsOf("CREATE TABLE a (x INTEGER);", cache);
    await statementsOf("CREATE TABLE b (x INTEGER);", cache);
    expect((await readdir(cache)).filter((f) => f.endsWith(".json"))).toHaveLength(2);
  });
});
