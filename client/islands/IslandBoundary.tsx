/**
 * Catches an island that throws: the island's place shows 'This page crashed.' with 'Try again'
 * (which mounts it afresh), and the rest of the page keeps working.
 */
import { Component, createElement, type ReactNode } from "react";

export class IslandBoundary extends Component<
  { children: ReactNode; name: string },
  { error: Error | null; attempt: number }
> {
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`Island "${this.props.name}" crashed:`, error);
  }

  override render() {
    if (!this.state.error)
      return createElement("div", { key: this.state.attempt, className: "island-root" }, this.props.children);
    return createElement(
      "div",
      { className: "island-crash", role: "alert" },
      createElement("p", null, "This page crashed."),
      createElement(
        "button",
        {
          type: "button",
          className: "button",
          onClick: () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 })),
        },
        "Try again",
      ),
    );
  }
}
