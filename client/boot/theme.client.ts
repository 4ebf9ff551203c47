/**
 * Colour mode. The pre-paint script applied the stored or system mode before first paint; this
 * wires the navbar toggle (present only when the switch is enabled), persists the choice and keeps
 * open tabs in sync through the storage event.
 */
import { onClick, root } from "./dom.client";
import { readStorage, storage, writeStorage } from "./storage.client";

const KEY = "theme";

function apply(mode: string): void {
  if (mode !== "light" && mode !== "dark") return;
  root.dataset.theme = mode;
  document.querySelectorAll<HTMLElement>("[data-theme-toggle]").forEach((b) => {
    b.setAttribute("aria-label", `Switch to ${mode === "dark" ? "light" : "dark"} mode (currently ${mode} mode)`);
    b.setAttribute("aria-pressed", String(mode === "dark"));
  });
}

export function setupTheme(): void {
  if (root.dataset.themeSwitch !== "on") return;
  apply(root.dataset.theme ?? "dark");
  onClick("[data-theme-toggle]", () => {
    const next = root.dataset.theme === "dark" ? "light" : "dark";
    apply(next);
    writeStorage(KEY, next);
  });
  storage().listen(KEY, (value) => value && apply(value));
  if (root.dataset.themeSystem === "on") {
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (e) => {
      if (!readStorage(KEY)) apply(e.matches ? "dark" : "light");
    });
  }
}
