import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { setBridge } from '../../../renderer/src/lib/bridge';
import type { FakeBridge } from './fake-bridge';

/** jsdom lays nothing out: give the table's scroll box a size so the virtualizer renders rows. */
export function giveTablesASize(height = 600, width = 1200): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('vt') ? height : 30;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('vt') ? width : 100;
    },
  });
}

export function renderWith(bridge: FakeBridge, ui: ReactNode) {
  setBridge(bridge);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
