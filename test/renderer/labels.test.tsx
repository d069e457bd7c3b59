// Labels in the renderer: one store feeds every place an account appears (links, sidebar,
// notifications), the naming dialog saves through the core, the go-to box finds an account by
// its label, and the address book refuses an oversized or hostile file with a clear message.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabelEntry } from '../../shared/labels';
import { GotoForm } from '../../renderer/src/components/goto-box';
import { IdLink } from '../../renderer/src/components/id-link';
import { Money } from '../../renderer/src/components/operation-cells';
import { LabelDialogHost } from '../../renderer/src/components/label-dialog';
import { Sidebar } from '../../renderer/src/components/sidebar';
import { AddressBook } from '../../renderer/src/features/settings/address-book';
import { reloadLabels, useLabelStore, useLabelsLoaded } from '../../renderer/src/lib/labels';
import { notificationText } from '../../renderer/src/lib/live';
import { ACCOUNT, FakeError, OTHER, fakeBridge, payment, type FakeHandlers } from './support/fake-bridge';
import { renderWith } from './support/render';

/** A fake address book: labels:list/set/remove/import over an in-memory list. */
function book(initial: LabelEntry[] = []): FakeHandlers & { entries: LabelEntry[] } {
  const state = { entries: [...initial] };
  return {
    get entries() {
      return state.entries;
    },
    'labels:list': () => ({ labels: state.entries }),
    'labels:set': ({ account, label }) => {
      if (label.startsWith('='))
        throw new FakeError('invalid_arguments', 'Invalid label for labels:set: a label cannot start with = + - or @.');
      state.entries = [...state.entries.filter((e) => e.account !== account), { account, label }];
      return { account, label };
    },
    'labels:remove': ({ account }) => {
      state.entries = state.entries.filter((e) => e.account !== account);
      return { removed: true };
    },
  };
}

beforeEach(() => {
  useLabelStore.getState().replace([]);
  window.location.hash = '#/explore';
});
afterEach(cleanup);

describe('labels in the renderer', () => {
  it('shows an account by its label wherever an IdLink shows it, the id kept in the title', async () => {
    const bridge = fakeBridge(book([{ account: ACCOUNT, label: 'Treasury' }]));
    renderWith(
      bridge,
      <>
        <IdLink kind="account" id={ACCOUNT} inRow />
        <IdLink kind="account" id={OTHER} />
      </>,
    );
    // Unlabelled: the id, abbreviated by the one rule (the whole id is in the page for CSS to shorten).
    expect(screen.getByRole('link', { name: ACCOUNT }).querySelector('[data-abbr]')?.getAttribute('data-abbr')).toBe(
      `${ACCOUNT.slice(0, 6)}…${ACCOUNT.slice(-6)}`,
    );
    expect(screen.queryByText('Treasury')).toBeNull();
    await act(() => reloadLabels());
    const link = screen.getByRole('link', { name: 'Treasury' });
    expect(link.getAttribute('title')).toBe(`Treasury (${ACCOUNT})`);
    expect(link.getAttribute('href')).toBe(`#/account/${ACCOUNT}`);
  });

  it('reloads the labels when the core says they changed (another tab, an import)', async () => {
    const fake = book([{ account: ACCOUNT, label: 'Old' }]);
    const bridge = fakeBridge(fake);
    function Loaded() {
      useLabelsLoaded();
      return <IdLink kind="account" id={ACCOUNT} />;
    }
    renderWith(bridge, <Loaded />);
    expect(await screen.findByRole('link', { name: 'Old' })).toBeTruthy();
    fake['labels:set']!({ account: ACCOUNT, label: 'New' });
    act(() => bridge.emit('labels:changed', { count: 1 }));
    expect(await screen.findByRole('link', { name: 'New' })).toBeTruthy();
  });

  it("names an asset by its issuer's label", async () => {
    const bridge = fakeBridge(book([{ account: OTHER, label: 'Anchor Co' }]));
    renderWith(bridge, <Money amount="12.5" currency={{ code: 'USD', issuer: OTHER }} />);
    expect(screen.getByRole('link', { name: 'USD' }).getAttribute('title')).toBe(`USD issued by ${OTHER}`);
    await act(() => reloadLabels());
    expect(screen.getByRole('link', { name: 'USD' }).getAttribute('title')).toBe(`USD issued by Anchor Co (${OTHER})`);
  });

  it('names an account from the ✎ next to its id, and shows a refusal without closing', async () => {
    const fake = book();
    const bridge = fakeBridge(fake);
    renderWith(
      bridge,
      <>
        <IdLink kind="account" id={ACCOUNT} />
        <LabelDialogHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: `Name account ${ACCOUNT}` }));
    const dialog = screen.getByRole('dialog', { name: 'Name account' });
    const input = within(dialog).getByRole('textbox', { name: 'Label' });
    fireEvent.change(input, { target: { value: '=cmd' } });
    fireEvent.submit(input.closest('form')!);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('cannot start with =');
    fireEvent.change(input, { target: { value: 'Cold storage' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'Cold storage' })).toBeTruthy();
    expect(fake.entries).toEqual([{ account: ACCOUNT, label: 'Cold storage' }]);
  });

  it('finds an account by part of its label in the go-to box, and opens the best match on Enter', async () => {
    const bridge = fakeBridge(
      book([
        { account: ACCOUNT, label: 'Alice savings' },
        { account: OTHER, label: 'Savings of Bob' },
      ]),
    );
    renderWith(bridge, <GotoForm networkName="Local" />);
    await act(() => reloadLabels());
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'ALICE' } });
    const list = screen.getByRole('list', { name: 'Labelled accounts' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`#/account/${ACCOUNT}`]);
    fireEvent.change(input, { target: { value: 'savings' } });
    expect(
      within(screen.getByRole('list', { name: 'Labelled accounts' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Savings of Bob GCATS5…ZZI55U', 'Alice savings GCFIRY…XVYOJR']);
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(window.location.hash).toBe(`#/account/${OTHER}`));
    expect(input.value).toBe('');
    // Only labels:list was asked: a label needs no lookup on the network.
    expect(bridge.calls.map((c) => c.channel)).toEqual(['labels:list']);
  });

  it('says an unlabelled name is not recognised', async () => {
    const bridge = fakeBridge(book([{ account: ACCOUNT, label: 'Alice' }]));
    renderWith(bridge, <GotoForm networkName="Local" />);
    await act(() => reloadLabels());
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'mallory' } });
    expect(screen.queryByRole('list', { name: 'Labelled accounts' })).toBeNull();
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toContain('Not recognised');
  });

  it('shows watched accounts by label in the sidebar, and labels in notifications', async () => {
    const bridge = fakeBridge({
      ...book([{ account: ACCOUNT, label: 'Payroll' }]),
      'stream:list': () => ({ watched: [{ account: ACCOUNT, networkId: 'local' }], statuses: [] }),
    });
    renderWith(bridge, <Sidebar />);
    await act(() => reloadLabels());
    const watched = screen.getByRole('region', { name: 'Watched accounts' });
    expect((await within(watched).findByRole('link')).textContent).toBe('Payroll');
    expect(notificationText(payment(0)).body).toBe('From GCATS5…ZZI55U to Payroll');
  });
});

describe('address book per network (issue 36)', () => {
  it('marks a label kept from before names were per network, and no other', async () => {
    const bridge = fakeBridge({
      ...book(),
      'labels:list': () => ({
        labels: [
          { account: ACCOUNT, label: 'Kept', everyNetwork: true },
          { account: OTHER, label: 'Mine' },
        ],
      }),
    });
    renderWith(bridge, <AddressBook />);
    await act(() => reloadLabels());
    const kept = screen.getByText('Kept').closest('tr')!;
    expect(kept.getAttribute('data-origin')).toBe('every-network');
    expect(within(kept).getByText('all networks').getAttribute('title')).toMatch(
      /^Given before names were kept per network/,
    );
    const mine = screen.getByText('Mine').closest('tr')!;
    expect(mine.getAttribute('data-origin')).toBe('user');
    expect(within(mine).queryByText('all networks')).toBeNull();
  });
});

describe('address book import', () => {
  function pick(file: File) {
    fireEvent.change(screen.getByLabelText('Import labels from a JSON or CSV file'), { target: { files: [file] } });
  }

  it('refuses a 5 MB file before reading it, and keeps every label', async () => {
    const fake = book([{ account: ACCOUNT, label: 'Keep' }]);
    const bridge = fakeBridge(fake);
    renderWith(bridge, <AddressBook />);
    await act(() => reloadLabels());
    pick(new File(['x'.repeat(5_000_000)], 'huge.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'huge.csv is 5.0 MB; an address book file is at most 2 MB. Nothing was imported.',
    );
    expect(bridge.calls.map((c) => c.channel)).toEqual(['labels:list']);
    expect(screen.getByText('Keep')).toBeTruthy();
  });

  it("shows the core's refusal of a hostile file, and a summary of a good one", async () => {
    let text = '';
    const bridge = fakeBridge({
      ...book(),
      'labels:import': (args) => {
        text = args.text;
        if (text.includes('=cmd'))
          throw new FakeError(
            'invalid_input',
            'Line 2: label: a label cannot start with = + - or @. Nothing was imported.',
          );
        return text.includes('testnet')
          ? { added: 2, updated: 0, unchanged: 0, total: 1, elsewhere: 1 }
          : { added: 1, updated: 0, unchanged: 0, total: 1, elsewhere: 0 };
      },
    });
    renderWith(bridge, <AddressBook />);
    pick(new File([`account,label\n${ACCOUNT},=cmd\n`], 'evil.csv'));
    expect((await screen.findByRole('alert')).textContent).toContain('Line 2: label: a label cannot start with =');
    pick(new File([`account,label\n${ACCOUNT},Fine\n`], 'good.csv'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Imported good.csv: 1 added, 0 changed, 0 unchanged; 1 labels on this network.',
    );
    expect(text).toBe(`account,label\n${ACCOUNT},Fine\n`);
    // A file naming other networks: what went there is said, as it is not listed here.
    pick(new File([`account,label,network\n${ACCOUNT},Fine,\n${OTHER},Tap,testnet\n`], 'two.csv'));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Imported two.csv: 2 added, 0 changed, 0 unchanged; 1 labels on this network. 1 of them is for another network: listed while that network is selected.',
      ),
    );
  });
});
