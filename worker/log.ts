/**
 * The worker's one logger: a JSON line per event ({ level, event, ...fields }), so logs can be
 * searched and counted in `wrangler tail` and Logpush. An `error` field is reduced to its name and message.
 */
type Level = "error" | "info";

function write(level: Level, event: string, fields: Record<string, unknown>): void {
  const { error, ...rest } = fields;
  const line = JSON.stringify({
    level,
    event,
    ...rest,
    ...(error === undefined
      ? {}
      : { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const log = {
  error: (event: string, fields: Record<string, unknown>) => write("error", event, fields),
  /** What happened, for counting (one line per MCP tool call): never who asked. */
  info: (event: string, fields: Record<string, unknown>) => write("info", event, fields),
};
