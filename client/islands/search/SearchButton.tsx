/**
 * The navbar's search button, inside a form to the search page so it works with JavaScript off.
 * The server renders it as the SearchModal island's fallback; the island renders the same markup
 * and opens the modal instead of submitting.
 */
import type { FormEvent, Ref } from "react";

export function SearchButton({
  searchPath,
  hint = "Ctrl K",
  onSubmit,
  buttonRef,
}: {
  searchPath: string;
  /** The platform's shortcut: ⌘K on Apple platforms, Ctrl K elsewhere (the boot script fixes the server's guess). */
  hint?: string;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <form
      className="navbar-search"
      action={searchPath}
      method="get"
      role="search"
      aria-label="Quick search"
      onSubmit={onSubmit}
    >
      <button
        ref={buttonRef}
        type="submit"
        className="search-button"
        data-search-button=""
        title="Search docs"
        aria-keyshortcuts="Control+K Meta+K"
      >
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.4 12.9 19 17.6 17.6 19 13 14.4A8 8 0 1 1 14.4 13zM8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12z"
            fill="currentColor"
          />
        </svg>
        <span className="search-label">Search</span>
        <span className="visually-hidden"> docs</span>
        <kbd className="search-hint" data-shortcut-hint="" aria-hidden="true">
          {hint}
        </kbd>
      </button>
    </form>
  );
}
