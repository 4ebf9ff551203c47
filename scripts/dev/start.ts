/**
 * Starts `npm run dev`: the worker on local workerd (an inner loopback port), the front server on
 * the public port, the first build and the watcher.
 */
import { startLocalServer } from "../local/server";
import { localKvPersistDir } from "../publish/local-kv";
import { localD1PersistDir } from "../signals/local-d1";
import { liveScript } from "./assets";
import { EventHub } from "./events";
import { startDevProxy } from "./proxy";
import { DevSession } from "./session";

export interface DevOptions {
  /** Repository root (dist/ holds the built worker and client). */
  root: string;
  /** The site folder (content/, openapi/node.yaml). */
  siteRoot: string;
  port: number;
  host?: string;
}

export interface Dev {
  url: URL;
  session: DevSession;
  dispose(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<Dev> {
  const host = options.host ?? "127.0.0.1";
  const worker = await startLocalServer({
    root: options.root,
    port: 0,
    kvPersist: localKvPersistDir(options.siteRoot),
    d1Persist: localD1PersistDir(options.siteRoot),
  });
  const hub = new EventHub();
  const session = new DevSession({ siteRoot: options.siteRoot, kv: worker.kv, hub });
  const proxy = await startDevProxy({
    host,
    port: options.port,
    upstream: worker.url,
    hub,
    hello: (from) => session.hello(from),
    liveBuild: () => session.liveBuildId(),
  });
  // Prepare the script while the first build runs, so the first page does not wait for it.
  void liveScript();
  const unwatch = session.watch();
  await session.start();
  return {
    url: proxy.url,
    session,
    async dispose() {
      unwatch();
      hub.close();
      await proxy.close();
      await worker.dispose();
    },
  };
}
