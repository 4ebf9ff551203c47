/** The page's shared storage (see storage.ts), plus the preferred docs version kept in it. */
import { createStorage, type SafeStorage } from "./storage";

let shared: SafeStorage | undefined;

export function storage(): SafeStorage {
  shared ??= createStorage({ suffix: document.documentElement.dataset.storageSuffix ?? "" });
  return shared;
}

export const readStorage = (key: string) => storage().get(key);
export const writeStorage = (key: string, value: string) => storage().set(key, value);

/** The docs have one version, "current" (labelled "Next"); it is remembered as the preferred one. */
export function rememberDocsVersion(): void {
  const version = document.documentElement.dataset.docsVersion;
  if (version && readStorage("docs-preferred-version-default") !== version)
    writeStorage("docs-preferred-version-default", version);
}
