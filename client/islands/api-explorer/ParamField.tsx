/** One parameter of the explorer's form: a select for enums and booleans, a text input otherwise. */
import type { ExplorerParam } from "./props";

/** What an empty field stands for: the example to copy, or the default the node applies. */
export function placeholderOf(p: ExplorerParam): string | undefined {
  if (p.example !== undefined && p.default !== undefined) return `e.g. ${p.example} (default ${p.default})`;
  if (p.example !== undefined) return `e.g. ${p.example}`;
  if (p.default !== undefined) return `default ${p.default}`;
  return undefined;
}

export function ParamField({
  id,
  param: p,
  value,
  invalid,
  onChange,
}: {
  id: string;
  param: ExplorerParam;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const choices = p.enum ?? (p.type === "boolean" ? ["true", "false"] : null);
  const common = { id, value, required: p.required, "aria-invalid": invalid || undefined } as const;
  return (
    <div className="api-x-field">
      <label htmlFor={id}>
        <code>{p.name}</code>
        {p.required ? (
          <>
            {" "}
            <b>required</b>
          </>
        ) : null}
        {p.type ? (
          <>
            {" "}
            <i>{p.type}</i>
          </>
        ) : null}
      </label>
      {choices ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {p.default !== undefined ? `(default: ${p.default})` : p.required ? "(choose)" : "(not sent)"}
          </option>
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={p.type === "integer" ? "numeric" : undefined}
          placeholder={placeholderOf(p)}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
