/**
 * One request through the SDK's `Server`: a transport whose whole life is one JSON-RPC exchange.
 * The HTTP side (refusals, the era's rules, the response) is this folder's; the SDK dispatches
 * the request to its handler and shapes the JSON-RPC response.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { JsonRpcRequest } from "./wire";

export interface RpcResponse {
  jsonrpc: "2.0";
  id: string | number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

class OneExchange implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private settle!: (response: RpcResponse) => void;
  readonly response = new Promise<RpcResponse>((resolve) => (this.settle = resolve));

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    // The server sends nothing but the response here (no notifications in a stateless exchange).
    if ("id" in message && ("result" in message || "error" in message)) this.settle(message as RpcResponse);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}

/** Hands `message` to `server` and resolves with its response. */
export async function exchange(server: Server, message: JsonRpcRequest): Promise<RpcResponse> {
  const transport = new OneExchange();
  await server.connect(transport);
  transport.onmessage!(message as JSONRPCMessage);
  try {
    return await transport.response;
  } finally {
    await server.close();
  }
}
