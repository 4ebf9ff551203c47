/**
 * The build's stages by name, and the time each took (SiteBuild.phases: `npm run bench:scale`
 * reports them), wall and CPU. A stage run twice in one build (the pages' jobs are made, then run)
 * adds up. CPU is the process's (process.cpuUsage: every thread, the build's page threads and V8's
 * own included), so it tells what a stage costs however many threads did it; stages run one after
 * another, so no stage is charged another's.
 */

export const STAGES = ["discover", "api", "context", "pages", "links", "buildId", "search", "files"] as const;
export type StageName = (typeof STAGES)[number];

export class StageClock {
  readonly phases = Object.fromEntries(STAGES.map((name) => [name, 0])) as Record<StageName, number>;
  readonly cpu = Object.fromEntries(STAGES.map((name) => [name, 0])) as Record<StageName, number>;

  /** Runs a stage (sync or async), adding its milliseconds to its name. */
  run<T>(name: StageName, stage: () => T): T {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const note = () => {
      this.phases[name] += Math.round(performance.now() - started);
      const used = process.cpuUsage(cpu);
      this.cpu[name] += Math.round((used.user + used.system) / 1000);
    };
    const result = stage();
    if (result instanceof Promise) return result.finally(note) as T;
    note();
    return result;
  }
}
