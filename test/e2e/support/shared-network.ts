// One local network for the specs that only read it, started once per Playwright worker
// (workers: 1, so once per run) instead of once per spec file. Each spec still starts its own
// web host on it (its own user-data directory), so settings, labels, watches and indexes stay
// per spec. The specs that share it (docs/testing.md) post nothing that another sharer reads: the
// only writer, home-labels, pays bob from root and alice from bob, accounts whose newest rows no
// other sharer checks. A spec that submits, stops the core or needs another history starts its
// own network with startApp().
import { test as base } from '@playwright/test';
import { startNetwork, type NetworkOptions, type RunningNetwork } from '../../support/network';

/** The shared network's history: what names, home-labels and workbench asked for on their own. */
export const SHARED_NETWORK: NetworkOptions = {
  startLedger: 60_000_000,
  seed: 'ledgerscope-e2e',
  historyOps: 1500,
  accounts: 8,
  closeIntervalMs: 1000,
};

export const test = base.extend<object, { sharedNetwork: RunningNetwork }>({
  sharedNetwork: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const network = await startNetwork(SHARED_NETWORK);
      try {
        await use(network);
      } finally {
        await network.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});

export { expect } from '@playwright/test';
