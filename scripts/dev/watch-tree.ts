/**
 * Watches a folder and all folders under it, one plain fs.watch per folder. Node 20's recursive
 * fs.watch on Linux drops changes while the process is busy building; a folder watch does not.
 * Folders created later are watched as they appear; removed ones are let go.
 */
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

/** Calls `changed` with the path (relative to `root`, forward slashes) of every file that changes. */
export function watchTree(root: string, changed: (relative: string) => void): () => void {
  const watchers = new Map<string, FSWatcher>();

  const forget = (dir: string) => {
    for (const [d, w] of watchers)
      if (d === dir || d.startsWith(dir + path.sep)) {
        w.close();
        watchers.delete(d);
      }
  };

  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (event, name) => {
        if (!name) return;
        const full = path.join(dir, String(name));
        changed(path.relative(root, full).split(path.sep).join("/"));
        if (event !== "rename") return;
        if (isDir(full)) add(full);
        else if (!existsSync(full)) forget(full);
      });
    } catch {
      return;
    }
    watcher.on("error", () => forget(dir));
    watchers.set(dir, watcher);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    } catch {
      // Removed while being read.
    }
    for (const name of entries) add(path.join(dir, name));
  };

  add(root);
  return () => forget(root);
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
