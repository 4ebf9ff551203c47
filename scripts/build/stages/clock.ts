/**
 * The build's stages by name, and the time each took (SiteBuild.phases: `npm run bench:scale`
 * reports them). A stage run twice in one build (the pages' jobs are made, then run) adds up.
 */

export const STAGES = ["discover", "api", "context", "pages", "links", "buildId", "search", "files"] as const;
export type StageName = (typeof STAGES)[number];

export class StageClock {
  readonly phases = Object.fromEntries(STAGES.map((name) => [name, 0])) as Record<StageName, number>;

  /** Runs a stage (sync or async), adding its milliseconds to its name. */
  run<T>(name: StageName, stage: () => T): T {
    const started = performance.now();
    const note = () => (this.phases[name] += Math.round(performance.now() - started));
    const result = stage();
    if (result instanceof Promise) return result.finally(note) as T;
    note();
    return result;
  }
}
