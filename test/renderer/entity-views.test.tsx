import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Operation, TransactionDetail } from '../../shared/model';
import { EntityPage } from '../../renderer/src/features/explore/entity-page';
import { ACCOUNT, OTHER, fakeBridge, payment } from './support/fake-bridge';
import { giveTablesASize, renderWith } from './support/render';

const SEQ = 60_000_007;
const HASH = 'ab'.repeat(32);
const networks = () => ({
  selectedId: 'local',
  profiles: [
    {
      id: 'local',
      name: 'Local',
      baseUrl: 'http://127.0.0.1:8000',
      passphrase: 'p',
      dialect: 'ledger' as const,
      builtIn: true,
    },
  ],
});

function txRow(i: number, successful: boolean) {
  return {
    hash: String(i).repeat(64).slice(0, 64),
    ledger: SEQ,
    createdAt: '2026-11-01T00:00:00Z',
    sourceAccount: i % 2 ? OTHER : ACCOUNT,
    feeCharged: String(100 * (i + 1)),
    maxFee: '1000',
    operationCount: i + 1,
    memoType: 'none',
    successful,
    resultCodes: successful
      ? { transaction: 'tx_success', operations: ['op_success'] }
      : { transaction: 'tx_failed', operations: ['op_underfunded'] },
  };
}

/** Operation `index` (1-based) of the transaction at `txOrder` in SEQ. */
function op(txOrder: number, index: number): Operation {
  const id = ((BigInt(SEQ) << 32n) | (BigInt(txOrder) << 12n) | BigInt(index)).toString();
  return { ...payment(index), id, pagingToken: id, transactionHash: HASH, successful: true };
}

beforeAll(() => giveTablesASize());
beforeEach(() => {
  window.location.hash = '';
});
afterEach(cleanup);

describe('ledger page', () => {
  it("lists the ledger's transactions: hash, source, operation count, fee in the native unit, result", async () => {
    const bridge = fakeBridge({
      'network:list': networks,
      'ledger:get': () => ({
        sequence: SEQ,
        hash: 'f'.repeat(64),
        closedAt: '2026-11-01T00:00:00Z',
        transactionCount: 2,
        failedTransactionCount: 1,
        operationCount: 3,
        raw: '{}',
      }),
      'ledger:transactions': () => ({ records: [txRow(0, true), txRow(1, false)], truncated: false }),
      'operations:list': () => ({ records: [], next: null, prev: null }),
    });
    renderWith(bridge, <EntityPage kind="ledger" id={String(SEQ)} />);
    const table = await screen.findByRole('table', { name: 'Ledger transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /^000000/ })
        .getAttribute('href'),
    ).toBe(`#/tx/${'0'.repeat(64)}`);
    expect(
      within(rows[1]!)
        .getByRole('link', { name: /^GCATS5/ })
        .getAttribute('href'),
    ).toBe(`#/account/${OTHER}`);
    expect(rows.map((r) => r.querySelectorAll('td')[3]!.textContent)).toEqual(['1', '2']);
    const fee = within(rows[1]!).getByText('0.0000200 XLM');
    expect(fee.getAttribute('title')).toBe('200 stroops');
    expect(rows[0]!.textContent).toContain('success');
    expect(rows[1]!.textContent).toContain('failed');
    expect(rows[1]!.textContent).toContain('opUNDERFUNDED');
    expect(bridge.calls.find((c) => c.channel === 'ledger:transactions')!.args).toEqual({ sequence: SEQ });
  });
});

describe('transaction page', () => {
  const tx: TransactionDetail = {
    ...txRow(0, true),
    hash: HASH,
    feeCharged: '100',
    maxFee: '1500',
    pagingToken: '1',
    resultJson: null,
    raw: '{}',
    envelopeSignatures: [
      { hint: 'a1b2c3d4', signature: 'c2lnbmF0dXJlLW9uZQ==', part: 'transaction', hintMatches: ACCOUNT },
      { hint: '01020304', signature: 'c2lnbmF0dXJlLXR3bw==', part: 'transaction', hintMatches: null },
    ],
  };

  it('shows the fee in the native unit with stroops on hover, and the decoded signatures', async () => {
    renderWith(
      fakeBridge({
        'network:list': networks,
        'transaction:get': () => tx,
        'operations:list': () => ({ records: [], next: null, prev: null }),
      }),
      <EntityPage kind="tx" id={HASH} />,
    );
    const fee = await screen.findByTestId('tx-fee');
    expect(fee.textContent).toBe('0.0000100 XLM of max 0.0001500 XLM');
    expect(within(fee).getByText('0.0000100 XLM').getAttribute('title')).toBe('100 stroops');
    expect(within(fee).getByText('0.0001500 XLM').getAttribute('title')).toBe('1,500 stroops');
    const signatures = screen.getByRole('region', { name: 'Signatures' });
    const rows = within(signatures).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent!.trim()))).toEqual([
      ['1', 'a1b2c3d4', expect.stringContaining('GCFIRY') as unknown as string, 'c2lnbmF0dXJlLW9uZQ=='],
      ['2', '01020304', 'another key', 'c2lnbmF0dXJlLXR3bw=='],
    ]);
  });

  it('lists its operations in their order, numbered 1, 2, 3', async () => {
    const bridge = fakeBridge({
      'network:list': networks,
      'transaction:get': () => tx,
      'operations:list': ({ query }) => {
        const ops = [op(1, 1), op(1, 2), op(1, 3)];
        return { records: query.order === 'asc' ? ops : ops.reverse(), next: null, prev: null };
      },
    });
    renderWith(bridge, <EntityPage kind="tx" id={HASH} />);
    const grid = await screen.findByRole('grid', { name: 'Operations' });
    await waitFor(() => expect(grid.querySelectorAll('[role="row"][data-index]')).toHaveLength(3));
    const numbers = [...grid.querySelectorAll('[role="row"][data-index]')].map(
      (row) => row.querySelector('[role="gridcell"]')!.textContent,
    );
    expect(numbers).toEqual(['1', '2', '3']);
    expect(bridge.calls.find((c) => c.channel === 'operations:list')!.args).toMatchObject({
      scope: 'transaction',
      id: HASH,
      query: { order: 'asc' },
    });
  });
});
