/**
 * Process figures read from Linux /proc: CPU time of a process (workerd under load) and the peak
 * resident memory of a process tree (a build and every program it starts). No native addon, no
 * `/usr/bin/time`; the benchmark runs on Linux only.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

interface Stat {
  ppid: number;
  /** user + system CPU time, in ms */
  cpuMs: number;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS };
  } catch {
    return null; // the process ended between listing and reading
  }
}

function comm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/** Every living descendant of `pid`. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(name));
    children.set(stat.ppid, list);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Descendants of this process named `name` (e.g. "workerd"). */
export function childProcessesNamed(name: string): Set<number> {
  return new Set(descendants(process.pid).filter((pid) => comm(pid) === name));
}

/** The one process named `name` started since `before` (childProcessesNamed) was taken; throws if there is not exactly one. */
export function newProcessNamed(name: string, before: Set<number>): number {
  const started = [...childProcessesNamed(name)].filter((pid) => !before.has(pid));
  if (started.length !== 1) throw new Error(`expected one new ${name} process, found ${started.length}`);
  return started[0]!;
}

/** user + system CPU time the process has used so far, in ms. */
export function cpuTimeMs(pid: number): number {
  const stat = readStat(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  return stat.cpuMs;
}

/**
 * CPU time all living threads of the process have used (or those whose name `thread` accepts), in
 * ms, from /proc/<pid>/task/<tid>/schedstat (nanoseconds, unlike stat's clock ticks): precise
 * enough for one request.
 */
export function preciseCpuTimeMs(pid: number, thread?: (name: string) => boolean): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      if (thread && !thread(readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim())) continue;
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended between listing and reading
    }
  }
  return ns / 1e6;
}

export function residentBytes(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/**
 * Samples the resident memory of `rootPid` and its descendants every `intervalMs` until stop().
 * The peak is the larger of the highest sum over the tree at one instant and the highest
 * high-water mark of any single process (which catches a peak between two samples).
 */
export function sampleTreeMemory(rootPid: number, intervalMs = 25): { stop(): number } {
  let peak = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of [rootPid, ...descendants(rootPid)]) {
      const { rss, hwm } = residentBytes(pid);
      sum += rss;
      peak = Math.max(peak, hwm);
    }
    peak = Math.max(peak, sum);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
