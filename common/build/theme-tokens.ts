/**
 * A code block's tokens with both themes' colours from one tokenization. Shiki's
 * codeToTokensWithThemes runs the grammar once per theme, because vscode-textmate resolves colours
 * while it tokenizes; the grammar's work (its regular expressions) is the same for every theme.
 * Here the grammar runs once, giving each token its scope names, and each theme resolves them as
 * vscode-textmate does during tokenizing: from the theme's defaults, each scope from the root in
 * turn sets the font style (unless it is NotSet, -1) and the foreground (unless 0) of the theme
 * rule matching the path up to it. Adjacent tokens keep the boundaries of scopes, finer than
 * Shiki's; the caller merges neighbours of equal colours, which gives the same lines.
 */
import { INITIAL, Theme, type IGrammar, type StateStack } from "@shikijs/vscode-textmate";

/** What a theme gives a token: its colour (#RRGGBB as the theme's colour map writes it) and font style bits. */
export interface TokenStyle {
  color: string;
  fontStyle: number;
}

/** A token of a line: its text and, per theme, its style. */
export interface ThemedToken {
  content: string;
  styles: TokenStyle[];
}

/** A theme as vscode-textmate resolves scopes with it, and the styles of the scope lists seen so far. */
export class ThemeStyles {
  private readonly theme: Theme;
  private readonly colors: string[];
  private readonly memo = new Map<string, TokenStyle>();

  /** `raw`: a theme as Shiki loaded it (its `settings` rules). */
  constructor(raw: { name?: string; settings: unknown[] }) {
    this.theme = Theme.createFromRawTheme(raw as never);
    this.colors = this.theme.getColorMap();
  }

  /** The style of a token whose scopes, from the grammar's root, are `scopes`. */
  styleOf(scopes: string[]): TokenStyle {
    const key = scopes.join(" ");
    let style = this.memo.get(key);
    if (style) return style;
    const defaults = this.theme.getDefaults();
    let fontStyle = defaults.fontStyle === -1 ? 0 : defaults.fontStyle;
    let foreground = defaults.foregroundId;
    let path: { parent: unknown; scopeName: string } | null = null;
    for (const scopeName of scopes) {
      path = { parent: path, scopeName };
      const matched = this.theme.match(path as never);
      if (!matched) continue;
      if (matched.fontStyle !== -1) fontStyle = matched.fontStyle;
      if (matched.foregroundId !== 0) foreground = matched.foregroundId;
    }
    style = { color: this.colors[foreground]!, fontStyle };
    this.memo.set(key, style);
    return style;
  }
}

/** Lines as Shiki splits them (\n or \r\n); an empty line has no tokens. */
const LINE = /\r?\n/;

/** `code`'s lines of tokens, each styled by every theme of `themes`, from one run of `grammar`. */
export function tokenizeForThemes(code: string, grammar: IGrammar, themes: ThemeStyles[]): ThemedToken[][] {
  let state: StateStack = INITIAL;
  return code.split(LINE).map((line) => {
    if (line === "") return [];
    // No time limit, as the caller asks of Shiki (a busy machine must not colour a page differently).
    const { tokens, ruleStack } = grammar.tokenizeLine(line, state, 0);
    state = ruleStack;
    const out: ThemedToken[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const start = tokens[i]!.startIndex;
      const end = i + 1 < tokens.length ? tokens[i + 1]!.startIndex : line.length;
      if (end <= start) continue;
      const scopes = tokens[i]!.scopes;
      out.push({ content: line.slice(start, end), styles: themes.map((t) => t.styleOf(scopes)) });
    }
    return out;
  });
}
