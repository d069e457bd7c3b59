// Query options of the single-resource views, shared by the views and the go-to box (which
// fetches before it navigates, so the view opens from the cache).
import { classifyId } from '../../../shared/ids';
import { muxedBaseAccount } from '../../../shared/strkey';
import { call, errorCode } from './bridge';
import { ENTITY_LABEL, type EntityKind } from './router';

export function entityQuery(kind: EntityKind, id: string, networkId: string | null) {
  return {
    queryKey: ['entity', networkId ?? '', kind, id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<unknown> => {
      switch (kind) {
        case 'account':
          return call('account:get', { id }, signal);
        case 'ledger':
          return call('ledger:get', { sequence: id }, signal);
        case 'tx':
          return call('transaction:get', { hash: id }, signal);
        case 'op':
          return call('operation:get', { id }, signal);
        case 'cb':
          return call('claimable-balance:get', { id }, signal);
        case 'pool':
          return call('liquidity-pool:get', { id }, signal);
      }
    },
    staleTime: 15_000,
    retry: (count: number, error: Error) =>
      count < 1 && !['not_found', 'bad_request', 'invalid_arguments'].includes(errorCode(error)),
  };
}

export type Resolution = { ok: true; kind: EntityKind; id: string; note?: string } | { ok: false; message: string };

type Fetch = (kind: EntityKind, id: string) => Promise<unknown>;

/** A claimed balance or an emptied pool no longer exists, but its operations do. */
async function hasHistory(kind: EntityKind, id: string): Promise<boolean> {
  if (kind !== 'cb' && kind !== 'pool') return false;
  try {
    const page = await call('operations:list', {
      scope: kind === 'cb' ? 'claimable_balance' : 'liquidity_pool',
      id,
      query: { limit: 1 },
    });
    return page.records.length > 0;
  } catch {
    return false;
  }
}

/**
 * Works out what a typed id names and checks that it exists. 64 hex characters are tried as a
 * transaction first, then as a liquidity pool.
 */
export async function resolveId(input: string, fetch: Fetch, networkName = 'this network'): Promise<Resolution> {
  const found = classifyId(input);
  if (found.kind === 'invalid') return { ok: false, message: `Not recognised: ${found.reason}.` };
  const candidates: [EntityKind, string, string?][] = [];
  switch (found.kind) {
    case 'account':
      candidates.push(['account', found.value]);
      break;
    case 'muxed_account': {
      // classifyId checked the muxed account, so it has a base account.
      candidates.push(['account', muxedBaseAccount(found.value)!, 'muxed account: showing its base account']);
      break;
    }
    case 'ledger':
      candidates.push(['ledger', found.value]);
      break;
    case 'operation':
      candidates.push(['op', found.value]);
      break;
    case 'claimable_balance':
      candidates.push(['cb', found.value]);
      break;
    case 'liquidity_pool':
      candidates.push(['pool', found.value]);
      break;
    case 'transaction_or_pool':
      candidates.push(['tx', found.value], ['pool', found.value]);
      break;
  }
  for (const [kind, id, note] of candidates) {
    try {
      await fetch(kind, id);
      return { ok: true, kind, id, ...(note ? { note } : {}) };
    } catch (error) {
      if (errorCode(error) === 'not_found' && (await hasHistory(kind, id)))
        return { ok: true, kind, id, note: 'no longer exists: showing its history' };
      if (errorCode(error) !== 'not_found') {
        return {
          ok: false,
          message: `Could not look up ${ENTITY_LABEL[kind].toLowerCase()} ${id}: ${(error as Error).message}`,
        };
      }
    }
  }
  const what = candidates.map(([kind]) => ENTITY_LABEL[kind].toLowerCase()).join(' or ');
  return { ok: false, message: `Unknown: no ${what} ${found.value} on ${networkName}.` };
}

const UINT32_MAX = 4_294_967_295n;

/** What each kind of id looks like, said to a person whose address holds something else. */
const ID_SHAPE: Record<EntityKind, string> = {
  account: 'an account id starts with G and has 56 characters',
  ledger: 'a ledger is a number from 1 to 4,294,967,295',
  tx: 'a transaction hash has 64 hexadecimal characters',
  op: 'an operation id is a number of up to 19 digits',
  cb: 'a claimable balance id has 72 hexadecimal characters and starts with 00000000',
  pool: 'a liquidity pool id has 64 hexadecimal characters',
};

/**
 * Why an address's id cannot name an entity of `kind`, in a sentence; null when it can. Checked
 * before anything is asked of the host, so a bad address never reaches a channel's schema.
 */
export function routeIdProblem(kind: EntityKind, id: string): string | null {
  if (id.length > 200) return `it has ${id.length.toLocaleString('en')} characters; ${ID_SHAPE[kind]}`;
  const found = classifyId(id);
  const ok = (() => {
    switch (kind) {
      case 'account':
        return found.kind === 'account';
      case 'ledger':
        return /^\d{1,10}$/.test(id) && BigInt(id) >= 1n && BigInt(id) <= UINT32_MAX;
      case 'tx':
        return /^[0-9a-f]{64}$/i.test(id);
      case 'op':
        return /^\d{1,19}$/.test(id) && found.kind === 'operation';
      case 'cb':
        return /^00000000[0-9a-f]{64}$/i.test(id);
      case 'pool':
        return /^[0-9a-f]{64}$/i.test(id);
    }
  })();
  return ok ? null : ID_SHAPE[kind];
}
