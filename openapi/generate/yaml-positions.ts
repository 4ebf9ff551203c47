/** Line and column of a JSON pointer in a YAML text (parsed once), for error locations and source notes. */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import { decodeSegment, pointerSegment } from "./refs";

export interface SourceLocation {
  line: number;
  column: number;
  /** The deepest pointer that exists in the text. */
  pointer: string;
}

export class YamlPositions {
  private readonly counter = new LineCounter();
  private readonly yaml: Document;

  constructor(text: string) {
    this.yaml = parseDocument(text, { lineCounter: this.counter });
  }

  /** Where the value at `pointer` starts; a map entry is reported at its key ("type: strin", not "strin"). */
  of(pointer: string): SourceLocation | null {
    const path = pointer.replace(/^#/, "").split("/").filter(Boolean).map(decodeSegment);
    for (let n = path.length; n > 0; n--) {
      const parent = this.yaml.getIn(path.slice(0, n - 1), true);
      const key = path[n - 1]!;
      let range: number[] | null | undefined;
      if (isMap(parent)) {
        const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
        range = pair && isScalar(pair.key) ? pair.key.range : undefined;
      } else if (isSeq(parent)) {
        const item = parent.items[Number(key)];
        range = item && typeof item === "object" && "range" in item ? (item.range as number[]) : undefined;
      }
      if (range) {
        const { line, col } = this.counter.linePos(range[0]!);
        return { line, column: col, pointer: `#/${path.slice(0, n).map(pointerSegment).join("/")}` };
      }
    }
    return null;
  }
}
