/**
 * Content addresses for what a build stores in KV: a page record or a file is stored once under
 * the digest of its bytes and shared by every build that has the same value.
 */
import { createHash } from "node:crypto";
import type { PageRecord } from "../../common/page";

/** 128 bits of SHA-256, hex: collision-free at any site size. */
export const blobDigest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/** The exact bytes stored for a page record (the digest is taken over these). */
export const pageRecordValue = (record: PageRecord) => JSON.stringify(record);
