/**
 * Every term's entries after a change (update-index.ts): a kept term's entries less those of the
 * pages that changed or went (by their slots), then the changed pages' own, terms in order.
 */
import type { IndexState } from "./index-state";
import { slotOf } from "./index-state";

export interface MergedEntries {
  terms: string[];
  /** Term i's entries are start[i] to start[i + 1] of ids and cells (as IndexState keeps them). */
  start: Uint32Array;
  ids: Int32Array;
  cells: Uint32Array;
  /** Term i's index in the state, or -1 for a new term. */
  oldOf: Int32Array;
  /** Term i's entries in the changed pages' statistics (their slots local to them), if it has any. */
  fresh: (number[] | undefined)[];
  /** How many of term i's records went with the dropped pages. */
  droppedRecords: Uint32Array;
  /** The terms whose entries changed, and those that went, in order. */
  changed: string[];
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `local`: the changed pages' term statistics (term-statistics.ts) and their records' stable ids
 * by local position; `dropped[slot]` marks the slots of pages whose kept entries go.
 */
export function mergeEntries(
  state: IndexState,
  local: { terms: Map<string, number[]>; ids: ArrayLike<number> },
  width: number,
  dropped: Uint8Array,
): MergedEntries {
  const localTerms = [...local.terms.keys()].sort(order);
  let added = 0;
  for (const list of local.terms.values()) added += list.length / 2;
  const ids = new Int32Array(state.ids.length + added);
  const cells = new Uint32Array(state.ids.length + added);
  const terms: string[] = [];
  const starts: number[] = [];
  const oldOf: number[] = [];
  const fresh: (number[] | undefined)[] = [];
  const droppedRecords: number[] = [];
  const changed: string[] = [];
  let j = 0;
  const take = (term: string, old: number, list: number[] | undefined) => {
    const begin = j;
    let gone = 0;
    if (old >= 0)
      for (let k = state.start[old]!, last = -1; k < state.start[old + 1]!; k++) {
        const id = state.ids[k]!;
        if (!dropped[slotOf(id)]) {
          ids[j] = id;
          cells[j++] = state.cells[k]!;
        } else if (id !== last) {
          gone++;
          last = id;
        }
      }
    if (list)
      for (let k = 0; k < list.length; k += 2) {
        const f = list[k]! % width;
        ids[j] = local.ids[(list[k]! - f) / width]!;
        cells[j++] = f + width * list[k + 1]!;
      }
    if (gone || list) changed.push(term);
    if (j === begin) return;
    terms.push(term);
    starts.push(begin);
    oldOf.push(old);
    fresh.push(list);
    droppedRecords.push(gone);
  };
  let a = 0;
  let b = 0;
  while (a < state.terms.length || b < localTerms.length) {
    const x = state.terms[a];
    const y = localTerms[b];
    if (y === undefined || (x !== undefined && x < y)) take(x!, a++, undefined);
    else take(y, x === y ? a++ : -1, local.terms.get(localTerms[b++]!));
  }
  return {
    terms,
    start: Uint32Array.from([...starts, j]),
    ids: ids.subarray(0, j),
    cells: cells.subarray(0, j),
    oldOf: Int32Array.from(oldOf),
    fresh,
    droppedRecords: Uint32Array.from(droppedRecords),
    changed,
  };
}
