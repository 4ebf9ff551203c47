/**
 * Decides, per page, where each named schema is drawn. A schema used once on the page is drawn
 * where it is used (nested in <details>); one used more often is drawn once in the page's
 * "Schemas" section and linked from every use. Recursion always counts as a second use, so
 * nothing is ever expanded inside itself.
 */
import type { Resolver } from "./refs";
import type { Schema } from "./types";

export class SchemaPlan {
  private readonly uses = new Map<string, number>();

  constructor(readonly r: Resolver) {}

  /** Counts the uses reachable from one place where a schema appears on the page. */
  count(schema: Schema | undefined): void {
    if (!schema) return;
    const name = this.r.schemaName(schema);
    if (name) {
      const n = (this.uses.get(name) ?? 0) + 1;
      this.uses.set(name, n);
      if (n === 1) this.count(this.r.schema(name));
      return;
    }
    for (const prop of Object.values(schema.properties ?? {})) this.count(prop);
    for (const member of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
      this.count(member);
    this.count(schema.items);
    if (typeof schema.additionalProperties === "object") this.count(schema.additionalProperties);
  }

  /** Whether `name` gets its own block (and links) rather than being drawn where it is used. */
  isShared(name: string): boolean {
    return (this.uses.get(name) ?? 0) > 1;
  }

  /** Names drawn in the page's "Schemas" section, alphabetically. */
  shared(): string[] {
    return [...this.uses]
      .filter(([, n]) => n > 1)
      .map(([name]) => name)
      .sort((a, b) => a.localeCompare(b));
  }
}
