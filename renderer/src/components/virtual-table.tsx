// A virtualised, keyboard-driven table over rows addressed by absolute index. Rows before `base`
// were dropped to bound memory and are fetched again when they scroll into view; one loader row
// past the end fetches the next page when it comes into view. j/k move, Enter opens.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, type RefObject } from 'react';
import { codeSlotStyle, fitColumns } from './amount-fit';
import { useEdgeLoading, useFling, useRowNavigation } from './virtual-table-hooks';
import { HeaderRow, tableState, VirtualRows } from './virtual-table-rows';
import type { VirtualTableProps } from './virtual-table-types';

export type { Column, VirtualTableProps } from './virtual-table-types';

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { columns, rows, base = 0, hasNext = false, fetchingNext = false } = props;
  const rowHeight = props.rowHeight ?? 30;
  const scrollRef = useRef<HTMLDivElement>(null);
  const domId = useId();
  const failedNext = props.status === 'error' && rows.length > 0;
  const count = base + rows.length + (hasNext || failedNext ? 1 : 0);
  // Amount columns as wide as their widest amount, codes in one slot: amounts line up and are never cut.
  const { template, slot } = useMemo(() => fitColumns(columns, rows), [columns, rows]);

  const { virtualizer, items, fast, firstIndex } = useVirtualWindow(props, {
    scrollRef,
    base,
    count,
    rowHeight,
    hasNext,
    fetchingNext,
    failedNext,
  });

  const rowAt = (index: number): Row | undefined => (index >= base ? rows[index - base] : undefined);
  const { active, onKeyDown, onClick } = useRowNavigation({
    firstIndex,
    base,
    last: base + rows.length - 1,
    rowHeight,
    scrollRef,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    rowAt,
    onOpen: props.onOpen,
  });

  const body = tableState(props, base) ?? (
    <VirtualRows
      table={props}
      items={items}
      totalSize={virtualizer.getTotalSize()}
      rowAt={rowAt}
      loadedEnd={base + rows.length}
      failedNext={failedNext}
      layout={{ rowHeight, template, domId }}
      active={active}
      lite={fast}
    />
  );

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
      style={codeSlotStyle(slot)}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <HeaderRow columns={columns} template={template} />
      {body}
    </div>
  );
}

interface WindowShape {
  scrollRef: RefObject<HTMLDivElement | null>;
  base: number;
  /** Rows to lay out: the loaded ones, those dropped before `base`, and the loader row. */
  count: number;
  rowHeight: number;
  hasNext: boolean;
  fetchingNext: boolean;
  failedNext: boolean;
}

/** The virtualizer over the table's rows, whether it is being flung, and page fetches at its edges. */
function useVirtualWindow<Row>(props: VirtualTableProps<Row>, shape: WindowShape) {
  const { scrollRef, count, rowHeight } = shape;
  // The virtualizer's functions change identity on every scroll; this hook (and the component
  // calling it) is not memoised by the compiler, which is what TanStack Virtual needs.
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
  useEdgeLoading(props, { ...shape, firstIndex, lastIndex });
  return { virtualizer, items, fast, firstIndex };
}
