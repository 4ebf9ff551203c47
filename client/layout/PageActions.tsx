/**
 * Page actions near the title: copy the page's Markdown, open it, or hand it to an AI assistant;
 * and, when the site runs its MCP server, connect an assistant to it. The links are plain links
 * (they work with JavaScript off); the copy buttons are shown only when the boot script can run
 * them (`.js`, client/boot/page-copy.client.ts). Assistant prompts and the server URL are public
 * URLs (the site's `url`), never the host that served the page.
 *
 * Every action is an item of one list, drawn in one group inside a <details>: wide, the stylesheet
 * shows the group as a row and hides the menu's button (client/styles/page-actions.css); below
 * 997 px the group is the "Page actions" menu, which opens without JavaScript (the boot script adds
 * Escape and outside clicks: client/boot/page-menu.client.ts). An action added to the list is in
 * both.
 *
 * On a legacy version's page every action names that version's twin: the paths carry the version's
 * prefix here, and the link `data-version`, so that the worker's prefixing (worker/versions.ts)
 * leaves it be.
 */
import { markdownPathOf } from "../../common/markdown-path";
import { mcpInstall, mcpServerUrl } from "../../common/mcp";
import { versionPath } from "../../common/versions";

/** The prompt the assistant links carry: read the page's Markdown, then answer about it. */
export function assistantPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask questions about it.`;
}

/** "Connect an assistant": the MCP server's URL to copy, Cursor's and VS Code's install links, Claude Code's command. */
function ConnectAssistant({ serverUrl }: { serverUrl: string }) {
  const install = mcpInstall(serverUrl);
  return (
    <details className="page-connect">
      <summary className="page-action">Connect an assistant</summary>
      <div className="page-connect-panel">
        <p>
          This site's MCP server: <code>{serverUrl}</code>
        </p>
        <div className="page-actions">
          <button type="button" className="page-action page-action-copy" data-copy-text={serverUrl}>
            Copy MCP server URL
          </button>
          <a className="page-action" href={install.cursor}>
            Add to Cursor
          </a>
          <a className="page-action" href={install.vscode}>
            Add to VS Code
          </a>
        </div>
        <p>
          Claude Code: <code>{install.claudeCode}</code>
        </p>
      </div>
    </details>
  );
}

export function PageActions({
  route,
  siteUrl,
  mcp,
  prefix = "/",
}: {
  route: string;
  siteUrl: string;
  mcp: boolean;
  /** The URL prefix of the docs version the page is in ("/" for the current one). */
  prefix?: string;
}) {
  const markdownPath = versionPath(prefix, markdownPathOf(route));
  const prompt = encodeURIComponent(assistantPrompt(`${siteUrl.replace(/\/+$/, "")}${markdownPath}`));
  const actions = [
    <button key="copy" type="button" className="page-action page-action-copy" data-copy-page={markdownPath}>
      Copy page
    </button>,
    <a key="markdown" className="page-action" href={markdownPath} type="text/markdown" data-version="">
      View as Markdown
    </a>,
    <a
      key="chatgpt"
      className="page-action"
      href={`https://chatgpt.com/?q=${prompt}`}
      rel="noopener noreferrer"
      target="_blank"
      aria-label="Open in ChatGPT (new tab)"
    >
      Open in ChatGPT
    </a>,
    <a
      key="claude"
      className="page-action"
      href={`https://claude.ai/new?q=${prompt}`}
      rel="noopener noreferrer"
      target="_blank"
      aria-label="Open in Claude (new tab)"
    >
      Open in Claude
    </a>,
    mcp ? <ConnectAssistant key="connect" serverUrl={mcpServerUrl(siteUrl)} /> : null,
  ];
  return (
    <details className="page-menu">
      <summary className="page-action page-menu-button">Page actions</summary>
      <div className="page-actions" role="group" aria-label="Page actions">
        {actions}
      </div>
    </details>
  );
}
