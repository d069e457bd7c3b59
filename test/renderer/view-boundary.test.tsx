import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '../../renderer/src/components/sidebar';
import { ViewBoundary } from '../../renderer/src/components/view-boundary';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

// React renders a throwing component twice before giving up, so "broken" is a switch, not a count.
let broken = false;
let mounts = 0;

function Fragile() {
  mounts++;
  if (broken) throw new TypeError('l is not a function');
  return <p>fragile view rendered</p>;
}

function setup() {
  const bridge = fakeBridge({
    'stream:list': () => ({ watched: [], statuses: [] }),
    'app:log-error': () => ({ logged: true }),
  });
  renderWith(
    bridge,
    <div>
      <ViewBoundary name="Navigation">
        <Sidebar />
      </ViewBoundary>
      <ViewBoundary name="The test page">
        <Fragile />
      </ViewBoundary>
    </div>,
  );
  return bridge;
}

describe('ViewBoundary', () => {
  afterEach(() => {
    cleanup();
    window.location.hash = '';
    vi.restoreAllMocks();
  });

  it('shows what failed, logs it to the host, and leaves the sidebar working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error too
    broken = true;
    const bridge = setup();
    const panel = screen.getByRole('alert', { name: 'The test page failed' });
    expect(within(panel).getByText('TypeError: l is not a function')).toBeTruthy();
    expect(screen.queryByText('fragile view rendered')).toBeNull();
    await waitFor(() => expect(bridge.calls.some((c) => c.channel === 'app:log-error')).toBe(true));
    const logged = bridge.calls.find((c) => c.channel === 'app:log-error')!.args as {
      view: string;
      message: string;
      componentStack?: string;
    };
    expect(logged.view).toBe('The test page');
    expect(logged.message).toBe('TypeError: l is not a function');
    expect(logged.componentStack).toMatch(/Fragile/);

    const nav = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Live' }));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Live' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(screen.getByRole('button', { name: /Go to/ })).toBeTruthy();
  });

  it('"Reload this view" mounts the view again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    mounts = 0;
    setup();
    const before = mounts;
    expect(screen.getByTestId('view-error')).toBeTruthy();
    broken = false;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Reload this view' })));
    expect(await screen.findByText('fragile view rendered')).toBeTruthy();
    expect(mounts).toBeGreaterThan(before);
    expect(screen.queryByTestId('view-error')).toBeNull();
  });

  it('caps what it sends to the log', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bridge = fakeBridge({
      'stream:list': () => ({ watched: [], statuses: [] }),
      'app:log-error': () => ({ logged: true }),
    });
    function Huge(): never {
      throw new Error('x'.repeat(50_000));
    }
    renderWith(
      bridge,
      <ViewBoundary name={'v'.repeat(500)}>
        <Huge />
      </ViewBoundary>,
    );
    await waitFor(() => expect(bridge.calls.some((c) => c.channel === 'app:log-error')).toBe(true));
    const logged = bridge.calls.find((c) => c.channel === 'app:log-error')!.args as {
      view: string;
      message: string;
      stack?: string;
    };
    expect(logged.view.length).toBe(80);
    expect(logged.message.length).toBe(2_000);
    expect(logged.stack!.length).toBeLessThanOrEqual(8_000);
  });
});

describe('ResultPanel scrolling', () => {
  afterEach(cleanup);

  it('unmounts cleanly when scrollIntoView returns a Promise (as current Chromium does)', async () => {
    const { ResultPanel } = await import('../../renderer/src/features/submit/result-panel');
    const original = Element.prototype.scrollIntoView;
    const scrolled = vi.fn(() => Promise.resolve());
    Element.prototype.scrollIntoView = scrolled as unknown as typeof original;
    try {
      const bridge = fakeBridge({});
      const report = {
        result: 'received' as const,
        hash: 'ab'.repeat(32),
        resultXdr: 'AAAAAAAAAGQAAAAAAAAAAA==',
        networkId: 'local',
        explanations: [],
        journalId: 'j1',
        following: false,
      };
      const view = renderWith(bridge, <ResultPanel report={report} />);
      expect(scrolled).toHaveBeenCalled();
      expect(() => view.unmount()).not.toThrow();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
