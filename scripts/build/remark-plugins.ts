/**
 * Remark plugins for our authoring syntax: `:::note[Title]` admonitions become <Admonition>, and a
 * code fence's meta string (title, {1,3-5}, showLineNumbers) travels to the code element.
 */
import type { Root } from "mdast";
import { visit } from "unist-util-visit";
import { toString } from "mdast-util-to-string";

const ADMONITION_TYPES = ["note", "tip", "info", "warning", "danger", "caution"] as const;

type DirectiveNode = {
  type: "containerDirective" | "leafDirective" | "textDirective";
  name: string;
  children: { type: string; data?: { directiveLabel?: boolean }; children?: unknown[] }[];
  attributes?: Record<string, string | null | undefined>;
  position?: { start: { line: number } };
};

/** `:::note[Optional title]` … `:::` → `<Admonition type="note" title="…">`. */
export function remarkAdmonitions(onWarn: (message: string) => void) {
  return () => (tree: Root) => {
    visit(tree, (node, index, parent) => {
      const d = node as unknown as DirectiveNode;
      if (d.type === "containerDirective") {
        if (!(ADMONITION_TYPES as readonly string[]).includes(d.name)) {
          throw new Error(
            `line ${d.position?.start.line ?? "?"}: unknown admonition ":::${d.name}" (use one of ${ADMONITION_TYPES.join(", ")})`,
          );
        }
        const label = d.children[0]?.data?.directiveLabel ? d.children.shift() : undefined;
        const attributes = [
          { type: "mdxJsxAttribute", name: "type", value: d.name === "caution" ? "warning" : d.name },
        ];
        if (label) attributes.push({ type: "mdxJsxAttribute", name: "title", value: toString(label as never) });
        Object.assign(node, { type: "mdxJsxFlowElement", name: "Admonition", attributes });
        return;
      }
      if ((d.type === "textDirective" || d.type === "leafDirective") && parent && index !== undefined) {
        // Text like "10:30" or "Note:this" parses as a directive; put the characters back.
        const text =
          (d.type === "leafDirective" ? "::" : ":") +
          d.name +
          (d.children.length ? `[${toString(node as never)}]` : "");
        if (d.type === "leafDirective")
          onWarn(`line ${d.position?.start.line ?? "?"}: "::${d.name}" is not a directive; kept as text`);
        parent.children.splice(index, 1, { type: "text", value: text } as never);
      }
    });
  };
}

/** Copies a fence's meta string to the code element as `data-meta`. */
export function remarkCodeMeta() {
  return (tree: Root) => {
    visit(tree, "code", (node) => {
      if (!node.meta) return;
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), "data-meta": node.meta } };
    });
  };
}
