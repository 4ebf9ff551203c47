/**
 * The watcher's events made into saves. Editors write a file in several steps (a temporary file, a
 * truncation, the write, a rename): events are gathered until they have been quiet for QUIET_MS,
 * then handed on as one save. An empty file is most often one caught between its truncation and
 * its write, which a busy machine can put more than QUIET_MS apart: such a save waits for the write
 * (its own event), and a file left empty on purpose is saved once MID_WRITE_MS have passed.
 */

/** Editor scratch files (vim's 4913 and .swp, emacs' .#x, backups~) are not saves. */
const SCRATCH = /(^|\/)(\.[^/]*|[^/]*~|4913|[^/]*\.sw[a-p]|[^/]*\.tmp)$/;
/** A save is handed on once its files have had no event for this long. */
export const QUIET_MS = 25;
/** How long a save whose file is empty waits for the write that may follow. */
export const MID_WRITE_MS = 500;

export interface SaveTarget {
  /** A file that is there and holds nothing yet. */
  isEmpty(file: string): boolean;
  /** A file that is there, or a deleted one with a name an author saves (not a folder). */
  isSaved(file: string): boolean;
  /** One save: the files to name (saved files, or every path when none is), and every path seen. */
  save(files: string[], changed: string[]): void;
}

export class SaveBatcher {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly target: SaveTarget) {}

  /** A watcher's event for `file` (relative to the site, forward slashes). */
  saw(file: string): void {
    if (SCRATCH.test(file)) return;
    this.pending.add(file);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.settle(0), QUIET_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private settle(waited: number): void {
    const files = [...this.pending].sort();
    if (waited < MID_WRITE_MS && files.some((f) => this.target.isEmpty(f))) {
      this.timer = setTimeout(() => this.settle(waited + QUIET_MS), QUIET_MS);
      return;
    }
    this.pending.clear();
    const named = files.filter((f) => this.target.isSaved(f));
    this.target.save(named.length ? named : files, files);
  }
}
