// The drawn parts of VirtualTable (virtual-table.tsx): the header, the state shown instead of rows,
// the positioned rows, and the loader, placeholder and error rows among them.
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { Column, VirtualTableProps } from './virtual-table-types';

export function HeaderRow<Row>({ columns, template }: { columns: Column<Row>[]; template: string }) {
  return (
    <div className="vt-row vt-head" role="row" style={{ gridTemplateColumns: template }}>
      {columns.map((column) => (
        <div key={column.key} role="columnheader" className={column.align === 'end' ? 'end' : undefined}>
          {column.header}
        </div>
      ))}
    </div>
  );
}

/** What the table shows when it has no row to draw: loading, the error, or the empty message; else null. */
export function tableState<Row>(props: VirtualTableProps<Row>, base: number): ReactNode | null {
  if (props.rows.length > 0) return null;
  if (props.status === 'pending')
    return (
      <div className="vt-state" role="status">
        Loading…
      </div>
    );
  if (props.status === 'error') return <ErrorRow error={props.error} onRetry={props.onRetry} />;
  if (base === 0) return <div className="vt-state">{props.empty ?? 'Nothing here.'}</div>;
  return null;
}

export interface VirtualRowsProps<Row> {
  /** The table's props: columns, rowKey, rowClass, and the error and retry of a failed next page. */
  table: VirtualTableProps<Row>;
  items: VirtualItem[];
  totalSize: number;
  rowAt(index: number): Row | undefined;
  /** Absolute index just past the last loaded row: a row there is the loader (or the error). */
  loadedEnd: number;
  failedNext: boolean;
  /** Row height, grid template, and the prefix of the rows' element ids. */
  layout: { rowHeight: number; template: string; domId: string };
  active: number;
  lite: boolean;
}

/** The rows in view, each placed at its offset in a box as tall as all rows. */
export function VirtualRows<Row>({
  table,
  items,
  totalSize,
  rowAt,
  loadedEnd,
  failedNext,
  layout,
  active,
  lite,
}: VirtualRowsProps<Row>) {
  const { rowHeight, template, domId } = layout;
  return (
    <div style={{ height: totalSize, position: 'relative' }}>
      {items.map((item) => {
        const row = rowAt(item.index);
        const style = { transform: `translateY(${item.start}px)`, height: rowHeight, gridTemplateColumns: template };
        if (row === undefined) {
          const atEnd = item.index >= loadedEnd;
          return (
            <SpecialRow
              key={`s${item.index}`}
              index={item.index}
              style={style}
              atEnd={atEnd}
              failed={atEnd && failedNext}
              error={table.error}
              onRetry={table.onRetry}
            />
          );
        }
        return (
          <TableRow
            key={table.rowKey(row)}
            row={row}
            index={item.index}
            start={item.start}
            height={rowHeight}
            template={template}
            columns={table.columns}
            selected={item.index === active}
            domId={`${domId}-r${item.index}`}
            className={table.rowClass?.(row)}
            lite={lite}
          />
        );
      })}
    </div>
  );
}

interface SpecialRowProps {
  index: number;
  style: CSSProperties;
  atEnd: boolean;
  failed: boolean;
  error: Error | null | undefined;
  onRetry: (() => void) | undefined;
}

/** A row not loaded: the loader past the end (or its error), or a placeholder for a dropped row. */
function SpecialRow({ index, style, atEnd, failed, error, onRetry }: SpecialRowProps) {
  return (
    <div className="vt-row vt-abs vt-special" role="row" style={style} data-index={index}>
      {failed ? (
        <ErrorRow error={error} onRetry={onRetry} />
      ) : (
        <div role="gridcell" className="vt-loader" data-testid={atEnd ? 'loader-row' : 'placeholder-row'}>
          Loading more…
        </div>
      )}
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
const TableRow = memo(function TableRow<Row>({
  row,
  index,
  start,
  height,
  template,
  columns,
  selected,
  domId,
  className,
  lite,
}: TableRowProps<Row>) {
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
        <div
          key={column.key}
          role="gridcell"
          className={column.align === 'end' ? 'end' : undefined}
          title={column.text && !lite ? column.text(row) : undefined}
        >
          {lite && column.text ? column.text(row) : column.render(row)}
        </div>
      ))}
    </div>
  );
}) as <Row>(props: TableRowProps<Row>) => ReactNode;
