// Issue #35: a reconciliation asks the history index worker once. It once asked three times (the
// sums, then the account's row twice: for where the index is complete from, and for its coverage),
// where one answer holds all it needs. Counted at the worker's client (client.ts HistoryWorker.call),
// the one door every request to the worker goes through, against a stand-in Horizon.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryWorker } from '../../core/history-index/main-thread/client';
import type { HistoryProgress } from '../../shared/history';
import type { Reconciliation } from '../../shared/reconcile';
import { accountKeys } from '../support/service-store';
import { StandinHorizon } from '../support/standin-horizon';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

const [ACCOUNT, ...OTHERS] = accountKeys(4, 35) as [string, ...string[]];
let standIn: StandinHorizon | undefined;
let app: CoreFixture | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await app?.close();
  await standIn?.close();
  [app, standIn] = [undefined, undefined];
});

describe('a reconciliation', () => {
  it('is one round trip to the history index worker', async () => {
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: OTHERS,
      operations: 30,
      elderLedger: 10,
    }).start();
    app = startCore(standIn.url);
    await app.call('history:sync', { account: ACCOUNT, follow: false });
    await waitFor('the sync to settle', () =>
      app!.events.some(
        (e) => e.channel === 'history:progress' && ['current', 'error'].includes((e.payload as HistoryProgress).state),
      ),
    );
    const calls = vi.spyOn(HistoryWorker.prototype, 'call');
    const { reconciliation, coverage } = await app.call<{ reconciliation: Reconciliation; coverage: unknown }>(
      'history:reconcile',
      { account: ACCOUNT },
    );
    expect(reconciliation.lines.length).toBeGreaterThan(0);
    expect(coverage).toBeTruthy();
    expect(calls.mock.calls.map(([, op]) => op)).toEqual(['reconcile']);
  });
});
