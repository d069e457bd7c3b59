// A collapsible tree of a decoded XDR/JSON value (native <details>, so it is keyboard-operable).
import type { ReactNode } from 'react';

export function JsonTree({ value, label = 'root', open = true }: { value: unknown; label?: string; open?: boolean }) {
  return <div className="json-tree mono">{node(label, value, open, 0)}</div>;
}

function node(label: string, value: unknown, open: boolean, depth: number): ReactNode {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    return (
      <details key={label} open={open || depth < 2}>
        <summary>
          <span className="jt-key">{label}</span> <span className="muted">{summary}</span>
        </summary>
        <div className="jt-children">{entries.map(([key, child]) => node(key, child, open, depth + 1))}</div>
      </details>
    );
  }
  return (
    <div key={label} className="jt-leaf">
      <span className="jt-key">{label}</span>:{' '}
      <span className={`jt-${value === null ? 'null' : typeof value}`}>{leaf(value)}</span>
    </div>
  );
}

function leaf(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  return String(value);
}
