/**
 * The two files the dev server gives the browser: the live-update script (browser/live.client.ts,
 * type-stripped by TypeScript when first asked for) and the overlay's stylesheet. Neither is part of
 * the client build.
 */
import { readFile } from "node:fs/promises";

const SCRIPT = new URL("./browser/live.client.ts", import.meta.url);
const STYLE = new URL("./browser/overlay.css", import.meta.url);

let script: Promise<string> | undefined;
let style: Promise<string> | undefined;

export function liveScript(): Promise<string> {
  script ??= (async () => {
    const { default: ts } = await import("typescript");
    const { outputText } = ts.transpileModule(await readFile(SCRIPT, "utf8"), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    // A classic script (the site's boot script is the page's only module); its names stay inside.
    if (/^\s*(import|export)\s.*from\s/m.test(outputText)) throw new Error(`${SCRIPT.pathname} may import types only`);
    return `(() => {\n${outputText.replace(/^export \{\};?$/m, "")}\n})();\n`;
  })();
  return script;
}

export function overlayStyle(): Promise<string> {
  style ??= readFile(STYLE, "utf8");
  return style;
}
