// A virtualised, keyboard-driven table over rows addressed by absolute index. Rows before `base`
// were dropped to bound memory and are fetched again when they scroll into view; one loader row
// past the end fetches the next page when it comes into view. j/k move, Enter opens.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  /** A CSS grid track: '120px', 'minmax(120px, 1fr)'. */
  width: string;
  align?: 'end';
  render(row: Row): ReactNode;
  /** Plain text drawn instead of `render` while the table is flung (much cheaper to mount). */
  text?(row: Row): string;
}

export interface VirtualTableProps<Row> {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  /** Absolute index of rows[0]. */
  base?: number;
  rowKey(row: Row): string;
  rowClass?(row: Row): string | undefined;
  onOpen?(row: Row): void;
  status: 'pending' | 'error' | 'success';
  error?: Error | null;
  onRetry?(): void;
  hasNext?: boolean;
  fetchingNext?: boolean;
  fetchNext?(): void;
  hasPrev?: boolean;
  fetchingPrev?: boolean;
  fetchPrev?(): void;
  empty?: ReactNode;
  rowHeight?: number;
  /** Reports the rows in view (absolute indexes), e.g. for benchmarks and "n of m". */
  onRange?(first: number, last: number): void;
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { columns, rows, base = 0, hasNext = false, fetchingNext = false, hasPrev = false, fetchingPrev = false } = props;
  const rowHeight = props.rowHeight ?? 30;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const domId = useId();
  const failedNext = props.status === 'error' && rows.length > 0;
  const count = base + rows.length + (hasNext || failedNext ? 1 : 0);
  const template = columns.map((column) => column.width).join(' ');

  // The virtualizer's functions change identity on every scroll; this component is not memoised
  // by the compiler, which is what TanStack Virtual needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
  });
  const items = virtualizer.getVirtualItems();
  const fast = useFling(virtualizer.isScrolling, virtualizer.scrollOffset ?? 0, rowHeight);
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? 0;
  const { fetchNext, fetchPrev, onRange } = props;

  useEffect(() => {
    if (count === 0) return;
    if (lastIndex >= base + rows.length && hasNext && !fetchingNext && !failedNext) fetchNext?.();
    if (firstIndex < base && hasPrev && !fetchingPrev) fetchPrev?.();
    onRange?.(firstIndex, lastIndex);
  }, [firstIndex, lastIndex, base, rows.length, count, hasNext, fetchingNext, failedNext, hasPrev, fetchingPrev, fetchNext, fetchPrev, onRange]);

  const rowAt = (index: number): Row | undefined => (index >= base ? rows[index - base] : undefined);

  function move(to: number) {
    const last = base + rows.length - 1;
    const next = Math.max(0, Math.min(last, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      j: () => move(active < 0 ? Math.max(firstIndex, base) : active + 1),
      ArrowDown: () => move(active < 0 ? Math.max(firstIndex, base) : active + 1),
      k: () => move(active - 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(base + rows.length - 1),
      Enter: () => {
        const row = rowAt(active);
        if (row) props.onOpen?.(row);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  const header = (
    <div className="vt-row vt-head" role="row" style={{ gridTemplateColumns: template }}>
      {columns.map((column) => (
        <div key={column.key} role="columnheader" className={column.align === 'end' ? 'end' : undefined}>
          {column.header}
        </div>
      ))}
    </div>
  );

  let body: ReactNode;
  if (props.status === 'pending' && rows.length === 0) {
    body = <div className="vt-state" role="status">Loading…</div>;
  } else if (props.status === 'error' && rows.length === 0) {
    body = <ErrorRow error={props.error} onRetry={props.onRetry} />;
  } else if (rows.length === 0 && base === 0) {
    body = <div className="vt-state">{props.empty ?? 'Nothing here.'}</div>;
  } else {
    body = (
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rowAt(item.index);
          const style = { transform: `translateY(${item.start}px)`, height: rowHeight, gridTemplateColumns: template };
          if (row === undefined) {
            const atEnd = item.index >= base + rows.length;
            return (
              <div key={`s${item.index}`} className="vt-row vt-abs vt-special" role="row" style={style} data-index={item.index}>
                {atEnd && failedNext ? (
                  <ErrorRow error={props.error} onRetry={props.onRetry} />
                ) : (
                  <div role="gridcell" className="vt-loader" data-testid={atEnd ? 'loader-row' : 'placeholder-row'}>
                    Loading more…
                  </div>
                )}
              </div>
            );
          }
          return (
            <TableRow
              key={props.rowKey(row)}
              row={row}
              index={item.index}
              start={item.start}
              height={rowHeight}
              template={template}
              columns={columns}
              selected={item.index === active}
              domId={`${domId}-r${item.index}`}
              className={props.rowClass?.(row)}
              lite={fast}
            />
          );
        })}
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      className="vt"
      role="grid"
      aria-label={props.label}
      aria-rowcount={count + 1}
      aria-busy={props.status === 'pending' || fetchingNext}
      aria-activedescendant={active >= 0 ? `${domId}-r${active}` : undefined}
      tabIndex={0}
      data-table=""
      data-fling={fast ? '' : undefined}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const element = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
        if (!element) return;
        const index = Number(element.dataset.index);
        setActive(index);
        const row = rowAt(index);
        if (row !== undefined && !(event.target as HTMLElement).closest('a,button')) props.onOpen?.(row);
      }}
    >
      {header}
      {body}
    </div>
  );
}

function ErrorRow({ error, onRetry }: { error?: Error | null | undefined; onRetry?: (() => void) | undefined }) {
  return (
    <div className="vt-state vt-error" role="alert">
      <span>Could not load: {error?.message ?? 'unknown error'}</span>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

interface TableRowProps<Row> {
  row: Row;
  index: number;
  start: number;
  height: number;
  template: string;
  columns: Column<Row>[];
  selected: boolean;
  domId: string;
  className: string | undefined;
  lite: boolean;
}

/** One row; memoised so rows that stay on screen are not rendered again while scrolling. */
const TableRow = memo(function TableRow<Row>({ row, index, start, height, template, columns, selected, domId, className, lite }: TableRowProps<Row>) {
  return (
    <div
      id={domId}
      className={`vt-row vt-abs${selected ? ' active' : ''}${className ? ` ${className}` : ''}`}
      role="row"
      aria-selected={selected}
      aria-rowindex={index + 2}
      data-index={index}
      data-row=""
      style={{ transform: `translateY(${start}px)`, height, gridTemplateColumns: template }}
    >
      {columns.map((column) => (
        <div key={column.key} role="gridcell" className={column.align === 'end' ? 'end' : undefined} title={column.text && !lite ? column.text(row) : undefined}>
          {lite && column.text ? column.text(row) : column.render(row)}
        </div>
      ))}
    </div>
  );
}) as <Row>(props: TableRowProps<Row>) => ReactNode;

/**
 * True while the table moves more than a screen's worth of rows between renders: rows then mount
 * as plain text, and get their links and copy buttons when the scroll slows or stops.
 */
function useFling(isScrolling: boolean, offset: number, rowHeight: number): boolean {
  const [previous, setPrevious] = useState(offset);
  const [fast, setFast] = useState(false);
  // Derived from the scroll position between renders (React's "adjust state while rendering").
  if (offset !== previous) {
    setPrevious(offset);
    setFast(isScrolling && Math.abs(offset - previous) > rowHeight * 8);
  } else if (fast && !isScrolling) {
    setFast(false);
  }
  return fast;
}
