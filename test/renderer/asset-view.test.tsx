// The asset view with a fake bridge: the issuer (labelled, its facts), the holders among the
// accounts the app knows, the indexed payments of the asset merged across accounts with exact
// amounts, and addresses that name no asset (bad code, bad checksum, a pasted novel).
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryIndexInfo, HistoryRow } from '../../shared/history';
import type { RequestArgs } from '../../shared/ipc';
import type { Account } from '../../shared/model';
import { Money } from '../../renderer/src/components/money';
import { AssetPage } from '../../renderer/src/features/explore/asset-page';
import { useLabelStore } from '../../renderer/src/lib/labels';
import { href, parseHash } from '../../renderer/src/lib/router';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge, FakeError, OTHER, type FakeHandlers } from './support/fake-bridge';
import { renderWith } from './support/render';

const ISSUER = OTHER;
const USD = `USD:${ISSUER}`;
// Two more valid account ids (raw keys of all 7s and all 9s).
const THIRD = 'GADQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOZPI';
const FOURTH = 'GAEQSCIJBEEQSCIJBEEQSCIJBEEQSCIJBEEQSCIJBEEQSCIJBEEQSH7S';
// Beyond 2^53 stroops: a float would round it.
const BIG = '922337203685.4775807';

function account(id: string, balances: Account['balances'], extra: Partial<Account> = {}): Account {
  return {
    id,
    sequence: '123456789012345678',
    subentryCount: 2,
    balances,
    signers: [],
    thresholds: { low: 0, med: 0, high: 0 },
    raw: '{}',
    ...extra,
  };
}

const ACCOUNTS: Record<string, Account> = {
  [ACCOUNT]: account(ACCOUNT, [
    { currency: { code: 'XLM' }, amount: '10.0000000' },
    { currency: { code: 'USD', issuer: ISSUER }, amount: BIG, limit: BIG },
  ]),
  [THIRD]: account(THIRD, [
    { currency: { code: 'XLM' }, amount: '5.0000000' },
    { currency: { code: 'USD', issuer: THIRD }, amount: '7.0000000' },
  ]),
  [ISSUER]: account(ISSUER, [{ currency: { code: 'XLM' }, amount: '1.0000000' }], {
    sequence: '987654321098765432',
    flags: { auth_required: true, auth_revocable: false },
  }),
};

function index(accountId: string, networkId = 'local'): HistoryIndexInfo {
  return {
    account: accountId,
    networkId,
    rows: 3,
    bytes: 100,
    oldest: null,
    newest: null,
    completeFromLedger: 1,
    lastPagingToken: null,
    state: 'current',
  };
}

function row(
  id: number,
  minute: number,
  direction: HistoryRow['direction'],
  amount: string,
  counterparty: string,
): HistoryRow {
  return {
    id: String(258_000_000_000_000_000n + BigInt(id)),
    pagingToken: String(id),
    ledger: 100 + id,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString(),
    type: 'payment',
    transactionHash: id.toString(16).padStart(64, '0'),
    successful: true,
    source: counterparty,
    counterparty,
    direction,
    asset: USD,
    amount,
    sourceAsset: null,
    sourceAmount: null,
    memo: null,
    memoType: null,
    fee: '100',
    feePaid: null,
  };
}

function handlers(extra: FakeHandlers = {}): FakeHandlers {
  return {
    'account:get': ({ id }) => {
      const found = ACCOUNTS[id];
      if (!found) throw new FakeError('not_found', 'no such account');
      return found;
    },
    'stream:list': () => ({
      watched: [
        { account: ACCOUNT, networkId: 'local' },
        { account: FOURTH, networkId: 'elsewhere' },
      ],
      statuses: [],
    }),
    'labels:list': () => ({
      labels: [
        { account: ISSUER, label: 'Anchor Co' },
        { account: FOURTH, label: 'Gone' },
      ],
    }),
    'history:list': () => ({
      networkId: useUi.getState().networkId ?? '',
      indexes: [index(ACCOUNT), index(THIRD), index(FOURTH, 'elsewhere')],
      fileBytes: 1,
    }),
    'history:query': ({ account: which }) => ({
      rows:
        which === ACCOUNT
          ? [row(1, 1, 'in', BIG, ISSUER), row(3, 3, 'out', '0.0000001', THIRD)]
          : [row(2, 2, 'in', '0.0000001', ACCOUNT)],
      next: null,
      summary: { count: which === ACCOUNT ? 2 : 1, totals: [] },
      // THIRD's index is still syncing: its count is labelled partial (#28.2).
      coverage: {
        partial: which === ACCOUNT ? null : ('syncing' as const),
        records: which === ACCOUNT ? 2 : 1,
        throughLedger: 2,
        latestLedger: null,
      },
    }),
    ...extra,
  };
}

function open(id: string, extra: FakeHandlers = {}) {
  const bridge = fakeBridge(handlers(extra));
  renderWith(bridge, <AssetPage id={id} />);
  return bridge;
}

const calls = <C extends 'history:query' | 'account:get'>(bridge: ReturnType<typeof fakeBridge>, channel: C) =>
  bridge.calls.filter((c) => c.channel === channel).map((c) => c.args as RequestArgs<C>);

beforeEach(() => {
  useUi.setState({ networkId: 'local' });
  useLabelStore.getState().replace([{ account: ISSUER, label: 'Anchor Co' }]);
});
afterEach(() => {
  cleanup();
  useLabelStore.getState().replace([]);
});

describe('the asset view', () => {
  it('shows the issuer with its label and facts, and the known holders with exact balances', async () => {
    const route = parseHash(`#/asset/${USD}`);
    expect(route).toMatchObject({ name: 'asset', id: USD });
    open(route.id!);
    const issuer = screen.getByRole('region', { name: 'Issuer' });
    expect(within(issuer).getByRole('link', { name: 'Anchor Co' }).getAttribute('href')).toBe(href('account', ISSUER));
    expect((await within(issuer).findByTestId('issuer-facts')).textContent).toContain('987654321098765432');
    expect(within(issuer).getByTestId('issuer-facts').textContent).toContain('auth_required');
    const holders = await screen.findByRole('table', { name: 'Holders' });
    const rows = within(holders).getAllByRole('row');
    // THIRD holds a USD of another issuer; FOURTH is watched on another network and not found here.
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('922,337,203,685.4775807');
    expect(within(rows[0]!).getAllByRole('link')[0]!.getAttribute('href')).toBe(href('account', ACCOUNT));
    expect(screen.getByTestId('holders-note').textContent).toMatch(
      /Only accounts this app knows .*other holders of USD are not listed/,
    );
  });

  it('lists the asset payments of every indexed account of this network, newest first, exact', async () => {
    const bridge = open(USD);
    const table = await screen.findByRole('table', { name: 'Payments of USD' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      '0.0000001 USD',
      '0.0000001 USD',
      '922,337,203,685.4775807 USD',
    ]);
    expect(body.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['out', 'in', 'in']);
    const asked = calls(bridge, 'history:query');
    expect(asked.map((q) => q.account).sort()).toEqual([ACCOUNT, THIRD].sort());
    for (const q of asked) expect(q.filter).toEqual({ asset: USD });
    const links = screen.getAllByRole('link', { name: 'Open in the workbench' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual([href('history', ACCOUNT, { asset: USD }), href('history', THIRD, { asset: USD })]);
    const counts = within(screen.getByRole('list', { name: 'Indexed accounts' })).getAllByRole('listitem');
    expect(within(counts[0]!).queryByTestId('partial-note')).toBeNull();
    expect(within(counts[1]!).getByTestId('partial-note').textContent?.trim()).toBe(
      '(partial: indexed 1 record through ledger 2; syncing)',
    );
  });

  it('says when nothing is indexed, with a hint to index an account', async () => {
    open(USD, { 'history:list': () => ({ networkId: 'local', indexes: [index(ACCOUNT, 'elsewhere')], fileBytes: 0 }) });
    expect((await screen.findByTestId('nothing-indexed')).textContent).toContain('Index an account');
    expect(screen.queryByRole('table', { name: 'Payments of USD' })).toBeNull();
  });

  it('shows the native asset without an issuer and finds its holders', async () => {
    const bridge = open('native');
    expect(screen.getByRole('region', { name: 'Issuer' }).textContent).toContain('has no issuer');
    const holders = await screen.findByRole('table', { name: 'Holders' });
    expect(
      within(holders)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(expect.arrayContaining([expect.stringContaining('10.0000000')]));
    await screen.findByRole('table', { name: 'Payments of XLM' });
    expect(calls(bridge, 'history:query')[0]!.filter).toEqual({ asset: 'native' });
  });

  it('asks again under the new network id when the network changes', async () => {
    const bridge = open(USD);
    await screen.findByRole('table', { name: 'Payments of USD' });
    const before = bridge.calls.filter((c) => c.channel === 'history:list').length;
    act(() => useUi.setState({ networkId: 'testnet' }));
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'history:list').length).toBeGreaterThan(before),
    );
    // The index answers for another network now: nothing of 'local' is shown under it.
    expect(await screen.findByTestId('nothing-indexed')).toBeTruthy();
  });

  it('keeps the page when one panel throws on a malformed answer', async () => {
    const broken = { ...ACCOUNTS[ACCOUNT]!, balances: undefined } as unknown as Account;
    open(USD, { 'account:get': ({ id }) => (id === ACCOUNT ? broken : ACCOUNTS[id]!) });
    expect(await screen.findByRole('alert', { name: 'The holders failed' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Payments of USD' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Issuer' })).toBeTruthy();
  });

  it.each([
    ['no issuer', 'USD', /names no issuer/],
    ['a bad code', `US$D:${ISSUER}`, /code must be 1 to 12 letters or digits/],
    ['a code too long', `ABCDEFGHIJKLM:${ISSUER}`, /code must be 1 to 12/],
    [
      'a bad issuer checksum',
      `USD:${ISSUER.slice(0, -1)}${ISSUER.endsWith('A') ? 'B' : 'A'}`,
      /issuer is not a valid account id/,
    ],
    ['three parts', `USD:${ISSUER}:x`, /issuer is not a valid account id/],
    ['1000 characters', 'A'.repeat(1000), /too long to be an asset \(1000 characters/],
    ['markup', '<img src=x onerror=alert(1)>', /not an asset/],
  ])('refuses %s with a clear message and asks the core nothing', (_name, id, message) => {
    const bridge = open(id);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(message);
    expect(alert.textContent!.length).toBeLessThan(200);
    expect(alert.querySelector('img')).toBeNull();
    expect(bridge.calls).toEqual([]);
  });
});

describe('asset codes link to the asset view', () => {
  it('links a code to its asset, keeps the issuer title, and leaves Tab order in table rows', () => {
    renderWith(
      fakeBridge({}),
      <>
        <Money amount="1" currency={{ code: 'USD', issuer: ISSUER }} />
        <Money amount="2" currency={{ code: 'XLM' }} inRow />
      </>,
    );
    const usd = screen.getByRole('link', { name: 'USD' });
    expect(usd.getAttribute('href')).toBe(`#/asset/${USD}`);
    expect(usd.getAttribute('title')).toBe(`USD issued by Anchor Co (${ISSUER})`);
    expect(usd.getAttribute('tabindex')).toBeNull();
    const xlm = screen.getByRole('link', { name: 'XLM' });
    expect(xlm.getAttribute('href')).toBe('#/asset/native');
    expect(xlm.getAttribute('tabindex')).toBe('-1');
    expect(parseHash(usd.getAttribute('href')!)).toMatchObject({ name: 'asset', id: USD });
  });
});
