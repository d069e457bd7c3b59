// The balances a ledger's entry changes record: each changed account (XLM) and trustline (a
// credit asset, or a pool's shares) with its balance before and after. A `LedgerEntryChanges` list
// states an entry (`state`) before it updates or removes it, and gives a created one whole, so each
// list says, for every balance it touched, what it was and what it became. This is the network's
// own account of what changed, the truth the events (asset-events.ts) and the moves read from them
// must add up to, and what an index built from ledgers reconciles against.
import type { xdr } from '@stellar/stellar-base';
import { StrKey } from '@stellar/stellar-base';

export interface EntryBalance {
  account: string;
  /** "native", "CODE:ISSUER", or "pool:<hex id>" for a pool's shares (shared/moves.ts movedAssetKey). */
  asset: string;
  /** Stroops before the first change that touched it (0 for an entry created), and after the last (0 once removed). */
  before: bigint;
  after: bigint;
}

/** The entry a change states, creates, updates or restores (null for a removal, which names only its key). */
export function entryOf(change: xdr.LedgerEntryChange): xdr.LedgerEntry | null {
  switch (change.switch().name) {
    case 'ledgerEntryState':
      return change.state();
    case 'ledgerEntryCreated':
      return change.created();
    case 'ledgerEntryUpdated':
      return change.updated();
    case 'ledgerEntryRestored':
      return change.restored();
    default:
      return null;
  }
}

/**
 * The balances the lists changed, read in the order given as one run of changes: for lists that
 * follow each other in the ledger (a ledger's fee processing, then its applies, then its refunds).
 */
export function entryBalances(lists: readonly (readonly xdr.LedgerEntryChange[])[]): Map<string, EntryBalance> {
  const out = new Map<string, EntryBalance>();
  for (const list of lists) {
    for (const change of list) {
      const kind = change.switch().name;
      if (kind === 'ledgerEntryRemoved') {
        const key = keyOfLedgerKey(change.removed());
        if (!key) continue;
        const known = out.get(`${key.account}|${key.asset}`);
        if (known) known.after = 0n;
        continue;
      }
      const entry = entryOf(change);
      const balance = entry ? balanceOf(entry) : null;
      if (!balance) continue;
      const id = `${balance.account}|${balance.asset}`;
      const known = out.get(id);
      if (!known) {
        // First sight: a state (or restored) entry is its value before; a created one had nothing.
        const before = kind === 'ledgerEntryCreated' ? 0n : balance.stroops;
        out.set(id, { account: balance.account, asset: balance.asset, before, after: balance.stroops });
      } else known.after = balance.stroops; // an update, or a later state restating where the next change starts
    }
  }
  return out;
}

/**
 * A transaction's change of each balance: the sum of each list's own change. Its lists are not
 * contiguous in the ledger (the fees of every transaction are charged before the first applies,
 * refunds come after the last), so the balance before its fee is not the balance before its apply
 * when the same account paid for other transactions of the ledger: each list is read on its own.
 */
export function netOfTransaction(lists: readonly (readonly xdr.LedgerEntryChange[])[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const list of lists)
    for (const [key, change] of netOfEntries(entryBalances([list]))) net.set(key, (net.get(key) ?? 0n) + change);
  for (const [key, change] of net) if (change === 0n) net.delete(key);
  return net;
}

/** Each balance's change: "account|asset" → after − before, the unchanged left out. */
export function netOfEntries(balances: Map<string, EntryBalance>): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const [key, { before, after }] of balances) if (after !== before) net.set(key, after - before);
  return net;
}

function balanceOf(entry: xdr.LedgerEntry): { account: string; asset: string; stroops: bigint } | null {
  const data = entry.data();
  switch (data.switch().name) {
    case 'account': {
      const account = data.account();
      return { account: accountText(account.accountId()), asset: 'native', stroops: account.balance().toBigInt() };
    }
    case 'trustline': {
      const line = data.trustLine();
      const asset = trustAssetKey(line.asset());
      return asset ? { account: accountText(line.accountId()), asset, stroops: line.balance().toBigInt() } : null;
    }
    default:
      return null;
  }
}

function keyOfLedgerKey(key: xdr.LedgerKey): { account: string; asset: string } | null {
  switch (key.switch().name) {
    case 'account':
      return { account: accountText(key.account().accountId()), asset: 'native' };
    case 'trustline': {
      const asset = trustAssetKey(key.trustLine().asset());
      return asset ? { account: accountText(key.trustLine().accountId()), asset } : null;
    }
    default:
      return null;
  }
}

function accountText(id: xdr.AccountId): string {
  return StrKey.encodeEd25519PublicKey(id.ed25519());
}

function trustAssetKey(asset: xdr.TrustLineAsset): string | null {
  switch (asset.switch().name) {
    case 'assetTypeCreditAlphanum4':
    case 'assetTypeCreditAlphanum12': {
      const credit = asset.switch().name === 'assetTypeCreditAlphanum4' ? asset.alphaNum4() : asset.alphaNum12();
      const code = Buffer.from(credit.assetCode()).toString('latin1').replace(/\0+$/, '');
      return `${code}:${accountText(credit.issuer())}`;
    }
    case 'assetTypePoolShare':
      return `pool:${Buffer.from(asset.liquidityPoolId() as unknown as Uint8Array).toString('hex')}`;
    default:
      return null;
  }
}
