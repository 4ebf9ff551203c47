/**
 * Decides, per page, where each named schema is drawn. A schema used once on the page is drawn
 * where it is used (nested in <details>); one used more often is drawn once in the page's
 * "Schemas" section and linked from every use. Recursion always counts as a second use, so
 * nothing is ever expanded inside itself. A schema with a home page (schema-homes.ts) is drawn
 * only there: other pages link to it.
 */
import type { Resolver } from "./refs";
import type { SchemaHome } from "./schema-homes";
import type { Schema } from "./types";

export class SchemaPlan {
  private readonly uses = new Map<string, number>();

  /** `homes`: schemas drawn on a home page, by name; `here` is this page's route. */
  constructor(
    readonly r: Resolver,
    private readonly homes: ReadonlyMap<string, SchemaHome> = new Map(),
    private readonly here?: string,
  ) {}

  /** Whether this page is `name`'s home: it draws it in a section of its own (schema-homes-section.ts). */
  homedHere(name: string): boolean {
    return this.here !== undefined && this.homes.get(name)?.route === this.here;
  }

  /** The home page `name` is drawn on when that is not this page, else null. */
  elsewhere(name: string): SchemaHome | null {
    const home = this.homes.get(name);
    return home && home.route !== this.here ? home : null;
  }

  /** Counts the uses reachable from one place where a schema appears on the page. */
  count(schema: Schema | undefined): void {
    if (!schema) return;
    const name = this.r.schemaName(schema);
    if (name) {
      if (this.elsewhere(name)) return;
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

  /** Whether `name` gets its own block in "Schemas" (and links) rather than being drawn where it is used. */
  isShared(name: string): boolean {
    return (this.uses.get(name) ?? 0) > 1 && !this.homedHere(name);
  }

  /** Names drawn in the page's "Schemas" section, alphabetically. */
  shared(): string[] {
    return [...this.uses]
      .filter(([name, n]) => n > 1 && !this.homedHere(name))
      .map(([name]) => name)
      .sort((a, b) => a.localeCompare(b));
  }
}
