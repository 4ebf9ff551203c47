/**
 * The write lease: one KV writer at a time (publish, rollback, gc, channel deletion), also for
 * operators running commands by hand beside CI. KV has no conditional write, so the lease is a
 * record with an expiry, written and then read back after the target's settle time: a writer that
 * reads back another's record lost the race and stops before writing anything else. A writer checks
 * the lease again just before it moves a channel pointer.
 *
 * What remains: two writers that start within one settle time of each other, at locations that see
 * different values, may both read back their own record. CI serialises its own writers (one
 * concurrency group), so this needs two people starting commands within seconds of each other.
 * A writer that dies leaves its record until it expires (LEASE_TTL_MS).
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { readJson, type KvTarget } from "./kv-target";

export const LEASE_KEY = "lease/writer";
/** Longer than any publish takes; a dead writer blocks others this long at most. */
export const LEASE_TTL_MS = 30 * 60_000;

export interface LeaseRecord {
  owner: string;
  operation: string;
  host: string;
  at: string;
  until: string;
}

export class LeaseHeld extends Error {}

export interface Lease {
  /** Throws LeaseHeld when the record in KV is no longer this writer's. */
  check(): Promise<void>;
  release(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function heldBy(record: LeaseRecord): string {
  return `${record.operation} on ${record.host} (since ${record.at}) holds the KV write lease until ${record.until}`;
}

export async function acquireLease(
  kv: KvTarget,
  operation: string,
  options: { now?: () => number; settleMs?: number } = {},
): Promise<Lease> {
  const now = options.now ?? Date.now;
  const settleMs = options.settleMs ?? kv.settleMs ?? 0;
  const held = await readJson<LeaseRecord>(kv, LEASE_KEY);
  if (held && Date.parse(held.until) > now())
    throw new LeaseHeld(`${heldBy(held)}; wait for it to finish (or, if it died, until the lease expires)`);
  const mine: LeaseRecord = {
    owner: randomUUID(),
    operation,
    host: hostname(),
    at: new Date(now()).toISOString(),
    until: new Date(now() + LEASE_TTL_MS).toISOString(),
  };
  await kv.put(LEASE_KEY, JSON.stringify(mine));
  if (settleMs > 0) await sleep(settleMs);
  const check = async () => {
    const current = await readJson<LeaseRecord>(kv, LEASE_KEY);
    if (current?.owner !== mine.owner)
      throw new LeaseHeld(
        current ? `another writer took the lease: ${heldBy(current)}` : "the KV write lease disappeared",
      );
  };
  await check();
  return {
    check,
    async release() {
      const current = await readJson<LeaseRecord>(kv, LEASE_KEY);
      if (current?.owner === mine.owner) await kv.deleteMany([LEASE_KEY]);
    },
  };
}

/** Runs `work` holding the lease; the lease is released however it ends. */
export async function withLease<T>(kv: KvTarget, operation: string, work: (lease: Lease) => Promise<T>): Promise<T> {
  const lease = await acquireLease(kv, operation);
  try {
    return await work(lease);
  } finally {
    await lease.release();
  }
}
