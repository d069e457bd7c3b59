// The sidebar: brand, network picker and status, pages, watched accounts with unread counts.
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/bridge';
import { IdText } from './id-text';
import { LabelText } from './id-link';
import { useLabelStore } from '../lib/labels';
import { useShortcutsDialog } from '../lib/keys';
import { href, useRoute, type Page } from '../lib/router';
import { useUi } from '../lib/store';
import { NetworkStatus } from './network-status';

const PAGES: [Page, string, string][] = [
  ['explore', 'Explore', 'g e'],
  ['live', 'Live', 'g l'],
  ['submit', 'Submit', 'g s'],
  ['history', 'Workbench', 'g w'],
  ['settings', 'Settings', 'g ,'],
];

export function useWatched() {
  const networkId = useUi((state) => state.networkId);
  // Watched accounts are per network: the key says whose list this is.
  return useQuery({
    queryKey: ['stream:list', networkId ?? ''],
    queryFn: ({ signal }) => call('stream:list', {}, signal),
    retry: false,
  });
}

export function Sidebar() {
  const route = useRoute();
  const unread = useUi((state) => state.unread);
  const openGoto = useUi((state) => state.setGotoOpen);
  const watched = useWatched();
  const labels = useLabelStore((state) => state.byAccount);
  // An address that names no page is on none of them (not Explore, whose place it took before).
  const current =
    route.unknown !== undefined
      ? null
      : ['live', 'submit', 'settings', 'history'].includes(route.name)
        ? route.name
        : 'explore';
  return (
    <aside className="sidebar" aria-label="Navigation">
      <h1 className="brand">Ledgerscope</h1>
      <NetworkStatus />
      <button type="button" className="goto-open" onClick={() => openGoto(true)}>
        Go to… <kbd>Ctrl K</kbd>
      </button>
      <nav aria-label="Pages">
        <ul className="nav">
          {PAGES.map(([page, label]) => (
            <li key={page}>
              <a href={href(page)} aria-current={current === page ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="Watched accounts" className="watched">
        <h2 className="small muted">Watched accounts</h2>
        {watched.data?.watched.length ? (
          <ul>
            {watched.data.watched.map((w) => (
              <li key={w.account}>
                <a
                  href={href('account', w.account)}
                  className={labels.get(w.account) ? 'labelled' : 'mono'}
                  title={w.account}
                  aria-label={labels.get(w.account) ? undefined : w.account}
                >
                  {labels.get(w.account) ? <LabelText name={labels.get(w.account)!} /> : <IdText id={w.account} />}
                </a>
                {unread[w.account] ? (
                  <span className="unread" aria-label={`${unread[w.account]} unread`}>
                    {unread[w.account]}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">
            {watched.isError ? 'Unavailable.' : watched.isPending ? 'Loading…' : 'None yet: add one on Live.'}
          </p>
        )}
      </section>
      <button type="button" className="goto-open" onClick={() => useShortcutsDialog.getState().setOpen(true)}>
        Keyboard shortcuts <kbd>?</kbd>
      </button>
    </aside>
  );
}
