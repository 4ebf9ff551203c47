/**
 * Browser storage that never breaks a page: local storage by default, keys suffixed with a
 * configurable suffix (empty by default). When storage is unavailable (iframe, private mode,
 * strict privacy settings) that is logged once and the store behaves as empty and does nothing;
 * read, write, delete and listen failures are logged and ignored. Using it during server rendering
 * throws: storage belongs in effects and event handlers.
 *
 * @example const store = createStorage(); store.set("theme", "dark"); store.get("theme") // "dark"
 */

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Calls back when another tab changes the key; returns the unsubscribe function. */
  listen(key: string, onChange: (value: string | null) => void): () => void;
}

export interface StorageOptions {
  suffix?: string;
  /** Defaults to window.localStorage; tests pass a failing one. */
  backend?: () => Storage;
  log?: (message: string, error?: unknown) => void;
}

export const SSR_STORAGE_ERROR =
  "Browser storage can only be used in effects and event handlers, not during server rendering.";

export function createStorage(options: StorageOptions = {}): SafeStorage {
  if (typeof window === "undefined") throw new Error(SSR_STORAGE_ERROR);
  const suffix = options.suffix ?? "";
  const log = options.log ?? ((m, e) => console.warn(m, e ?? ""));
  let backend: Storage | null | undefined;
  const store = (): Storage | null => {
    if (backend !== undefined) return backend;
    try {
      backend = (options.backend ?? (() => window.localStorage))();
      backend.getItem("__probe__");
    } catch (e) {
      log(
        "Browser storage is unavailable (iframe, private mode or privacy settings); preferences will not be remembered.",
        e,
      );
      backend = null;
    }
    return backend;
  };
  const guard = <T>(what: string, key: string, fallback: T, fn: (s: Storage) => T): T => {
    const s = store();
    if (!s) return fallback;
    try {
      return fn(s);
    } catch (e) {
      log(`Could not ${what} "${key}" in browser storage.`, e);
      return fallback;
    }
  };
  return {
    get: (key) => guard("read", key, null, (s) => s.getItem(key + suffix)),
    set: (key, value) => guard("write", key, undefined, (s) => s.setItem(key + suffix, value)),
    remove: (key) => guard("delete", key, undefined, (s) => s.removeItem(key + suffix)),
    listen(key, onChange) {
      if (!store()) return () => {};
      const handler = (e: StorageEvent) => {
        try {
          if (e.key === key + suffix) onChange(e.newValue);
        } catch (err) {
          log(`A listener for "${key}" failed.`, err);
        }
      };
      window.addEventListener("storage", handler);
      return () => window.removeEventListener("storage", handler);
    },
  };
}
