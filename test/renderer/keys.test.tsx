// The keyboard (issue #29): "?" lists every shortcut from the one table, Ctrl/⌘+Enter runs the
// page's registered action, "g" then a key opens each page the table lists, and the ✎ rename
// button is in Tab order outside table rows.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdLink } from '../../renderer/src/components/id-link';
import { ShortcutsDialogHost } from '../../renderer/src/components/shortcuts-dialog';
import { SHORTCUTS, useGlobalKeys, usePageShortcut, useShortcutsDialog } from '../../renderer/src/lib/keys';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

function Keys({ onSubmit }: { onSubmit?: () => void }) {
  useGlobalKeys();
  return (
    <>
      {onSubmit ? <SubmitAction action={onSubmit} /> : null}
      <input aria-label="a field" />
      <button type="button">Somewhere</button>
      <div role="dialog" aria-label="Some dialog">
        <input aria-label="a field in a dialog" />
      </div>
      <ShortcutsDialogHost />
    </>
  );
}

function SubmitAction({ action }: { action: () => void }) {
  usePageShortcut('submit', action);
  return null;
}

afterEach(() => {
  cleanup();
  act(() => useShortcutsDialog.getState().setOpen(false));
  useUi.getState().setGotoOpen(false);
  window.location.hash = '';
});

describe('the "?" list of shortcuts', () => {
  it('opens on "?", lists every shortcut of the table, and Escape closes it, focus back where it was', () => {
    renderWith(fakeBridge({}), <Keys />);
    const somewhere = screen.getByRole('button', { name: 'Somewhere' });
    somewhere.focus();
    fireEvent.keyDown(somewhere, { key: '?' });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(SHORTCUTS.length);
    for (const shortcut of SHORTCUTS) {
      const row = rows.find((r) => r.textContent?.endsWith(shortcut.what));
      expect(row, shortcut.what).toBeTruthy();
      expect([...row!.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(shortcut.keys);
    }
    // Every page's "g" key, and the submit key, are in it.
    for (const key of ['e', 'l', 's', 'w', ','])
      expect(rows.some((r) => r.textContent?.startsWith(`g then ${key}Open `))).toBe(true);
    expect(within(dialog).getByRole('table', { name: 'Submit page' }).textContent).toContain('Ctrl/⌘+Enter');
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(document.activeElement).toBe(somewhere);
  });

  it('does not open while typing in a field', () => {
    renderWith(fakeBridge({}), <Keys />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'a field' }), { key: '?' });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });
});

describe('keys the global handler answers, as the table lists them', () => {
  it('"g" then each listed key opens its page', () => {
    renderWith(fakeBridge({}), <Keys />);
    const pages: Record<string, string> = { e: 'explore', l: 'live', s: 'submit', w: 'history', ',': 'settings' };
    for (const [key, page] of Object.entries(pages)) {
      fireEvent.keyDown(document.body, { key: 'g' });
      fireEvent.keyDown(document.body, { key });
      expect(window.location.hash).toBe(`#/${page}`);
    }
  });

  it('Ctrl/⌘+K opens the go-to box', () => {
    renderWith(fakeBridge({}), <Keys />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'a field' }), { key: 'k', ctrlKey: true });
    expect(useUi.getState().gotoOpen).toBe(true);
  });

  it('Ctrl/⌘+Enter runs the page’s action, from a field too, but not inside a dialog or with no page action', () => {
    const action = vi.fn();
    const { unmount } = renderWith(fakeBridge({}), <Keys onSubmit={action} />);
    fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'a field' }), { key: 'Enter', metaKey: true });
    expect(action).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'a field in a dialog' }), { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(action).toHaveBeenCalledTimes(2);
    unmount();
    renderWith(fakeBridge({}), <Keys />);
    fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
    expect(action).toHaveBeenCalledTimes(2);
  });
});

describe('the ✎ rename button', () => {
  it('is in Tab order beside an account id, and not in a table row (its page and drawer have it)', () => {
    renderWith(
      fakeBridge({}),
      <>
        <IdLink kind="account" id={ACCOUNT} />
        <table>
          <tbody>
            <tr>
              <td>
                <IdLink kind="account" id={ACCOUNT} inRow />
              </td>
            </tr>
          </tbody>
        </table>
      </>,
    );
    // Outside a table the rename button is in Tab order; a row has none (its page and drawer do).
    const buttons = screen.getAllByRole('button', { name: `Name account ${ACCOUNT}` });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.tabIndex).toBe(0);
    expect(buttons[0]!.closest('table')).toBeNull();
  });
});
