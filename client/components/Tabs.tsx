/**
 * Tabs rendered on the server. Without JavaScript every panel shows, each under its label; the
 * boot script turns them into tabs, syncs groups that share a groupId and remembers the choice.
 * The tab buttons are for people only (`data-markdown-ignore`): the Markdown twin gives each
 * panel under its label instead.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

export function TabItem({ value, label, children }: TabItemProps) {
  return (
    <div className="tab-panel" role="tabpanel" data-value={value} data-label={label ?? value}>
      {children}
    </div>
  );
}

export function Tabs({ groupId, children }: { groupId?: string; children?: ReactNode }) {
  const items = Children.toArray(children).filter(
    (c): c is ReactElement<TabItemProps> => isValidElement(c) && typeof (c.props as TabItemProps).value === "string",
  );
  const selected = items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value;
  return (
    <div className="tabs" data-group={groupId}>
      <div className="tab-list" role="tablist" data-markdown-ignore="">
        {items.map((item) => (
          <button
            key={item.props.value}
            type="button"
            role="tab"
            className="tab"
            data-value={item.props.value}
            aria-selected={item.props.value === selected}
          >
            {item.props.label ?? item.props.value}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.props.value}
          className="tab-panel"
          role="tabpanel"
          data-value={item.props.value}
          data-label={item.props.label ?? item.props.value}
          data-selected={item.props.value === selected ? "" : undefined}
        >
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
