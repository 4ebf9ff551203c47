/**
 * A copy of the repository's own site (its content, API description and public files) in a
 * temporary folder, with its site.yaml changed: a test configuration such as the light colour mode,
 * which the shipped site does not use.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO_ROOT } from "./local-site";
import { SITE_PARTS } from "./site-inputs";
import type { TempSite } from "./temp-site";

export async function repoSiteWith(changeConfig: (yaml: string) => string): Promise<TempSite> {
  const root = await mkdtemp(path.join(tmpdir(), "docs-repo-site-"));
  for (const folder of SITE_PARTS) await cp(path.join(REPO_ROOT, folder), path.join(root, folder), { recursive: true });
  const file = path.join(root, "content/site.yaml");
  const yaml = await readFile(file, "utf8");
  const changed = changeConfig(yaml);
  if (changed === yaml) throw new Error("repoSiteWith: the change left content/site.yaml as it was");
  await writeFile(file, changed);
  return {
    root,
    write: (rel, text) => writeFile(path.join(root, "content", rel), text),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The site in the light colour mode, with the switch shown (the shipped site is dark only). */
export const lightMode = (yaml: string) =>
  yaml.replace(/^colorMode:\n(?: {2}.*\n)+/m, "colorMode:\n  defaultMode: light\n  disableSwitch: false\n");
