/**
 * The only inline script: it runs before first paint to apply the stored colour mode and to hide
 * an announcement the reader dismissed, so neither flashes. Its settings come from data-* attributes
 * on <html>, so the text is constant and the CSP can allow it by hash.
 */
export const PREPAINT_SCRIPT = `(function(){var d=document.documentElement,s=null;d.classList.add("js");try{s=window.localStorage}catch(e){}function g(k){try{return s&&s.getItem(k)}catch(e){return null}}if(d.dataset.themeSwitch==="on"){var t=g("theme");if(t!=="light"&&t!=="dark"&&d.dataset.themeSystem==="on"&&window.matchMedia)t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";if(t==="light"||t==="dark")d.dataset.theme=t}var a=d.dataset.announcement;if(a&&g("docs-announcement-dismissed")===a)d.classList.add("announcement-dismissed")})();`;
