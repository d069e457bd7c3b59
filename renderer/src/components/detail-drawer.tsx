// The detail drawer of a table row: the normalised record and the raw JSON the server wrote.
import { useEffect, useRef } from 'react';
import type { Operation } from '../../../shared/model';
import { operationSummary } from '../../../shared/operation-summary';
import { prettyRaw } from '../lib/format';
import { href } from '../lib/router';
import { Fields } from './fields';
import { CopyButton } from './id-link';
import { typeLabel } from './operation-cells';

export function DetailDrawer({ op, onClose }: { op: Operation; onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const raw = prettyRaw(op.raw);
  return (
    <div
      className="drawer"
      role="dialog"
      aria-modal="true"
      aria-label={`Operation ${op.id}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="drawer-head">
        <h2>
          {typeLabel(op)} <span className="mono small">{op.id}</span>
        </h2>
        <a href={href('op', op.id)}>Open operation</a>
        <button type="button" ref={closeRef} onClick={onClose} aria-label="Close details">
          ✕
        </button>
      </header>
      <div className="drawer-body">
        <p className="summary" data-testid="op-summary">{operationSummary(op)}</p>
        <h3>Record</h3>
        <Fields record={op as unknown as Record<string, unknown>} />
        <h3>
          Raw JSON <CopyButton text={op.raw} label="Copy raw JSON" />
        </h3>
        <pre className="raw">{raw}</pre>
      </div>
    </div>
  );
}
