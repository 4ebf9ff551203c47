/**
 * The worker's one logger: a JSON line per event ({ level, event, ...fields }), so logs can be
 * searched and counted in `wrangler tail` and Logpush. An `error` field is reduced to its name and message.
 */
type Level = "info" | "warn" | "error";

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
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const log = {
  info: (event: string, fields: Record<string, unknown> = {}) => write("info", event, fields),
  warn: (event: string, fields: Record<string, unknown> = {}) => write("warn", event, fields),
  error: (event: string, fields: Record<string, unknown> = {}) => write("error", event, fields),
};
