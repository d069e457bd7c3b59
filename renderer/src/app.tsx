import { useQuery } from '@tanstack/react-query';
import { call } from './lib/bridge';
import { NetworkStatus } from './components/network-status';

export function App() {
  const info = useQuery({ queryKey: ['app:info'], queryFn: ({ signal }) => call('app:info', {}, signal) });
  return (
    <div className="shell" data-app-state={info.isSuccess ? 'loaded' : info.isError ? 'error' : 'loading'}>
      <aside className="sidebar" aria-label="Navigation">
        <h1 className="brand">Ledgerscope</h1>
        <NetworkStatus />
      </aside>
      <main className="content">
        {info.isError ? (
          <p role="alert">Cannot reach the Ledgerscope host: {(info.error as Error).message}</p>
        ) : (
          <p className="muted">{info.data ? `${info.data.name} ${info.data.version} (${info.data.host})` : 'Connecting…'}</p>
        )}
      </main>
    </div>
  );
}
