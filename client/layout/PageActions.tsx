/**
 * Page actions near the title: copy the page's Markdown, open it, or hand it to an AI assistant.
 * The links are plain links (they work with JavaScript off); "Copy page" is shown only when the
 * boot script can run it (`.js`, client/boot/page-copy.client.ts). Assistant prompts point at the
 * public Markdown URL (the site's `url`), never the host that served the page.
 */
import { markdownPathOf } from "../contracts/markdown-path";

/** The prompt the assistant links carry: read the page's Markdown, then answer about it. */
export function assistantPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask questions about it.`;
}

export function PageActions({ route, siteUrl }: { route: string; siteUrl: string }) {
  const markdownPath = markdownPathOf(route);
  const prompt = encodeURIComponent(assistantPrompt(`${siteUrl.replace(/\/+$/, "")}${markdownPath}`));
  return (
    <div className="page-actions" role="group" aria-label="Page actions">
      <button type="button" className="page-action page-action-copy" data-copy-page={markdownPath}>
        Copy page
      </button>
      <a className="page-action" href={markdownPath} type="text/markdown">
        View as Markdown
      </a>
      <a
        className="page-action"
        href={`https://chatgpt.com/?q=${prompt}`}
        rel="noopener noreferrer"
        target="_blank"
        aria-label="Open in ChatGPT (new tab)"
      >
        Open in ChatGPT
      </a>
      <a
        className="page-action"
        href={`https://claude.ai/new?q=${prompt}`}
        rel="noopener noreferrer"
        target="_blank"
        aria-label="Open in Claude (new tab)"
      >
        Open in Claude
      </a>
    </div>
  );
}
