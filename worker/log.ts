/** One structured line per failure, so logs can be searched and counted (wrangler tail, Logpush). */
export function logFailure(event: string, details: Record<string, unknown>): void {
  const error = details.error;
  console.error(
    JSON.stringify({
      level: "error",
      event,
      ...details,
      error:
        error instanceof Error ? `${error.name}: ${error.message}` : error === undefined ? undefined : String(error),
    }),
  );
}
