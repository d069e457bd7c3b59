// The detail drawer of a table row: the normalised record, and the raw JSON the server wrote,
// fetched when the drawer opens (rows do not carry it) through the operation view's own query.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Operation } from '../../../shared/model';
import { operationSummary } from '../../../shared/operation-summary';
import { entityQuery } from '../lib/entities';
import { useNameOf } from '../lib/labels';
import { href } from '../lib/router';
import { useUi } from '../lib/store';
import { DrawerMoves } from './drawer-moves';
import { Fields } from './fields';
import { CopyButton } from './id-link';
import { typeLabel } from './operation-cells';
import { factFields, OperationFacts } from './operation-facts';
import { RawText } from './raw-json';
import { Untrusted } from './untrusted';

/** `viewer`: the account the table is seen from, whose side the Moved block reads. */
export function DetailDrawer({ op, viewer, onClose }: { op: Operation; viewer?: string | undefined; onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const networkId = useUi((state) => state.networkId);
  const full = useQuery(entityQuery('op', op.id, networkId));
  const nameOf = useNameOf();
  const raw = (full.data as Operation | undefined)?.raw;
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
        <p className="summary" data-testid="op-summary">
          <Untrusted text={operationSummary(op, nameOf)} />
        </p>
        <DrawerMoves op={op} viewer={viewer} />
        <OperationFacts op={op} />
        <h3>Record</h3>
        <Fields record={op as unknown as Record<string, unknown>} omit={['raw', ...factFields(op)]} />
        <h3>Raw JSON {raw !== undefined ? <CopyButton text={raw} label="Copy raw JSON" /> : null}</h3>
        {raw !== undefined ? (
          <RawText raw={raw} />
        ) : (
          <p className={full.isError ? 'error' : 'muted'}>{full.isError ? full.error.message : 'Loading…'}</p>
        )}
      </div>
    </div>
  );
}
