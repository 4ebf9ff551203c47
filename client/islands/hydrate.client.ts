/**
 * Finds island markers and mounts each one with its strategy. React and the island's code are
 * fetched only at that moment, so a page without islands in use downloads no React at all. A chunk
 * that fails to load shows a red box with the error and Retry (a second failure offers a reload);
 * the click that asked for the island is not lost: Retry makes it on the island once it is in.
 * Browsers may remember a failed module fetch for the page's lifetime, so Retry imports the island's
 * chunk again under a fresh query string;
 * after client navigation, where a new deploy may have replaced the chunks, the page is loaded in
 * full once instead.
 */
import type { ReactNode } from "react";
import type { HydrateOn, IslandName } from "./names";
import { islandLoaders, type IslandModule } from "./registry.client";

const INTERACTION_EVENTS = ["pointerenter", "focusin", "touchstart", "keydown"] as const;
const CLICKABLE = "button, a, input:not([type=hidden])";
const FOCUSABLE = "button, a[href], input:not([type=hidden]), select, textarea, [tabindex]";

/** Dispatched on an island's marker each time it becomes ready (a Retry that worked included). */
export const ISLAND_READY_EVENT = "docs:island-ready";

const mounting = new WeakMap<HTMLElement, Promise<void>>();
/** Islands whose load was asked for by a click that could not be made: Retry makes it. */
const clickPending = new WeakSet<HTMLElement>();
/** The island chunk's URL when its import failed, read from the browser's error message. */
const failedChunk = new WeakMap<HTMLElement, string>();
let navigated = false;

/**
 * Where a pointer is pressed now. An island does not replace its fallback under a press: a click
 * whose press and release land on different elements goes to the element holding both (the island's
 * box), so the press on the fallback's button would be lost. The swap waits for the release and the
 * click that follows it, which the fallback's click holding catches.
 */
let pressed: EventTarget | null = null;
let afterRelease: (() => void)[] = [];
const PRESS_WAIT_MS = 2000;

function released(): void {
  pressed = null;
  if (afterRelease.length === 0) return;
  const waiting = afterRelease;
  afterRelease = [];
  // The click is dispatched after the release, in the same task.
  setTimeout(() => waiting.forEach((go) => go()));
}
addEventListener("pointerdown", (e) => (pressed = e.target), { capture: true, passive: true });
for (const type of ["pointerup", "pointercancel"]) addEventListener(type, released, { capture: true, passive: true });
// The window losing focus (an alert, another app) may swallow the release.
addEventListener("blur", (e) => e.target === window && released());

/** Resolves when no pointer is pressed inside `el` (at most PRESS_WAIT_MS later, were a release missed). */
function unpressed(el: HTMLElement): Promise<void> {
  if (!(pressed instanceof Node && el.contains(pressed))) return Promise.resolve();
  return new Promise((resolve) => {
    afterRelease.push(resolve);
    setTimeout(resolve, PRESS_WAIT_MS);
  });
}

/** Called by client navigation: a chunk failing from now on may come from an older deploy. */
export function markClientNavigation(): void {
  navigated = true;
}

function mount(el: HTMLElement): Promise<void> {
  let done = mounting.get(el);
  if (!done) {
    done = attempt(el);
    mounting.set(el, done);
  }
  return done;
}

function showFailure(el: HTMLElement, error: unknown, tries: number): void {
  const box = document.createElement("div");
  box.className = "island-error";
  box.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.textContent = `This part of the page could not load: ${error instanceof Error ? error.message : String(error)}`;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  if (tries < 2) {
    button.textContent = "Retry";
    button.addEventListener("click", () => {
      box.remove();
      mounting.delete(el);
      delete el.dataset.islandState;
      void mount(el).then(() => {
        if (el.dataset.islandState !== "ready") return;
        // One click is enough: the Retry also does what the first click asked for.
        if (clickPending.has(el)) {
          clickPending.delete(el);
          el.querySelector<HTMLElement>(CLICKABLE)?.click();
        } else el.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      });
    });
  } else {
    button.textContent = "Reload the page";
    button.addEventListener("click", () => location.reload());
  }
  box.append(text, button);
  el.append(box);
}

async function attempt(el: HTMLElement): Promise<void> {
  el.dataset.islandState = "loading";
  el.dataset.islandTries = String(Number(el.dataset.islandTries ?? 0) + 1);
  const name = el.dataset.island as IslandName;
  const failed = failedChunk.get(el);
  // A retry imports the chunk itself again, past a failure the browser keeps for that URL.
  const load: (() => Promise<IslandModule>) | undefined = failed
    ? () => import(/* @vite-ignore */ `${failed}${failed.includes("?") ? "&" : "?"}retry=${el.dataset.islandTries}`)
    : islandLoaders[name];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    el.dataset.islandState = "error";
    return;
  }
  try {
    const props = el.dataset.islandProps ? (JSON.parse(el.dataset.islandProps) as Record<string, unknown>) : {};
    const [React, { createRoot }, { IslandBoundary }, mod] = await Promise.all([
      import("react"),
      import("react-dom/client"),
      import("./IslandBoundary"),
      load(),
    ]);
    await unpressed(el);
    const focused = document.activeElement;
    const fallback = [...el.childNodes];
    // React swaps the server-rendered fallback for the island in one commit (no blank frame); we
    // wait for that commit so a replayed click or the focus finds the island's own elements.
    await new Promise<void>((resolve, reject) => {
      const root = createRoot(el, {
        onUncaughtError(error) {
          root.unmount();
          el.replaceChildren(...fallback);
          reject(error);
        },
      });
      const Committed = ({ children }: { children: ReactNode }) => {
        React.useLayoutEffect(() => resolve(), []);
        return children;
      };
      // The boundary keeps a crash inside the island: 'This page crashed.' with 'Try again' in its place.
      root.render(
        React.createElement(
          Committed,
          null,
          React.createElement(IslandBoundary, { name, children: React.createElement(mod.default, props) }),
        ),
      );
    });
    // The fallback had the focus (a keyboard user reached the widget): keep it on the widget.
    if (focused && !focused.isConnected) el.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    el.dataset.islandState = "ready";
    el.dispatchEvent(new CustomEvent(ISLAND_READY_EVENT));
  } catch (e) {
    console.error(`Island "${name}" failed to load; the server-rendered version stays.`, e);
    el.dataset.islandState = "error";
    const chunk = /https?:\/\/\S+/.exec(e instanceof Error ? e.message : "")?.[0];
    if (chunk?.includes(`/${name}.island`)) failedChunk.set(el, chunk);
    // One full load (the flag is gone after it, so this cannot loop).
    if (navigated) return location.reload();
    showFailure(el, e, Number(el.dataset.islandTries));
  }
}

function schedule(el: HTMLElement, on: HydrateOn): void {
  if (on === "idle") {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => void mount(el));
  } else if (on === "visible" && "IntersectionObserver" in window) {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void mount(el);
      }
    });
    io.observe(el);
  } else {
    // A click that comes before the island is ready (the one that triggers loading, or one during
    // loading) is held: its default action (following the fallback link, submitting its form) waits.
    // Once mounted, it is replayed on the island. If loading failed it waits for the red box's
    // Retry: made on the fallback, it would leave the page (the search button's form leads to an
    // empty search page) and the red box with it.
    let held: HTMLElement | null = null;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      for (const type of INTERACTION_EVENTS) el.removeEventListener(type, start, true);
      void mount(el).then(() => {
        el.removeEventListener("click", hold, true);
        if (!held) return;
        if (el.dataset.islandState === "ready") el.querySelector<HTMLElement>(CLICKABLE)?.click();
        else clickPending.add(el);
      });
    };
    const hold = (event: MouseEvent) => {
      event.preventDefault();
      held = (event.target as Element | null)?.closest<HTMLElement>(CLICKABLE) ?? held;
      start();
    };
    for (const type of INTERACTION_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
    el.addEventListener("click", hold, { capture: true });
  }
}

/** Mounts every island under `root` (the document on load, new content after client navigation). */
export function startIslands(root: ParentNode = document): void {
  root
    .querySelectorAll<HTMLElement>("[data-island]")
    .forEach((el) => schedule(el, (el.dataset.islandOn as HydrateOn) ?? "interaction"));
}

/** Loads an island now (e.g. from a keyboard shortcut) and resolves when it is mounted. */
export function mountIsland(el: HTMLElement): Promise<void> {
  return mount(el);
}
