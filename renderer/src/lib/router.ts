// Hash routing: the route lives after '#', so it never reaches the host (app://ledgerscope in
// Electron, the web host in a browser) and every load is index.html. Every view and every table
// filter is in the address, so back/forward and reloads restore them.
import { useSyncExternalStore } from 'react';

export type Page = 'explore' | 'live' | 'submit' | 'settings' | 'history' | 'asset';
export type EntityKind = 'account' | 'ledger' | 'tx' | 'op' | 'cb' | 'pool';

export interface Route {
  /** First path segment: a page or an entity kind. */
  name: Page | EntityKind;
  /** The entity's id, when the route names one. */
  id?: string;
  params: URLSearchParams;
  /** The first segment as written when it names no page: the address is then said to be unknown. */
  unknown?: string;
}

export const ENTITY_LABEL: Record<EntityKind, string> = {
  account: 'Account',
  ledger: 'Ledger',
  tx: 'Transaction',
  op: 'Operation',
  cb: 'Claimable balance',
  pool: 'Liquidity pool',
};

const NAMES = new Set([
  'explore',
  'live',
  'submit',
  'settings',
  'history',
  'asset',
  'account',
  'ledger',
  'tx',
  'op',
  'cb',
  'pool',
]);

export function parseHash(hash: string): Route {
  const body = hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = body.split('?', 2);
  const [first = '', second] = path.split('/');
  const known = NAMES.has(first);
  const name = known ? (first as Route['name']) : 'explore';
  return {
    name,
    ...(second ? { id: decodeSegment(second) } : {}),
    params: new URLSearchParams(query),
    ...(known || first === '' ? {} : { unknown: decodeSegment(first) }),
  };
}

/** A typed or pasted address may hold a bad escape ("%ZZ"): it is then read as written, not thrown. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The hash address of a route: `#/account/G…?tab=operations`. */
export function href(name: Route['name'], id?: string, params?: Record<string, string | undefined>): string {
  let out = `#/${name}${id ? `/${encodeURIComponent(id)}` : ''}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}))
    if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  if (text) out += `?${text}`;
  return out;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    const url = new URL(window.location.href);
    url.hash = to;
    window.history.replaceState(window.history.state, '', url.toString());
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = to;
  }
}

/** Changes some query parameters of the current route (replacing the history entry). */
export function setParams(changes: Record<string, string | undefined>): void {
  const route = parseHash(window.location.hash);
  const params: Record<string, string | undefined> = Object.fromEntries(route.params);
  Object.assign(params, changes);
  navigate(href(route.name, route.id, params), { replace: true });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

export function useRoute(): Route {
  return parseHash(useHash());
}
