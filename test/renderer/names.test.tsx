// Accounts by name in the page: the go-to box and the watch box take a name or a unique start of
// one and list the names an ambiguous start matches (no guess); the drawer's summary and the
// plain-text cell name accounts by the address book, hidden characters shown, not obeyed.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import { GotoForm } from '../../renderer/src/components/goto-box';
import { detailsText } from '../../renderer/src/components/operation-cells';
import { WatchForm } from '../../renderer/src/features/live/watch-form';
import { useLabelStore } from '../../renderer/src/lib/labels';
import { abbreviateId } from '../../shared/ids';
import { parseJson } from '../../shared/json';
import type { Operation } from '../../shared/model';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const key = (n: number) => `G${String(n).padStart(55, 'A')}`;
const BUSY = key(1);
const BOB = key(2);
const BOBBY = key(3);

const op = normalizeOperation(
  parseJson(readFileSync(resolve('test/fixtures/horizon/operations/payment.json'), 'utf8')),
) as Extract<Operation, { type: 'payment' }>;

beforeEach(() => {
  window.location.hash = '#/explore';
  useLabelStore.getState().replace([
    { account: BUSY, label: 'busy', origin: 'network' },
    { account: BOB, label: 'Bob' },
    { account: BOBBY, label: 'bobby', origin: 'network' },
    { account: op.from, label: 'Payroll' },
    { account: op.to, label: 'x\u202Ey' },
  ]);
});
afterEach(() => {
  cleanup();
  useLabelStore.getState().replace([]);
});

function type(text: string, form: 'goto' | 'watch') {
  const bridge = fakeBridge({ 'stream:watch': () => ({}) as never, 'stream:list': () => ({ streams: [] }) as never });
  renderWith(bridge, form === 'goto' ? <GotoForm networkName="Local" /> : <WatchForm />);
  const input =
    form === 'goto' ? screen.getByRole('textbox') : screen.getByRole('textbox', { name: 'Account to watch' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
  return bridge;
}

describe('the go-to box by name', () => {
  it('opens the account a whole name or a unique start names, in any case', async () => {
    type('BUSY', 'goto');
    await waitFor(() => expect(window.location.hash).toBe(`#/account/${BUSY}`));
    cleanup();
    type('bu', 'goto');
    await waitFor(() => expect(window.location.hash).toBe(`#/account/${BUSY}`));
    cleanup();
    // "bob" is a whole name, though it begins "bobby" too.
    type('bob', 'goto');
    await waitFor(() => expect(window.location.hash).toBe(`#/account/${BOB}`));
  });

  it('lists the names an ambiguous start matches and opens none', async () => {
    const bridge = type('b', 'goto');
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“b” matches 3 names: pick one below, or type more.',
    );
    const list = screen.getByRole('list', { name: 'Labelled accounts' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent?.split(' ')[0]),
    ).toEqual(['Bob', 'bobby', 'busy']);
    expect(window.location.hash).toBe('#/explore');
    expect(bridge.calls).toHaveLength(0);
  });
});

describe('the watch box by name', () => {
  it('watches the account a name means', async () => {
    const bridge = type('Busy', 'watch');
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.channel === 'stream:watch')?.args).toMatchObject({ account: BUSY }),
    );
  });

  it('lists the accounts an ambiguous start matches, watches none, and takes the one picked', async () => {
    const bridge = type('bo', 'watch');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('“bo” matches 2 names');
    expect(bridge.calls.some((c) => c.channel === 'stream:watch')).toBe(false);
    fireEvent.click(within(alert).getByRole('button', { name: /^bobby/ }));
    expect((screen.getByRole('textbox', { name: 'Account to watch' }) as HTMLInputElement).value).toBe(BOBBY);
  });

  it('says when a text is neither an account nor a name', async () => {
    type('nobody', 'watch');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Not an account or a name in the address book/);
  });
});

describe('sentences with names', () => {
  it('the drawer names both parties, a hidden character marked', async () => {
    renderWith(fakeBridge({ 'operation:get': () => op }), <DetailDrawer op={op} onClose={() => undefined} />);
    const summary = screen.getByTestId('op-summary');
    expect(summary.textContent).toContain('pay 912.0450031 USDX from Payroll to x⟨U+202E⟩y');
    expect(summary.textContent).not.toContain('\u202E');
  });

  it('the plain-text cell names both parties, hidden characters written out', () => {
    expect(detailsText(op)).toBe('Payroll → x⟨U+202E⟩y');
    useLabelStore.getState().replace([]);
    expect(detailsText(op)).toBe(`${abbreviateId(op.from)} → ${abbreviateId(op.to)}`);
  });
});
