/** The docs' MCP server (worker/mcp): where it answers, the name it gives itself, how clients add it. */
export const MCP_PATH = "/mcp";
export const MCP_SERVER_NAME = "movement-docs";

/** The server's public URL: the site's public URL (url plus baseUrl, no trailing slash) and MCP_PATH. */
export const mcpServerUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, "")}${MCP_PATH}`;

/** Base64 of UTF-8 text, in the worker and the browser alike. */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * One-click installs of the server: Cursor's and VS Code's install links (each opens the editor,
 * which asks before adding the server) and Claude Code's command.
 */
export function mcpInstall(serverUrl: string) {
  return {
    cursor: `cursor://anysphere.cursor-deeplink/mcp/install?name=${MCP_SERVER_NAME}&config=${encodeURIComponent(base64(JSON.stringify({ url: serverUrl })))}`,
    vscode: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: MCP_SERVER_NAME, type: "http", url: serverUrl }))}`,
    claudeCode: `claude mcp add --transport http ${MCP_SERVER_NAME} ${serverUrl}`,
  };
}
