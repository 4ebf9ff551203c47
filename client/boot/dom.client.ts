/** Tiny DOM helpers shared by the boot modules. */
export const root = document.documentElement;

/** Delegated click handler for elements matching `selector` (works for content swapped in later). */
export function onClick(selector: string, handler: (el: HTMLElement, e: MouseEvent) => void): void {
  document.addEventListener("click", (e) => {
    const el = (e.target as Element | null)?.closest?.(selector);
    if (el) handler(el as HTMLElement, e);
  });
}

export const DESKTOP_QUERY = "(min-width: 997px)";
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
