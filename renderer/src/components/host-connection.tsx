// The web host's connection on screen (#36): while the bridge reconnects to a host it lost, one
// line says so and when it tries next; it goes once the bridge is back. Electron's preload never
// loses its connection, so there this shows nothing.
import { useSyncExternalStore } from 'react';
import { hostConnection, onHostConnection } from '../lib/bridge';

export function HostConnectionBanner() {
  const state = useSyncExternalStore(onHostConnection, hostConnection);
  if (state.state !== 'reconnecting') return null;
  return (
    <p className="banner warn" role="status" data-testid="host-reconnecting">
      The connection to the Ledgerscope host was lost: reconnecting (attempt {state.attempt}, in{' '}
      {Math.ceil(state.nextInMs / 1000)} s). Views refresh when it is back.
    </p>
  );
}
