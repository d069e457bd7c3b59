// The tables' infinite load under the paging guard (renderer/src/lib/listing.ts, issue #28.1): a
// host that answers the same page for every cursor, or a page that repeats half the one before,
// stops the table after the good page — the error row says what happened, and scrolling on asks
// for nothing more.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperationTable } from '../../renderer/src/components/operation-table';
import { PAGE_SIZE } from '../../renderer/src/lib/listing';
import { PAGING_FAULTS } from '../../shared/paging-guard';
import type { RequestArgs } from '../../shared/ipc';
import { ACCOUNT, fakeBridge, paymentsHandler } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

const target = { kind: 'payments', account: ACCOUNT } as const;
const grid = () => screen.getByRole('grid', { name: 'Payments' });
const loaded = () => screen.getByTestId('loaded-count').textContent ?? '';

function scrollTo(top: number) {
  act(() => {
    grid().scrollTop = top;
    fireEvent.scroll(grid());
  });
}

beforeAll(() => giveTablesASize());
beforeEach(() => {
  window.location.hash = `#/account/${ACCOUNT}`;
});
afterEach(cleanup);

/** A listing of 1,000 payments whose page starts `back` records before the first after its cursor (Infinity: always at the start). */
function hostile(back: number) {
  const honest = paymentsHandler(1_000);
  return (args: RequestArgs<'payments:list'>) => {
    const all = honest({ ...args, query: { ...args.query, cursor: undefined, limit: 1_000 } }).records;
    const after = args.query.cursor ? all.findIndex((op) => op.pagingToken === args.query.cursor) + 1 : 0;
    const records = all.slice(Math.max(0, after - back)).slice(0, args.query.limit);
    return { records, next: records.at(-1)?.pagingToken ?? null, prev: null };
  };
}

describe('a hostile listing stops the table', () => {
  it.each([
    ['the same page for every cursor', Number.POSITIVE_INFINITY, PAGING_FAULTS.same_page],
    ['a page repeating half the page before', PAGE_SIZE / 2, PAGING_FAULTS.repeated],
    ['an honest page (the control)', 0, null],
  ])(
    '%s: the error row names the fault and nothing more is asked (the control loads on)',
    async (_name, back, sentence) => {
      const bridge = fakeBridge({ 'payments:list': hostile(back) });
      renderWith(bridge, <OperationTable target={target} label="Payments" />);
      await waitFor(() => expect(loaded()).toContain(`${PAGE_SIZE} payments`));
      scrollTo(PAGE_SIZE * 30);
      if (sentence === null) {
        await waitFor(() => expect(loaded()).toContain(`${2 * PAGE_SIZE} payments`));
        expect(screen.queryByRole('alert')).toBeNull();
        return;
      }
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(sentence);
      expect(alert.textContent).toContain('Stopped reading pages after cursor');
      const asked = bridge.calls.filter((c) => c.channel === 'payments:list').length;
      expect(asked).toBe(2);
      // Scrolling on at the end asks for nothing more: the failed page is not fetched again by itself.
      for (const top of [0, PAGE_SIZE * 30, PAGE_SIZE * 31]) {
        scrollTo(top);
        await act(async () => undefined);
      }
      expect(bridge.calls.filter((c) => c.channel === 'payments:list')).toHaveLength(asked);
      expect(loaded()).toContain(`${PAGE_SIZE} payments loaded`);
    },
  );
});
