/**
 * Every term's entries after a change (update-index.ts): a kept term's entries of records that
 * stay, moved to their positions in this build, and the changed pages' own, in position order,
 * terms in order.
 */
import type { IndexState } from "./index-state";

export interface MergedEntries {
  terms: string[];
  /** Term i's entries are start[i] to start[i + 1] of rows (positions in this build) and cells. */
  start: Uint32Array;
  rows: Uint32Array;
  cells: Uint32Array;
  /** Term i's index in the state, or -1 for a new term. */
  oldOf: Int32Array;
  /** Term i's entries in the changed pages' statistics (their slots local to them), if it has any. */
  fresh: (number[] | undefined)[];
  /** How many of term i's kept records went (their pages changed or went). */
  droppedRecords: Uint32Array;
  /** The terms whose entries changed, and those that went, in order. */
  changed: string[];
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `local`: the changed pages' term statistics (term-statistics.ts) and their records' positions in
 * this build; `moved[row]`: a kept record's position in this build, or -1 when it goes.
 */
export function mergeEntries(
  state: IndexState,
  local: { terms: Map<string, number[]>; positions: ArrayLike<number> },
  width: number,
  moved: Int32Array,
): MergedEntries {
  const localTerms = [...local.terms.keys()].sort(order);
  let added = 0;
  for (const list of local.terms.values()) added += list.length / 2;
  const rows = new Uint32Array(state.rows.length + added);
  const cells = new Uint32Array(state.rows.length + added);
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
    let k = old >= 0 ? state.start[old]! : 0;
    const end = old >= 0 ? state.start[old + 1]! : 0;
    let m = 0;
    const size = list?.length ?? 0;
    // Both in position order: the kept ones keep theirs, the changed pages' are increasing.
    while (k < end || m < size) {
      const row = k < end ? moved[state.rows[k]!]! : -1;
      if (k < end && row < 0) {
        if (k === state.start[old]! || state.rows[k - 1] !== state.rows[k]) gone++;
        k++;
        continue;
      }
      const f = m < size ? list![m]! % width : 0;
      const mine = m < size ? local.positions[(list![m]! - f) / width]! : Infinity;
      if (k < end && row < mine) {
        rows[j] = row;
        cells[j++] = state.cells[k++]!;
      } else {
        rows[j] = mine;
        cells[j++] = f + width * list![m + 1]!;
        m += 2;
      }
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
    rows: rows.subarray(0, j),
    cells: cells.subarray(0, j),
    oldOf: Int32Array.from(oldOf),
    fresh,
    droppedRecords: Uint32Array.from(droppedRecords),
    changed,
  };
}
