import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { GotoDialog } from './components/goto-box';
import { HostConnectionBanner } from './components/host-connection';
import { NotFound } from './components/not-found';
import { LabelDialogHost } from './components/label-dialog';
import { ShortcutsDialogHost } from './components/shortcuts-dialog';
import { useHealth, useNetworks } from './components/network-status';
import { Sidebar } from './components/sidebar';
import { ViewBoundary } from './components/view-boundary';
import { ExploreHome } from './features/explore/explore-home';
import { useFeedHistory } from './features/live/feed-history';
import { withArticle } from '../../shared/english';
import { call } from './lib/bridge';
import { useGlobalKeys, useTheme } from './lib/keys';
import { useLabelsLoaded } from './lib/labels';
import { useLiveEvents } from './lib/live';
import { ENTITY_LABEL, useRoute, type Route } from './lib/router';
import { useUi } from './lib/store';
import { AssetPage, EntityPage, LivePage, PageLoading, SettingsPage, SubmitPage, WorkbenchPage } from './pages';

export function App() {
  const info = useQuery({
    queryKey: ['app:info'],
    queryFn: ({ signal }) => call('app:info', {}, signal),
    staleTime: Infinity,
  });
  const setHost = useUi((state) => state.setHost);
  const gotoOpen = useUi((state) => state.gotoOpen);
  const setGotoOpen = useUi((state) => state.setGotoOpen);
  const networks = useNetworks();
  const selectedId = networks.data?.selectedId;
  const networkName = networks.data?.profiles.find((p) => p.id === selectedId)?.name;
  const networkId = useUi((state) => state.networkId);
  const switchNetwork = useUi((state) => state.switchNetwork);
  useGlobalKeys();
  useTheme();
  useLiveEvents();
  useLabelsLoaded();
  useFeedHistory();
  useEffect(() => {
    if (info.data) setHost(info.data.host);
  }, [info.data, setHost]);
  // However the selection changed (picker, Settings removing the selected profile), views follow.
  useEffect(() => {
    if (selectedId) switchNetwork(selectedId);
  }, [selectedId, switchNetwork]);
  // Pages wait for the host to say which network is selected, so nothing is fetched under no name.
  const ready = networkId !== null || networks.isError;

  return (
    <div className="shell" data-app-state={info.isSuccess ? 'loaded' : info.isError ? 'error' : 'loading'}>
      <ViewBoundary name="Navigation">
        <Sidebar />
      </ViewBoundary>
      <main className="content" id="main">
        {info.isError ? (
          <p role="alert" className="banner bad">
            Cannot reach the Ledgerscope host: {(info.error as Error).message}
          </p>
        ) : (
          <>
            <ViewBoundary name="Notices">
              <HostConnectionBanner />
              <OfflineBanner />
              <Notices />
            </ViewBoundary>
            {ready ? <Routed networkName={networkName} networkId={networkId ?? ''} /> : <p role="status">Loading…</p>}
          </>
        )}
      </main>
      <LabelDialogHost />
      <ShortcutsDialogHost />
      {gotoOpen ? (
        <ViewBoundary name="The Go to box">
          <GotoDialog onClose={() => setGotoOpen(false)} networkName={networkName} />
        </ViewBoundary>
      ) : null}
    </div>
  );
}

const PAGE_LABEL: Record<string, string> = {
  explore: 'Explore',
  live: 'Live',
  submit: 'Submit',
  settings: 'Settings',
  history: 'Workbench',
  asset: 'Asset',
  ...ENTITY_LABEL,
};

/**
 * The current page inside its own boundary, keyed by the network and the route: leaving a failed
 * page resets it, and switching networks mounts every view afresh (no state of the previous one).
 * A page whose chunk is still loading shows PageLoading; one that fails to load shows the boundary.
 */
function Routed({ networkName, networkId }: { networkName?: string | undefined; networkId: string }) {
  const route = useRoute();
  const key = `${networkId}:${route.name}/${route.id ?? ''}`;
  return (
    <ViewBoundary key={key} name={`The ${PAGE_LABEL[route.name] ?? route.name} page`}>
      <Suspense fallback={<PageLoading />}>
        <Page route={route} networkName={networkName} />
      </Suspense>
    </ViewBoundary>
  );
}

function Page({ route, networkName }: { route: Route; networkName?: string | undefined }) {
  if (route.unknown !== undefined) return <NotFound segment={route.unknown} />;
  switch (route.name) {
    case 'explore':
      return <ExploreHome networkName={networkName} />;
    case 'live':
      return <LivePage />;
    case 'submit':
      return <SubmitPage />;
    case 'settings':
      return <SettingsPage />;
    case 'history':
      return <WorkbenchPage account={route.id} />;
    case 'asset':
      return <AssetPage id={route.id ?? ''} />;
    default:
      return route.id ? (
        <EntityPage key={`${route.name}/${route.id}`} kind={route.name} id={route.id} />
      ) : (
        <NotFound segment={route.name} wantsId={withArticle(ENTITY_LABEL[route.name].toLowerCase())} />
      );
  }
}

/** One quiet banner while the selected network is unreachable, instead of a toast per failure. */
function OfflineBanner() {
  const health = useHealth();
  if (!health.data || health.data.online) return null;
  return (
    <p className="banner warn" role="status" data-testid="offline-banner">
      The network is unreachable; views will refresh when it answers again.{' '}
      <span className="muted small">{health.data.error}</span>
    </p>
  );
}

/** Notices from the desktop shell (e.g. the embedded network restarting), dismissible. */
function Notices() {
  const notices = useUi((state) => state.notices);
  const dismiss = useUi((state) => state.dismissNotice);
  return (
    <>
      {notices.map((notice) => (
        <p
          key={notice.id}
          className={`banner ${notice.level === 'info' ? '' : notice.level === 'error' ? 'bad' : 'warn'}`}
          role="status"
        >
          {notice.message}{' '}
          <button type="button" className="copy-like" onClick={() => dismiss(notice.id)} aria-label="Dismiss">
            ✕
          </button>
        </p>
      ))}
    </>
  );
}
