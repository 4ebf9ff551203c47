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

/**
 * The stored colour mode, a dismissed announcement and stored tab choices, applied before first
 * paint so none flashes. Tab panels are parsed after this script runs: a mutation observer, whose
 * callbacks run before the browser paints what the parser added, selects each group's stored tab as
 * its panels arrive (only when some choice is stored), and stops once the document is parsed; the
 * boot script does the same for content swapped in later (tabs.client.ts).
 */
const SETTINGS = `(function(){var d=document.documentElement,s=null;d.classList.add("js");try{s=window.localStorage}catch(e){}function g(k){try{return s&&s.getItem(k)}catch(e){return null}}if(d.dataset.themeSwitch==="on"){var t=g("theme");if(t!=="light"&&t!=="dark"&&d.dataset.themeSystem==="on"&&window.matchMedia)t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";if(t==="light"||t==="dark")d.dataset.theme=t}var a=d.dataset.announcement;if(a&&g("docs-announcement-dismissed")===a)d.classList.add("announcement-dismissed");var p="docs-tab-",x=d.dataset.storageSuffix||"",u=false;try{for(var i=0;s&&i<s.length;i++)if((s.key(i)||"").indexOf(p)===0)u=true}catch(e){}if(!u||!window.MutationObserver)return;function P(n){var T=n.parentNode,G=T&&T.dataset&&T.dataset.group,v=G&&g(p+G+x),L=v&&T.querySelector(":scope>.tab-list"),B=L?L.querySelectorAll(":scope>.tab"):[],f=false;for(var i=0;i<B.length;i++)if(B[i].dataset.value===v)f=true;if(!f)return;for(i=0;i<B.length;i++){B[i].setAttribute("aria-selected",String(B[i].dataset.value===v));B[i].tabIndex=B[i].dataset.value===v?0:-1}n.toggleAttribute("data-selected",n.dataset.value===v)}var M=new MutationObserver(function(r){for(var i=0;i<r.length;i++)for(var j=0,a=r[i].addedNodes;j<a.length;j++)if(a[j].classList&&a[j].classList.contains("tab-panel"))P(a[j])});M.observe(document,{childList:true,subtree:true});document.addEventListener("DOMContentLoaded",function(){M.disconnect()})})();`;

/**
 * The only inline script. Its settings come from data-* attributes on <html>, so the text is
 * constant and the CSP allows it by hash (worker/headers).
 */
export const PREPAINT_SCRIPT = EARLY + SETTINGS;
