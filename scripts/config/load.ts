/** Reads and validates content/site.yaml. */
import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { formatIssues, siteConfigSchema, type SiteConfig } from "../../common/config/schema";

class ConfigError extends Error {}

export async function loadSiteConfig(file: string, label = "content/site.yaml"): Promise<SiteConfig> {
  let raw: unknown;
  try {
    raw = parseYaml(await readFile(file, "utf8"));
  } catch (e) {
    throw new ConfigError(`${label}: ${(e as Error).message}`);
  }
  const parsed = siteConfigSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(formatIssues(label, parsed.error));
  const config = parsed.data;
  // The assistant's public token comes from the environment and is never committed.
  const token = process.env.DOCS_ASSISTANT_TOKEN;
  if (config.assistant.enabled && token) config.assistant = { ...config.assistant, apiKey: token };
  return config;
}
