import { afterEach, describe, expect, it, vi } from "vitest";
import { createStorage, SSR_STORAGE_ERROR } from "./storage";

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

afterEach(() => vi.unstubAllGlobals());

describe("createStorage", () => {
  it("throws during server rendering", () => {
    expect(() => createStorage()).toThrow(SSR_STORAGE_ERROR);
  });

  it("reads and writes with the key suffix", () => {
    vi.stubGlobal("window", { addEventListener() {}, removeEventListener() {} });
    const mem = new MemoryStorage();
    const store = createStorage({ suffix: "-docs", backend: () => mem as unknown as Storage });
    store.set("theme", "dark");
    expect(mem.data.get("theme-docs")).toBe("dark");
    expect(store.get("theme")).toBe("dark");
    store.remove("theme");
    expect(store.get("theme")).toBeNull();
  });

  it("logs once and behaves as empty when storage is unavailable", () => {
    vi.stubGlobal("window", { addEventListener() {}, removeEventListener() {} });
    const log = vi.fn();
    const store = createStorage({
      log,
      backend: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    store.set("a", "1");
    expect(store.get("a")).toBeNull();
    store.remove("a");
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("logs and ignores a failing write", () => {
    vi.stubGlobal("window", { addEventListener() {}, removeEventListener() {} });
    const log = vi.fn();
    const mem = new MemoryStorage();
    mem.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const store = createStorage({ log, backend: () => mem as unknown as Storage });
    expect(() => store.set("a", "1")).not.toThrow();
    expect(log).toHaveBeenCalledWith('Could not write "a" in browser storage.', expect.anything());
  });
});
