/** The docs' MCP server (worker/mcp): where it answers and the name it gives itself. */
export const MCP_PATH = "/mcp";
export const MCP_SERVER_NAME = "movement-docs";
