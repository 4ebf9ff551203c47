/** The page's shared storage (see storage.ts); the preferred docs version kept in it is versions.client.ts'. */
import { createStorage, type SafeStorage } from "./storage";

let shared: SafeStorage | undefined;

export function storage(): SafeStorage {
  shared ??= createStorage({ suffix: document.documentElement.dataset.storageSuffix ?? "" });
  return shared;
}

export const readStorage = (key: string) => storage().get(key);
export const writeStorage = (key: string, value: string) => storage().set(key, value);
