// The export dialog's progress: the total where the core knows it, rows and pages otherwise, and
// in the web host a download of the finished (or partial) file.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../shared/model';
import { ExportDialog } from '../../renderer/src/components/export-dialog';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const filters = { order: 'desc' as const, includeFailed: false, includeTransactions: false };
const base: ExportProgress = {
  exportId: 'ab12cd34',
  path: '/downloads/payments.csv',
  state: 'running',
  rows: 0,
  pages: 0,
};

afterEach(() => {
  cleanup();
  useUi.setState({ host: null });
  sessionStorage.clear();
});

async function open(host: 'web' | 'electron') {
  useUi.setState({ host });
  sessionStorage.setItem('ledgerscope-token', 't/k+n');
  const bridge = fakeBridge({ 'export:start': () => base });
  renderWith(
    bridge,
    <ExportDialog target={{ kind: 'payments', account: ACCOUNT }} filters={filters} onClose={() => undefined} />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
  await screen.findByRole('status');
  return bridge;
}

describe('export dialog', () => {
  it('shows the total when known, rows and pages otherwise', async () => {
    const bridge = await open('electron');
    act(() => bridge.emit('export:progress', { ...base, rows: 200, pages: 1 }));
    expect(screen.getByRole('status').textContent).toBe('running: 200 rows, 1 pages');
    expect(screen.getByLabelText('Export progress').getAttribute('max')).toBeNull();
    act(() => bridge.emit('export:progress', { ...base, rows: 400, pages: 2, total: 1000 }));
    expect(screen.getByRole('status').textContent).toBe('running: 400 of 1,000 rows, 2 pages');
    expect(screen.getByLabelText('Export progress').getAttribute('max')).toBe('1000');
    act(() => bridge.emit('export:progress', { ...base, state: 'done', rows: 1000, pages: 5, total: 1000 }));
    // Electron: the file is in Downloads already; no web download link.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers the partial file of a cancelled export as a download in the web host', async () => {
    const bridge = await open('web');
    act(() => bridge.emit('export:progress', { ...base, rows: 400, pages: 2 }));
    expect(screen.queryByRole('link')).toBeNull(); // not while running
    act(() =>
      bridge.emit('export:progress', {
        ...base,
        state: 'cancelled',
        rows: 400,
        pages: 2,
        path: '/downloads/payments-partial.csv',
        message: 'Cancelled after 400 rows; the partial file is /downloads/payments-partial.csv',
      }),
    );
    const link = screen.getByRole('link', { name: 'Download the partial file' });
    expect(link.getAttribute('href')).toBe('/exports/ab12cd34?token=t%2Fk%2Bn');
    // The web host's folders are not the page's business: the file's name, in the path line and the message.
    expect(screen.getByText('payments-partial.csv')).toBeTruthy();
    expect(screen.getByText('Cancelled after 400 rows; the partial file is payments-partial.csv')).toBeTruthy();
    expect(document.body.textContent).not.toContain('/downloads/');
  });

  it("shows the full path in the desktop app, where the file is on the user's own disk", async () => {
    const bridge = await open('electron');
    act(() => bridge.emit('export:progress', { ...base, state: 'done', rows: 10, pages: 1 }));
    expect(screen.getByText('/downloads/payments.csv')).toBeTruthy();
  });
});
