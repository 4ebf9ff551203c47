/**
 * A JSX runtime that builds plain data instead of React elements. MDX pages are evaluated with it
 * at build time, so the result is a JSON tree (see common/tree.ts) the worker can render
 * without evaluating code. Components are referenced by registry name; functions, class instances
 * and other non-JSON props fail the build.
 */
import type { TreeElement, TreeNode, TreeProps, TreeValue } from "../../common/tree";

const FRAGMENT = Symbol.for("movement.fragment");
const COMPONENT = Symbol.for("movement.component");

/** What MDX sees as a component: a marker carrying the registry name. */
export type ComponentRef = { [COMPONENT]: string };

export function componentRefs(names: Iterable<string>): Record<string, ComponentRef> {
  const refs: Record<string, ComponentRef> = {};
  for (const name of names) refs[name] = { [COMPONENT]: name };
  return refs;
}

export class TreeBuildError extends Error {}

/** Arrays created as elements, so flattening children never mistakes an element for a list. */
const ELEMENTS = new WeakSet<object>();

/** Hook to rewrite an element as it is created (code highlighting, heading ids). */
export type ElementHook = (el: TreeElement) => TreeElement;

export function createDataRuntime(onElement: ElementHook) {
  function jsx(type: unknown, rawProps: Record<string, unknown>): TreeNode | TreeNode[] {
    const { children, ...rest } = rawProps ?? {};
    const kids = normaliseChildren(children);
    if (type === FRAGMENT) return kids;
    let name: string;
    if (typeof type === "string") name = type;
    else if (type && typeof type === "object" && COMPONENT in type) name = (type as ComponentRef)[COMPONENT];
    else if (typeof type === "function") {
      // MDX's own wrapper functions (e.g. _createMdxContent) are called directly.
      return (type as (p: unknown) => TreeNode | TreeNode[])(rawProps);
    } else throw new TreeBuildError(`unsupported element type ${String(type)}`);
    const props = toProps(name, rest);
    const el = onElement([name, props, ...kids]);
    ELEMENTS.add(el);
    return el;
  }
  const isElement = (value: unknown): boolean => typeof value === "object" && value !== null && ELEMENTS.has(value);
  return { jsx, jsxs: jsx, Fragment: FRAGMENT, isElement };
}

function normaliseChildren(children: unknown): TreeNode[] {
  const out: TreeNode[] = [];
  const push = (c: unknown): void => {
    if (c === null || c === undefined || typeof c === "boolean") return;
    if (typeof c === "string" || typeof c === "number") {
      const s = String(c);
      const last = out[out.length - 1];
      if (typeof last === "string") out[out.length - 1] = last + s;
      else out.push(s);
      return;
    }
    if (Array.isArray(c) && ELEMENTS.has(c)) {
      out.push(c as TreeElement);
      return;
    }
    if (Array.isArray(c)) {
      for (const x of c) push(x);
      return;
    }
    throw new TreeBuildError(`a child of type ${typeof c} cannot be rendered`);
  };
  push(children);
  return out;
}

/** Props pages may not set: raw HTML bypasses escaping, inline styles break the CSP. */
const FORBIDDEN_PROPS: Record<string, string> = {
  dangerouslySetInnerHTML: "raw HTML is not allowed in pages",
  style: "inline styles are blocked by the CSP; use a class",
};

function toProps(element: string, raw: Record<string, unknown>): TreeProps | null {
  let props: TreeProps | null = null;
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (FORBIDDEN_PROPS[key]) throw new TreeBuildError(`<${element}> prop "${key}": ${FORBIDDEN_PROPS[key]}`);
    props ??= {};
    props[key] = toValue(value, `<${element}> prop "${key}"`);
  }
  return props;
}

function toValue(value: unknown, where: string): TreeValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TreeBuildError(`${where} is not a finite number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => toValue(v, `${where}[${i}]`));
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new TreeBuildError(
        `${where} is a ${proto?.constructor?.name ?? "non-plain"} object; only JSON data can be a prop`,
      );
    }
    const out: Record<string, TreeValue> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toValue(v, `${where}.${k}`);
    return out;
  }
  throw new TreeBuildError(`${where} is a ${typeof value}; only JSON data can be a prop`);
}
