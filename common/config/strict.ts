/**
 * Objects that reject keys they do not know, with the closest known key as a suggestion, so a typo
 * in content/site.yaml (`anouncementBar:`) fails the build instead of vanishing.
 */
import leven from "leven";
import { z } from "zod";

/** The known key closest to `key`, when it is close enough to be a likely typo. */
function closestKey(key: string, known: string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = leven(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : null;
}

const suggestion = (key: string, known: string[]) => {
  const near = closestKey(key, known);
  return near ? ` (did you mean "${near}"?)` : "";
};

/** One key: the caller puts it in the issue's path (see formatIssues); several: each is named. */
function unknownKeys(keys: readonly string[], known: string[]): string {
  if (keys.length === 1) return `unknown key${suggestion(keys[0]!, known)}`;
  return `unknown keys ${keys.map((k) => `"${k}"${suggestion(k, known)}`).join(", ")}`;
}

/** `z.strictObject` whose unknown-key error names each key and the known key it most resembles. */
export function strictObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? unknownKeys(issue.keys, known) : undefined),
  });
}
