/**
 * The outline column: marks the entry of the section being read (rules in toc.ts) and keeps it in
 * the part of the column's own scroll box that is on screen; smoothly, or at once for readers who
 * prefer reduced motion.
 */
import { reducedMotion } from "./dom.client";
import { activeHeading, scrollToShow } from "./toc";

export function setupTocHighlight(): void {
  let frame = 0;
  // Where the box was last asked to scroll, so a smooth scroll under way is not started over.
  let target = -1;
  const update = () => {
    frame = 0;
    const toc = document.querySelector<HTMLElement>(".toc");
    const links = [...(toc?.querySelectorAll<HTMLAnchorElement>("a[href^='#']") ?? [])];
    if (!toc || !links.length) return;
    const navbar = document.querySelector<HTMLElement>(".navbar");
    const tops = links.map((link) => {
      const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      // A heading not laid out (in a hidden tab panel) is never the one being read.
      return heading?.getClientRects().length ? heading.getBoundingClientRect().top + window.scrollY : Infinity;
    });
    const active =
      links[
        activeHeading(tops, {
          y: window.scrollY,
          maxY: document.documentElement.scrollHeight - window.innerHeight,
          height: window.innerHeight,
          line: (navbar?.offsetHeight ?? 60) + 16,
        })
      ]!;
    links.forEach((l) => l.classList.toggle("active", l === active));
    // The part of the box on screen: it can reach under the navbar, or above the window at the page's end.
    const box = toc.getBoundingClientRect();
    const visible = {
      top: Math.max(box.top, navbar?.getBoundingClientRect().bottom ?? 0, 0),
      bottom: Math.min(box.bottom, window.innerHeight),
    };
    const delta = scrollToShow(active.getBoundingClientRect(), visible);
    if (delta === 0) {
      target = -1;
      return;
    }
    const want = Math.max(0, Math.min(toc.scrollTop + delta, toc.scrollHeight - toc.clientHeight));
    if (Math.abs(want - target) < 1) return;
    target = want;
    toc.scrollTo({ top: want, behavior: reducedMotion() ? "instant" : "smooth" });
  };
  const schedule = () => (frame ||= requestAnimationFrame(update));
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  document.addEventListener("docs:navigated", () => {
    target = -1;
    schedule();
  });
  schedule();
}
