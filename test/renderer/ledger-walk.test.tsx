// "← previous" on a ledger page: a plain link by default; with "skip empty" on, the core finds
// the nearest earlier ledger with operations, and says so when there is none nearby.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreviousLedger } from '../../renderer/src/features/explore/ledger-walk';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '#/ledger/60000100';
});
afterEach(cleanup);

describe('previous ledger', () => {
  it('links to the ledger before by default, and skips empty ones when asked (remembered)', async () => {
    const bridge = fakeBridge({
      'ledger:previous': ({ sequence, skipEmpty }) => ({
        sequence: skipEmpty ? sequence - 37 : sequence - 1,
        skipped: skipEmpty ? 36 : 0,
      }),
    });
    renderWith(bridge, <PreviousLedger sequence={60000100} />);
    expect(screen.getByRole('link', { name: '← previous' }).getAttribute('href')).toBe('#/ledger/60000099');
    fireEvent.click(screen.getByRole('checkbox', { name: 'skip empty' }));
    expect(localStorage.getItem('ledgerscope-skip-empty-ledgers')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '← previous with operations' }));
    await waitFor(() => expect(window.location.hash).toBe('#/ledger/60000063'));
    expect(bridge.calls).toEqual([{ channel: 'ledger:previous', args: { sequence: 60000100, skipEmpty: true } }]);
    cleanup();
    renderWith(bridge, <PreviousLedger sequence={60000100} />);
    expect((screen.getByRole('checkbox', { name: 'skip empty' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says when no ledger with operations is near, and stays put', async () => {
    localStorage.setItem('ledgerscope-skip-empty-ledgers', 'true');
    renderWith(
      fakeBridge({ 'ledger:previous': () => ({ sequence: null, skipped: 400 }) }),
      <PreviousLedger sequence={60000100} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '← previous with operations' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'No ledger with operations in the 400 before this one.',
    );
    expect(window.location.hash).toBe('#/ledger/60000100');
  });

  it('has no previous for ledger 1', () => {
    renderWith(fakeBridge({}), <PreviousLedger sequence={1} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
