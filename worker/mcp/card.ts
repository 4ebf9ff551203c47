/**
 * Discovery documents of the MCP server, as the MCP Server Cards extension (SEP-2127) has them: the
 * server card at `<server URL>/server-card` (the location MCP reserves for it), and the site's MCP
 * catalog at `/.well-known/mcp/catalog.json` pointing to it. The 2026-07-28 revision itself defines
 * neither; clients that know the extension find the server from the site's domain. No SDK.
 */
import { MCP_PATH, MCP_SERVER_NAME } from "../../common/mcp";
import { SUPPORTED_VERSIONS } from "./wire";

/** The server's version, in `serverInfo` and the card. */
export const SERVER_VERSION = "1.1.0";

export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";
const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json";

/** The card's `name`: reverse DNS of the site's host, then the server's own name. */
function cardName(siteUrl: string): string {
  return `${new URL(siteUrl).hostname.split(".").reverse().join(".")}/${MCP_SERVER_NAME}`;
}

/** `siteUrl` is the public URL of the site (its `url` plus `baseUrl`, no trailing slash). */
export function serverCard(siteUrl: string, title: string) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: cardName(siteUrl),
    version: SERVER_VERSION,
    title: `${title} docs`.slice(0, 100),
    description: "Search and read the documentation as Markdown, the node REST API and the network table.",
    websiteUrl: `${siteUrl}/`,
    remotes: [
      { type: "streamable-http", url: `${siteUrl}${MCP_PATH}`, supportedProtocolVersions: [...SUPPORTED_VERSIONS] },
    ],
  };
}

export function catalog(siteUrl: string, title: string) {
  return {
    specVersion: "draft",
    entries: [
      {
        identifier: `urn:air:${new URL(siteUrl).hostname}:${MCP_SERVER_NAME}`,
        displayName: `${title} docs`,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${siteUrl}${MCP_PATH}/server-card`,
      },
    ],
  };
}
