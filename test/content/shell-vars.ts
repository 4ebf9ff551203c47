/**
 * Finds shell variables a runnable sequence uses before setting them. A sequence is the fences of
 * one page marked `sequence="name"` (and optionally `machine="…"`), read in page order as one shell
 * session: a variable set on another machine or in another sequence does not count. Fences in tabs
 * are alternatives: a reader runs one tab of each block, so every choice of tabs is its own session.
 */
import { type Fence, metaValue, pagePath } from "./fences";

/** Set by the login shell on every machine. */
const ENVIRONMENT = new Set(["HOME", "USER", "PATH", "PWD", "SHELL", "UID", "LANG", "TERM", "HOSTNAME", "OLDPWD"]);
const SHELL_LANGS = new Set(["bash", "sh", "shell", "zsh"]);

export interface UnsetUse {
  sequence: string;
  where: string;
  variable: string;
}

/** The sequences of a list of fences: key "page › name [machine]" → fences in order. */
export function sequencesOf(fences: Fence[]): Map<string, Fence[]> {
  const out = new Map<string, Fence[]>();
  for (const f of fences) {
    const name = metaValue(f.meta, "sequence");
    if (!name || !SHELL_LANGS.has(f.lang)) continue;
    const machine = metaValue(f.meta, "machine");
    const key = `${f.page} › ${name}${machine ? ` [${machine}]` : ""}`;
    out.set(key, [...(out.get(key) ?? []), f]);
  }
  return out;
}

/** Text the shell expands: single-quoted strings and quoted heredoc bodies are blanked. */
function expandedText(line: string): string {
  let out = "";
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      out += " ";
      continue;
    }
    if (c === "\\") {
      out += "  ";
      i++;
      continue;
    }
    if (c === '"') quote = quote ? null : '"';
    else if (c === "'" && !quote) {
      quote = "'";
      out += " ";
      continue;
    } else if (c === "#" && !quote && (i === 0 || /\s/.test(line[i - 1]!))) break;
    out += c;
  }
  return out;
}

/** At most this many tab choices per sequence: more means the page should be split. */
const MAX_SESSIONS = 64;

export interface Session {
  /** The tabs chosen, e.g. "network=testnet, install=source"; empty without tabs. */
  label: string;
  fences: Fence[];
}

/**
 * The sessions a reader can run through a sequence: one per choice of tab in each tab group (blocks
 * with the same groupId switch together, as on the site). A block without the chosen value shows
 * its default tab.
 */
export function sessionsOf(fences: Fence[]): Session[] {
  const keyOf = (f: Fence) => f.tab && (f.tab.group ?? `block ${f.tab.block}`);
  const choices = new Map<string, string[]>();
  for (const f of fences) {
    const key = keyOf(f);
    if (!key) continue;
    const values = choices.get(key) ?? [];
    for (const v of f.tab!.values) if (!values.includes(v)) values.push(v);
    choices.set(key, values);
  }
  let combos: Map<string, string>[] = [new Map()];
  for (const [key, values] of choices) {
    combos = combos.flatMap((c) => values.map((v) => new Map([...c, [key, v]])));
    if (combos.length > MAX_SESSIONS)
      throw new Error(`${fences[0]!.page}: a sequence with more than ${MAX_SESSIONS} tab choices; split it`);
  }
  return combos.map((combo) => ({
    label: [...combo].map(([k, v]) => `${k}=${v}`).join(", "),
    fences: fences.filter((f) => {
      if (!f.tab) return true;
      const chosen = combo.get(keyOf(f)!)!;
      return f.tab.value === (f.tab.values.includes(chosen) ? chosen : f.tab.defaultValue);
    }),
  }));
}

/** Variables used before they are set, in any session of the sequence, each reported once. */
export function unsetUsesInAnySession(sequence: string, fences: Fence[]): UnsetUse[] {
  const seen = new Map<string, UnsetUse>();
  for (const session of sessionsOf(fences))
    for (const use of unsetUses(session.label ? `${sequence} [${session.label}]` : sequence, session.fences)) {
      const key = `${use.where} ${use.variable}`;
      if (!seen.has(key)) seen.set(key, use);
    }
  return [...seen.values()];
}

const DEFINE = /(?:^|[\s;&|(])(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=/g;
const READ = /\b(?:read(?:\s+-\w+)*|for)\s+([A-Za-z_]\w*)/g;
const USE = /\$(?:\{([A-Za-z_]\w*)(:?[-=?+])?|([A-Za-z_]\w*))/g;

export function unsetUses(sequence: string, fences: Fence[]): UnsetUse[] {
  const defined = new Set(ENVIRONMENT);
  const problems: UnsetUse[] = [];
  const use = (name: string, guarded: boolean, where: string) => {
    if (!guarded && !defined.has(name)) problems.push({ sequence, where, variable: name });
  };
  for (const fence of fences) {
    let heredoc: { end: string; expands: boolean } | null = null;
    fence.code.split("\n").forEach((raw, i) => {
      const where = `${pagePath(fence.page)}:${fence.line + 1 + i}`;
      if (heredoc) {
        if (raw.trim() === heredoc.end) heredoc = null;
        else if (heredoc.expands) for (const m of raw.matchAll(USE)) use((m[1] ?? m[3])!, Boolean(m[2]), where);
        return;
      }
      // Definitions and uses in the order they appear: `A=1 && echo $A` is fine, `echo $A; A=1` is not.
      const text = expandedText(raw);
      const events: { at: number; name: string; def: boolean; guarded: boolean }[] = [];
      for (const m of text.matchAll(DEFINE))
        events.push({ at: m.index + m[0].length, name: m[1]!, def: true, guarded: false });
      for (const m of text.matchAll(READ))
        events.push({ at: m.index + m[0].length, name: m[1]!, def: true, guarded: false });
      for (const m of text.matchAll(USE))
        events.push({ at: m.index, name: (m[1] ?? m[3])!, def: false, guarded: Boolean(m[2]) });
      events.sort((a, b) => a.at - b.at);
      for (const e of events) {
        if (e.def) defined.add(e.name);
        else use(e.name, e.guarded, where);
      }
      const start = /<<-?\s*(['"]?)(\w+)\1/.exec(raw);
      if (start) heredoc = { end: start[2]!, expands: start[1] === "" };
    });
  }
  return problems;
}
