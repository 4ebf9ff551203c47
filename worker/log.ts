/**
 * The worker's one logger: a JSON line per event ({ level, event, ...fields }), so logs can be
 * searched and counted in `wrangler tail` and Logpush. An `error` field is reduced to its name and message.
 */
type Level = "error";

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
  console.error(line);
}

export const log = {
  error: (event: string, fields: Record<string, unknown>) => write("error", event, fields),
};
