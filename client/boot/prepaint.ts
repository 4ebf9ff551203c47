/** Where the pre-paint script leaves the clicks it noted (read by early-clicks.client.ts). */
export const EARLY_CLICKS = "__earlyClicks";

/**
 * The only inline script: it runs before first paint to apply the stored colour mode and to hide
 * an announcement the reader dismissed, so neither flashes. Its settings come from data-* attributes
 * on <html>, so the text is constant and the CSP can allow it by hash.
 *
 * It also notes every click on a JavaScript-only button (`type="button"`: a tab, the theme toggle,
 * "Open the explorer") made before the boot script has run; the boot script clicks them again once
 * its listeners are in place, so a reader quicker than the network loses nothing.
 */
export const PREPAINT_SCRIPT = `(function(){var q=[];function c(e){var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');if(b)q.push(b)}document.addEventListener("click",c,true);window.${EARLY_CLICKS}={clicks:q,stop:function(){document.removeEventListener("click",c,true)}}})();(function(){var d=document.documentElement,s=null;d.classList.add("js");try{s=window.localStorage}catch(e){}function g(k){try{return s&&s.getItem(k)}catch(e){return null}}if(d.dataset.themeSwitch==="on"){var t=g("theme");if(t!=="light"&&t!=="dark"&&d.dataset.themeSystem==="on"&&window.matchMedia)t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";if(t==="light"||t==="dark")d.dataset.theme=t}var a=d.dataset.announcement;if(a&&g("docs-announcement-dismissed")===a)d.classList.add("announcement-dismissed")})();`;
