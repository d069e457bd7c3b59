// The shapes of a virtual table (virtual-table.tsx): its columns and its props.
import type { ReactNode } from 'react';
import type { AmountFit } from './amount-fit';

export interface Column<Row> {
  key: string;
  header: string;
  /** A CSS grid track: '120px', 'minmax(120px, 1fr)'. */
  width: string;
  align?: 'end';
  render(row: Row): ReactNode;
  /** Plain text drawn instead of `render` while the table is flung (much cheaper to mount). */
  text?(row: Row): string;
  /** An amount column: what its cell shows, so the column is never narrower than its amounts (amount-fit.ts). */
  fit?(row: Row): AmountFit | null;
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
