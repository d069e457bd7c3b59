// The explore home's ledgers arrive by push (ledger:closed) without asking the host again, and
// its demo accounts are one click from an account's page.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerSummary } from '../../shared/home-model';
import { DemoAccounts, LatestLedgers } from '../../renderer/src/features/explore/home-cards';
import { ACCOUNT, fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const ledger = (sequence: number, operationCount = 0): LedgerSummary => ({
  sequence,
  closedAt: new Date().toISOString(),
  transactionCount: operationCount ? 1 : 0,
  operationCount,
});
const shown = () =>
  within(screen.getByRole('region', { name: 'Latest ledgers' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

afterEach(cleanup);

describe('home cards', () => {
  it('puts a pushed ledger on top without polling', async () => {
    const bridge = fakeBridge({
      'home:ledgers': () => ({ latest: 60000002, ledgers: [ledger(60000002), ledger(60000001, 3)] }),
    });
    renderWith(bridge, <LatestLedgers />);
    await waitFor(() => expect(shown()).toEqual(['60000002', '60000001']));
    act(() => bridge.emit('ledger:closed', { networkId: 'local', ledger: ledger(60000003, 5) }));
    await waitFor(() => expect(shown()).toEqual(['60000003', '60000002', '60000001']));
    // The same ledger pushed twice shows once.
    act(() => bridge.emit('ledger:closed', { networkId: 'local', ledger: ledger(60000003, 5) }));
    expect(shown()).toEqual(['60000003', '60000002', '60000001']);
    expect(bridge.calls.filter((c) => c.channel === 'home:ledgers')).toHaveLength(1);
  });

  it('lists demo accounts by name, linking to their pages, and nothing on other networks', async () => {
    const bridge = fakeBridge({
      'home:demo-accounts': () => ({
        accounts: [
          { name: 'busy', account: ACCOUNT, multisig: false },
          { name: 'multisig-2of3', account: ACCOUNT.replace('GCF', 'GCG'), multisig: true },
        ],
      }),
    });
    renderWith(bridge, <DemoAccounts />);
    const busy = await screen.findByRole('link', { name: 'busy' });
    expect(busy.getAttribute('href')).toBe(`#/account/${ACCOUNT}`);
    expect(screen.getByRole('link', { name: 'multisig-2of3' }).parentElement!.textContent).toContain('multisig');
    cleanup();
    const other = fakeBridge({ 'home:demo-accounts': () => ({ accounts: [] }) });
    const { client } = renderWith(other, <DemoAccounts />);
    await waitFor(() => expect(client.getQueryState(['home:demo-accounts'])?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Demo accounts' })).toBeNull();
  });
});
