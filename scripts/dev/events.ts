/**
 * The dev server's event stream (Server-Sent Events at /__dev/events): every open tab hears about
 * each build and each failed build; a tab that connects first gets the state it missed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BuildChanges } from "./changes";
import type { Problem } from "./problems";

/** A build was published: what it changed since `changes.from`, and the warnings the page shows. */
export interface BuildMessage {
  buildId: string;
  changes: BuildChanges;
  warnings: Problem[];
}

/** A build failed; the last good one stays live. */
export interface FailedMessage {
  errors: Problem[];
  warnings: Problem[];
}

export type DevEvent = { event: "build"; data: BuildMessage } | { event: "failed"; data: FailedMessage };

/** How often an idle stream sends a comment, so that nothing between closes it. */
const KEEPALIVE_MS = 15_000;

export class EventHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly keepalive = setInterval(() => {
    for (const res of this.clients) res.write(": keepalive\n\n");
  }, KEEPALIVE_MS).unref();

  /** Answers one EventSource request; `hello` is what this tab is told first. */
  connect(req: IncomingMessage, res: ServerResponse, hello: DevEvent[]): void {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Content-Type-Options": "nosniff",
    });
    // The browser reconnects by itself; a second is enough while the dev server restarts.
    res.write("retry: 1000\n\n");
    for (const e of hello) res.write(format(e));
    this.clients.add(res);
    req.on("close", () => this.clients.delete(res));
  }

  send(e: DevEvent): void {
    const text = format(e);
    for (const res of this.clients) res.write(text);
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.keepalive);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}

function format(e: DevEvent): string {
  // JSON has no raw newlines, so one data line carries it.
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}
