/**
 * The downloadable document (openapi/node.yaml with the servers the build adds from
 * content/networks.yaml) through Redocly's linter (recommended rules), as Swagger UI, Redocly and
 * code generators will read it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test/helpers/spec-fixtures";
import { generateApiReference } from "./generate";

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

const CLI = path.join(REPO_ROOT, "node_modules/@redocly/cli/bin/cli.js");

async function lint(): Promise<Problem[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "openapi-lint-"));
  const yaml = (await generateApiReference(REPO_ROOT)).files.find((f) => f.path.endsWith(".yaml"))!;
  const file = path.join(dir, "openapi.yaml");
  await writeFile(file, yaml.body);
  // redocly exits 1 when it reports errors; the JSON report on stdout is what is checked.
  const run = promisify(execFile)(process.execPath, [CLI, "lint", file, "--format", "json"], {
    cwd: REPO_ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    maxBuffer: 32 * 1024 * 1024,
  }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? "" }));
  const { stdout } = await run.finally(() => rm(dir, { recursive: true, force: true }));
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

describe("redocly lint of the downloadable document", () => {
  it("has no errors except the absent security scheme, and no $ref siblings or invalid examples", async () => {
    const problems = await lint();
    const show = (p: Problem) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
    // The node API has no authentication, so the document declares no security scheme.
    expect(problems.filter((p) => p.severity === "error" && p.ruleId !== "security-defined").map(show)).toEqual([]);
    expect(problems.filter((p) => p.severity === "error")).toHaveLength(28);
    // Only /spec, /info and /-/healthy may lack a 4xx response: none takes input that could be wrong.
    expect(problems.filter((p) => p.severity === "warn").map(show)).toEqual([
      "warn operation-4xx-response #/paths/~1spec/get/responses: Operation must have at least one `4XX` response.",
      "warn operation-4xx-response #/paths/~1info/get/responses: Operation must have at least one `4XX` response.",
      "warn operation-4xx-response #/paths/~1-~1healthy/get/responses: Operation must have at least one `4XX` response.",
    ]);
  });
});
