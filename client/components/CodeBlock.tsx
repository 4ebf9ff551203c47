/**
 * A highlighted code block (highlighting happens at build time). The copy button is wired by the
 * boot script; without JavaScript the code is still selectable.
 */
import type { ReactNode } from "react";

export function CodeBlock({
  lang,
  title,
  showLineNumbers,
  children,
}: {
  lang: string;
  title?: string;
  showLineNumbers?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={`code-block${showLineNumbers ? " line-numbers" : ""}`} data-lang={lang}>
      {title ? <div className="code-title">{title}</div> : null}
      <div className="code-body">
        {children}
        <button
          type="button"
          className="copy-button"
          data-copy=""
          data-markdown-ignore=""
          aria-label="Copy code to clipboard"
          title="Copy"
        >
          Copy
        </button>
      </div>
    </div>
  );
}
