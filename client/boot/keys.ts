/** Pure keyboard rules, unit-tested without a browser. */

export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
}

export function isTypingTarget(t: TargetLike | null): boolean {
  if (!t) return false;
  const tag = (t.tagName ?? "").toUpperCase();
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || !!t.isContentEditable;
}

/** Which pagination link an arrow key follows, or null. */
export function paginationFor(e: KeyLike, target: TargetLike | null): "prev" | "next" | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || isTypingTarget(target)) return null;
  if (e.key === "ArrowLeft") return "prev";
  if (e.key === "ArrowRight") return "next";
  return null;
}

/**
 * Ctrl K or ⌘K opens search, whatever the platform: a Mac keyboard reaches for ⌘ and a PC keyboard
 * attached to one for Ctrl, and neither combination does anything else on a page. The hint shows
 * the platform's usual one (`isApplePlatform`).
 */
export function isSearchShortcut(e: KeyLike): boolean {
  return e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey;
}

export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Asks the search island to open; `detail.query` is what the reader typed while it loaded. */
export const OPEN_SEARCH_EVENT = "docs:open-search";

/** '/' opens search too, unless the reader is typing in a field. */
export function isSlashShortcut(e: KeyLike, target: TargetLike | null): boolean {
  return e.key === "/" && !e.altKey && !e.ctrlKey && !e.metaKey && !isTypingTarget(target);
}
