/**
 * Publishing a build: every key of the build is written under build/<id>/, then the channel
 * pointer is flipped. A reader sees the old build or the new one, never a mix; an interrupted
 * publish leaves the old build live.
 */
import { kvKeys } from "../../client/contracts/page";
import type { SiteBuild } from "../build/build";
import type { KvTarget } from "./kv-target";

export interface PublishResult {
  buildId: string;
  previous: string | null;
  keysWritten: number;
}

export async function publishBuild(kv: KvTarget, build: SiteBuild, channel: string): Promise<PublishResult> {
  const entries = [...build.pages].map(([route, record]) => ({
    key: kvKeys.page(build.buildId, route),
    value: JSON.stringify(record),
  }));
  await kv.putMany(entries);
  // The manifest goes last within the build: its presence marks the build complete.
  await kv.put(kvKeys.manifest(build.buildId), JSON.stringify(build.manifest));
  const previous = await kv.get(kvKeys.channel(channel));
  if (previous !== build.buildId) await kv.put(kvKeys.channel(channel), build.buildId);
  return { buildId: build.buildId, previous, keysWritten: entries.length + 1 };
}
