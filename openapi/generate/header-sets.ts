/**
 * Response header sets. Most responses repeat one of a few identical header lists (the X-APTOS-*
 * ledger headers); each distinct list is drawn once per page and responses refer to it by id.
 * Each header's row has an id of its own (`<set id>.<header>`) and its name is the permalink to it,
 * as a field's is: a search for a header lands on its row.
 */
import { namePermalink } from "../../common/permalink";
import type { TreeElement, TreeNode } from "../../common/tree";
import { prose } from "./markdown";
import type { Resolver } from "./refs";
import { factNodes } from "./facts";
import { constraintsOf, effective, primitiveLabel } from "./schema-info";
import { h } from "./tree";
import type { Header, OperationEntry, Reference, Response } from "./types";

export interface HeaderSet {
  id: string;
  title: string;
  /** When the set is sent, e.g. "Sent with every 2xx response." */
  note: string;
  headers: [string, Header][];
}

type HeaderMap = Record<string, Header | Reference>;

const keyOf = (headers: HeaderMap) => JSON.stringify(Object.entries(headers));

export class HeaderSets {
  private readonly byKey = new Map<string, HeaderSet>();

  /** Collects every distinct header list of the document and names it by the statuses using it. */
  constructor(
    private readonly r: Resolver,
    operations: OperationEntry[],
  ) {
    const statuses = new Map<string, { headers: HeaderMap; codes: Set<string> }>();
    for (const { operation } of operations) {
      for (const [code, ref] of Object.entries(operation.responses)) {
        const headers = r.resolve<Response>(ref).headers;
        if (!headers || Object.keys(headers).length === 0) continue;
        const key = keyOf(headers);
        const entry = statuses.get(key) ?? { headers, codes: new Set<string>() };
        entry.codes.add(code);
        statuses.set(key, entry);
      }
    }
    let n = 0;
    const taken = new Set<string>();
    for (const [key, { headers, codes }] of statuses) {
      const all = [...codes];
      const success = all.every((c) => c.startsWith("2"));
      const error = all.every((c) => /^[45]/.test(c));
      let id = success ? "headers-success" : error ? "headers-error" : `headers-${++n}`;
      if (taken.has(id)) id = `${id}-${++n}`;
      taken.add(id);
      this.byKey.set(key, {
        id,
        title: success
          ? "Success response headers"
          : error
            ? "Error response headers"
            : `Response headers (${all.join(", ")})`,
        note: success
          ? "Sent with successful (2xx) responses."
          : error
            ? "Sent with error (4xx and 5xx) responses."
            : `Sent with ${all.join(", ")} responses.`,
        headers: Object.entries(headers).map(([name, header]) => [name, r.resolve<Header>(header)]),
      });
    }
  }

  of(response: Response): HeaderSet | null {
    return response.headers && Object.keys(response.headers).length
      ? (this.byKey.get(keyOf(response.headers)) ?? null)
      : null;
  }

  /**
   * One header set. When an earlier set on the page (`base`) has the same headers and this set only
   * adds a common sentence to their descriptions (the error set of this API), it is described as
   * that difference, with a table only for the headers that differ otherwise.
   */
  describe(set: HeaderSet, base: HeaderSet | null): TreeNode[] {
    const diff = base ? this.diff(set, base) : null;
    if (!base || !diff) return [h("p", null, set.note), this.table(set)];
    const changes = [
      diff.missing.length ? `without ${diff.missing.join(", ")}` : "",
      diff.optional ? "and none of them is guaranteed" : "",
    ].filter(Boolean);
    const intro = h(
      "p",
      null,
      `${set.note} The same headers as the `,
      h("a", { href: `#${base.id}` }, base.title.toLowerCase()),
      changes.length ? `, ${changes.join(" ")}. ` : ". ",
      diff.suffix,
    );
    return diff.differing.length ? [intro, this.table({ ...set, headers: diff.differing })] : [intro];
  }

  private diff(
    set: HeaderSet,
    base: HeaderSet,
  ): { missing: string[]; optional: boolean; suffix: string; differing: [string, Header][] } | null {
    const baseOf = new Map(base.headers);
    if (!set.headers.every(([name]) => baseOf.has(name))) return null;
    const suffixes = new Map<string, number>();
    for (const [name, header] of set.headers) {
      const before = baseOf.get(name)!.description ?? "";
      const after = header.description ?? "";
      if (after.startsWith(before) && after.length > before.length) {
        const suffix = after.slice(before.length).trim();
        suffixes.set(suffix, (suffixes.get(suffix) ?? 0) + 1);
      }
    }
    const suffix = [...suffixes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
    const differing = set.headers.filter(([name, header]) => {
      const b = baseOf.get(name)!;
      const expected = suffix ? `${b.description ?? ""} ${suffix}` : b.description;
      return (
        JSON.stringify(header.schema) !== JSON.stringify(b.schema) ||
        (header.description !== expected && header.description !== b.description)
      );
    });
    if (differing.length * 2 > set.headers.length) return null;
    const names = new Set(set.headers.map(([n]) => n));
    return {
      missing: base.headers.map(([n]) => n).filter((n) => !names.has(n)),
      optional: base.headers.some(([, hd]) => hd.required) && set.headers.every(([, hd]) => !hd.required),
      suffix,
      differing,
    };
  }

  /** A table of one header set. */
  table(set: HeaderSet): TreeElement {
    return h(
      "table",
      // Focusable: on a phone the table scrolls sideways in its own box, and keyboards must reach it.
      { className: "api-table", tabIndex: 0 },
      h("thead", null, h("tr", null, h("th", null, "Header"), h("th", null, "Type"), h("th", null, "Description"))),
      h(
        "tbody",
        null,
        ...set.headers.map(([name, header]) => {
          const schema = header.schema ? effective(header.schema, this.r) : {};
          const id = `${set.id}.${name}`;
          return h(
            "tr",
            { id },
            h("td", null, namePermalink(id, name), header.required ? h("b", null, "always") : null),
            h("td", null, primitiveLabel(schema), ...factNodes(constraintsOf(schema))),
            h("td", null, ...prose(header.description)),
          );
        }),
      ),
    );
  }
}
