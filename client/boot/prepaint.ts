/** Where the pre-paint script leaves what the reader did before the boot script ran (read by early-input.client.ts). */
export const EARLY_INPUT = "__earlyInput";

/** What the pre-paint script noted: JavaScript-only buttons clicked, and a search asked for with what was typed after. */
export interface EarlyInput {
  clicks: HTMLElement[];
  /** null: no search shortcut was pressed; otherwise the characters typed after it. */
  search: string | null;
  stop: () => void;
}

/**
 * Notes input made before the boot script has run, so a reader quicker than the network loses
 * nothing: every click on a JavaScript-only button (`type="button"`: a tab, the theme toggle, "Open
 * the explorer"), clicked again once the listeners are in place; and '/', Ctrl K or ⌘K with the
 * characters typed after it, which open search with that query (the same rules as keys.ts).
 */
const EARLY = `(function(){var d=document,w={clicks:[],search:null};function c(e){var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');if(b)w.clicks.push(b)}function k(e){var y=e.key||"",m=e.ctrlKey||e.metaKey,t=e.target||{},n=t.tagName;if(w.search===null){if(y.toLowerCase()==="k"&&m&&!e.altKey&&!e.shiftKey||y==="/"&&!m&&!e.altKey&&n!=="INPUT"&&n!=="TEXTAREA"&&n!=="SELECT"&&!t.isContentEditable)w.search="";else return}else if(y==="Backspace")w.search=w.search.slice(0,-1);else if(y.length===1&&!m&&!e.altKey)w.search+=y;else return;e.preventDefault()}d.addEventListener("click",c,true);d.addEventListener("keydown",k,true);w.stop=function(){d.removeEventListener("click",c,true);d.removeEventListener("keydown",k,true)};window.${EARLY_INPUT}=w})();`;

/** The stored colour mode and a dismissed announcement, applied before first paint so neither flashes. */
const SETTINGS = `(function(){var d=document.documentElement,s=null;d.classList.add("js");try{s=window.localStorage}catch(e){}function g(k){try{return s&&s.getItem(k)}catch(e){return null}}if(d.dataset.themeSwitch==="on"){var t=g("theme");if(t!=="light"&&t!=="dark"&&d.dataset.themeSystem==="on"&&window.matchMedia)t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";if(t==="light"||t==="dark")d.dataset.theme=t}var a=d.dataset.announcement;if(a&&g("docs-announcement-dismissed")===a)d.classList.add("announcement-dismissed")})();`;

/**
 * The only inline script. Its settings come from data-* attributes on <html>, so the text is
 * constant and the CSP allows it by hash (worker/headers).
 */
export const PREPAINT_SCRIPT = EARLY + SETTINGS;
