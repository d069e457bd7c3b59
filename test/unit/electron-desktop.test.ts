// Desktop behaviour that needs no Electron binary: the application menu, payment notifications
// and the unread badge, remembered window bounds, and reading an opened transaction file.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@stellar/stellar-base';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, describe, expect, test } from 'vitest';
import type { EventPayload } from '../../shared/ipc';
import { menuTemplate } from '../../electron/menu';
import { PaymentNotifier, paymentNotice } from '../../electron/notifications';
import { MAX_TRANSACTION_FILE_BYTES, readTransactionFile } from '../../electron/open-file';
import { DEFAULT_SIZE, loadWindowState, restoreBounds, saveWindowState } from '../../electron/window-state';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-desktop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('application menu', () => {
  const calls: string[] = [];
  const actions = {
    openTransaction: () => void calls.push('open'),
    navigate: (route: string) => void calls.push(route),
  };

  test.each(['linux', 'win32', 'darwin'] as const)('%s: standard roles plus the app’s own items', (platform) => {
    const items = flatten(menuTemplate(platform, actions, { devTools: false }));
    const roles = items.map((item) => item.role).filter(Boolean);
    expect(roles).toEqual(
      expect.arrayContaining([
        'editMenu',
        'windowMenu',
        'reload',
        'togglefullscreen',
        platform === 'darwin' ? 'close' : 'quit',
      ]),
    );
    expect(roles.includes('appMenu')).toBe(platform === 'darwin');
    expect(roles).not.toContain('toggleDevTools');
    const byId = (id: string) => items.find((item) => item.id === id)!;
    expect(byId('go-to')).toMatchObject({ label: 'Go to…', accelerator: 'CmdOrCtrl+K' });
    expect(byId('open-transaction').label).toBe('Open Transaction…');
    calls.length = 0;
    for (const id of ['open-transaction', 'go-to', 'live']) (byId(id).click as () => void)();
    expect(calls).toEqual(['open', '/go-to', '/live']);
  });

  test('development builds get the developer tools item', () => {
    expect(
      flatten(menuTemplate('linux', actions, { devTools: true })).some((item) => item.role === 'toggleDevTools'),
    ).toBe(true);
  });
});

describe('payment notifications and the badge', () => {
  const ACCOUNT = 'GBZEVSMTF5XNBDVR6ZQ23P46JCLYE25UKRBGTJ6DNKV4NI2PUCH2F3TU';
  const FROM = 'GAXQ2OHPLSWGIZUV2OBQRK3HHT5Y4D2AQHKCC3OX7AERWAMDMMZRCZYC';
  const record = (overrides: Record<string, unknown> = {}, notify = true) =>
    ({
      account: ACCOUNT,
      networkId: 'local',
      notify,
      record: {
        type: 'payment',
        id: '1',
        pagingToken: '1',
        sourceAccount: FROM,
        transactionHash: 'h',
        successful: true,
        createdAt: '',
        raw: '{}',
        from: FROM,
        to: ACCOUNT,
        direction: 'in',
        currency: { code: 'XLM' },
        amount: '12.5',
        ...overrides,
      },
    }) as unknown as EventPayload<'stream:record'>;

  test('an incoming payment that passes the minimum is announced', () => {
    expect(paymentNotice(record())).toEqual({
      title: 'Payment received: 12.5000000 XLM',
      body: 'From GAXQ2O…ZRCZYC to GBZEVS…H2F3TU',
      account: ACCOUNT,
      route: `/op/${record().record.id}`,
    });
  });
  test('names accounts by their labels when the address book has them', () => {
    const labels: Record<string, string> = { [FROM]: 'Payroll', [ACCOUNT]: 'Savings' };
    expect(paymentNotice(record(), (id) => labels[id])?.body).toBe('From Payroll to Savings');
    const shown: string[] = [];
    new PaymentNotifier({
      show: (notice) => void shown.push(notice.body),
      setBadge: () => undefined,
      windowFocused: () => true,
      labelOf: (id) => (id === FROM ? 'Payroll' : undefined),
    }).onRecord(record());
    expect(shown).toEqual(['From Payroll to GBZEVS…H2F3TU']);
  });
  test('outgoing payments, operations that bring nothing in, and records under the minimum are not', () => {
    expect(paymentNotice(record({ from: ACCOUNT, to: FROM, direction: 'out' }))).toBeNull();
    expect(paymentNotice(record({ type: 'bump_sequence', bumpTo: '2' }))).toBeNull();
    // A payment to oneself sends as much as it brings: nothing came in.
    expect(paymentNotice(record({ from: ACCOUNT }))).toBeNull();
    // A failed payment moved nothing.
    expect(paymentNotice(record({ successful: false }))).toBeNull();
    expect(paymentNotice(record({}, false))).toBeNull();
  });
  test('what came in is read from the record, not from a direction set on it', () => {
    expect(paymentNotice(record({ direction: undefined }))?.title).toBe('Payment received: 12.5000000 XLM');
    expect(paymentNotice(record({ direction: 'out' }))?.title).toBe('Payment received: 12.5000000 XLM');
  });
  test('a funding, a merge and a claim into the account are announced by what they are', () => {
    const funding = { type: 'create_account', funder: FROM, account: ACCOUNT, startingBalance: '10' };
    expect(paymentNotice(record(funding))?.title).toBe('Account funded: 10.0000000 XLM');
    const merge = { type: 'account_merge', account: FROM, into: ACCOUNT, amount: undefined };
    expect(paymentNotice(record(merge))).toMatchObject({
      title: 'Merge received: XLM',
      body: 'From GAXQ2O…ZRCZYC to GBZEVS…H2F3TU',
    });
    const claim = {
      type: 'claim_claimable_balance',
      balanceId: `00000000${'ab'.repeat(32)}`,
      claimant: ACCOUNT,
      currency: undefined,
      amount: undefined,
    };
    expect(paymentNotice(record(claim))?.title).toBe('Balance claimed: of a claimable balance');
  });
  test('unread payments count on the badge while the window is not focused, and clear on focus', () => {
    const shown: string[] = [];
    const badge: number[] = [];
    let focused = false;
    const notifier = new PaymentNotifier({
      show: (notice) => void shown.push(notice.title),
      setBadge: (count) => void badge.push(count),
      windowFocused: () => focused,
    });
    notifier.onRecord(record());
    notifier.onRecord(record({ amount: '1' }));
    notifier.onRecord(record({}, false));
    expect(notifier.unreadCount).toBe(2);
    notifier.markRead();
    notifier.markRead();
    focused = true;
    notifier.onRecord(record());
    expect(badge).toEqual([1, 2, 0]);
    expect(shown).toHaveLength(3);
  });
});

describe('window bounds', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1080 };
  test('saved bounds on a present display are restored', () => {
    saveWindowState(dir, { bounds: { x: 100, y: 80, width: 1000, height: 700 }, maximized: true });
    expect(restoreBounds(loadWindowState(dir), [display])).toEqual({
      bounds: { x: 100, y: 80, width: 1000, height: 700 },
      maximized: true,
    });
  });
  test('bounds on an unplugged monitor keep the size but not the position', () => {
    expect(
      restoreBounds({ bounds: { x: 2500, y: 100, width: 1000, height: 700 }, maximized: false }, [display]),
    ).toEqual({ bounds: { width: 1000, height: 700 }, maximized: false });
  });
  test('garbage falls back to the default size; tiny sizes are raised to the minimum', () => {
    for (const saved of [null, 'x', { bounds: { x: 'a' } }, { bounds: { x: 0, y: 0, width: 1e9, height: 5 } }]) {
      expect(restoreBounds(saved, [display])).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
    }
    expect(restoreBounds({ bounds: { x: 0, y: 0, width: 10, height: 10 } }, [display]).bounds).toMatchObject({
      width: 720,
      height: 480,
    });
  });
  test('a missing or corrupt state file reads as nothing', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    expect(loadWindowState(empty)).toBeNull();
    writeFileSync(join(empty, 'window-state.json'), '{');
    expect(loadWindowState(empty)).toBeNull();
  });
});

describe('opening a transaction file', () => {
  test('reads and trims the text, with its bare name', async () => {
    writeFileSync(join(dir, 'tx.xdr'), '\n AAAAAgAAAAA= \n');
    expect(await readTransactionFile(join(dir, 'tx.xdr'))).toEqual({ text: 'AAAAAgAAAAA=', fileName: 'tx.xdr' });
  });
  test('refuses directories, oversized and missing files', async () => {
    mkdirSync(join(dir, 'folder.xdr'));
    await expect(readTransactionFile(join(dir, 'folder.xdr'))).rejects.toThrow(/not a file/);
    writeFileSync(join(dir, 'big.xdr'), Buffer.alloc(MAX_TRANSACTION_FILE_BYTES + 1, 65));
    await expect(readTransactionFile(join(dir, 'big.xdr'))).rejects.toThrow(/larger than/);
    await expect(readTransactionFile(join(dir, 'missing.xdr'))).rejects.toThrow(/ENOENT/);
  });
  test('refuses a file holding a secret key, without passing it on', async () => {
    const secret = Keypair.random().secret();
    writeFileSync(join(dir, 'keys.txt'), `seed: ${secret}\n`);
    const refused = await readTransactionFile(join(dir, 'keys.txt')).then(
      () => null,
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(/secret key/);
    expect(refused?.message).not.toContain(secret);
  });
});
