/**
 * localStorage that never throws: when storage is unavailable (iframe, private mode, strict
 * privacy settings) it logs once and behaves as empty.
 */
let store: Storage | null | undefined;

function get(): Storage | null {
  if (store !== undefined) return store;
  try {
    store = window.localStorage;
    store.getItem("probe");
  } catch (e) {
    console.warn("Browser storage is unavailable; preferences will not be remembered.", e);
    store = null;
  }
  return store;
}

export function readStorage(key: string): string | null {
  try {
    return get()?.getItem(key) ?? null;
  } catch (e) {
    console.warn(`Could not read "${key}" from browser storage.`, e);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    get()?.setItem(key, value);
  } catch (e) {
    console.warn(`Could not write "${key}" to browser storage.`, e);
  }
}
