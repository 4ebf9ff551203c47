/** The stage clock: each stage's wall and CPU time, added up by name. */
import { describe, expect, it } from "vitest";
import { StageClock } from "./clock";

/** Busy for `ms` of this process's CPU time (however loaded the machine). */
const spin = (ms: number) => {
  const from = process.cpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + i);
    const used = process.cpuUsage(from);
    if ((used.user + used.system) / 1000 >= ms) return x;
  }
};

describe("StageClock", () => {
  it("charges a busy stage its CPU and a waiting one none, adding up a stage run twice", async () => {
    const clock = new StageClock();
    clock.run("search", () => spin(60));
    clock.run("search", () => spin(60));
    await clock.run("files", () => new Promise((done) => setTimeout(done, 120)));
    expect(clock.cpu.search).toBeGreaterThanOrEqual(118);
    // The process's CPU counts V8's own threads too, which may run beside the spinning one, so the
    // stage's wall time is compared with most of its CPU, not all of it.
    expect(clock.phases.search).toBeGreaterThanOrEqual(100);
    expect(clock.phases.files).toBeGreaterThanOrEqual(115);
    expect(clock.cpu.files).toBeLessThan(clock.phases.files / 2);
    expect(clock.cpu.pages).toBe(0);
  });
});
