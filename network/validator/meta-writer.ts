// A transaction's meta (meta.ts's plan) written as XDR bytes directly: TransactionMetaV4 and the
// fee's LedgerEntryChanges, as @stellar/stellar-base would encode them, byte for byte (held so by
// test/unit/network-meta.test.ts against an encoder built on @stellar/stellar-base, over a whole
// generated history). Building stellar-base's objects for every transaction made the history
// generator three times slower; this writer keeps it near its old speed, as encode-payment.ts does
// for envelopes. Layouts follow Stellar's .x files (Stellar-ledger-entries.x, Stellar-ledger.x,
// Stellar-contract.x); every union writes its int32 arm first, every array its uint32 length.
import { Asset as StellarAsset, StrKey } from '@stellar/stellar-base';
import { NETWORK_PASSPHRASE, type Asset } from './model';
import type { MetaPlan, PlannedEvent } from './meta';
import type { Account, Changed, ClaimableBalance, DataEntry, EntryChanges, Pool, Trustline } from './state';
import { accountId, asset, balanceId, claimant, signerKey, trustLineAsset, XdrOut } from './xdr-out';

// ---- ledger entries ----

function entryHead(out: XdrOut, seq: number, type: number): void {
  out.u32(seq);
  out.i32(type);
}

function accountEntry(out: XdrOut, row: Account, seq: number): void {
  entryHead(out, seq, 0);
  accountId(out, row.id);
  out.i64(row.balance);
  out.i64(row.seq);
  out.u32(row.subentries);
  out.u32(0); // no inflation destination
  out.u32(row.flags);
  out.text(row.homeDomain);
  out.fixed(Uint8Array.of(row.masterWeight, row.low, row.med, row.high));
  out.u32(row.signers.length);
  for (const signer of row.signers) {
    signerKey(out, signer.key);
    out.u32(signer.weight);
  }
  out.i32(0); // AccountEntry ext
  out.i32(0); // LedgerEntry ext
}

/** Trustlines here are authorized from the start (the local network sets no issuer flags on them). */
const AUTHORIZED = 1;

function trustlineEntry(out: XdrOut, row: Trustline, seq: number): void {
  entryHead(out, seq, 1);
  accountId(out, row.account);
  trustLineAsset(out, row);
  out.i64(row.balance);
  out.i64(row.limit);
  out.u32(AUTHORIZED);
  out.i32(0);
  out.i32(0);
}

function dataEntry(out: XdrOut, row: DataEntry, seq: number): void {
  entryHead(out, seq, 3);
  accountId(out, row.account);
  out.text(row.name);
  out.varBytes(Buffer.from(row.value, 'base64'));
  out.i32(0);
  out.i32(0);
}

function balanceEntry(out: XdrOut, row: ClaimableBalance, seq: number): void {
  entryHead(out, seq, 4);
  balanceId(out, row.id);
  out.u32(row.claimants.length);
  for (const c of row.claimants) claimant(out, c);
  asset(out, row.asset);
  out.i64(row.amount);
  out.i32(0); // ClaimableBalanceEntry ext
  // LedgerEntry ext v1: its sponsor (the reserve's payer).
  out.i32(1);
  out.u32(1);
  accountId(out, row.sponsor);
  out.i32(0);
}

function poolEntry(out: XdrOut, row: Pool, seq: number): void {
  entryHead(out, seq, 5);
  out.fixed(Buffer.from(row.id, 'hex'));
  out.i32(0); // LIQUIDITY_POOL_CONSTANT_PRODUCT
  asset(out, row.assetA);
  asset(out, row.assetB);
  out.i32(row.fee);
  out.i64(row.reserveA);
  out.i64(row.reserveB);
  out.i64(row.shares);
  out.i64(BigInt(row.trustlines));
  out.i32(0);
}

type Kind<T> = { entry(out: XdrOut, row: T, seq: number): void; key(out: XdrOut, row: T): void };

const ACCOUNT: Kind<Account> = {
  entry: accountEntry,
  key(out, row) {
    out.i32(0);
    accountId(out, row.id);
  },
};
const TRUSTLINE: Kind<Trustline> = {
  entry: trustlineEntry,
  key(out, row) {
    out.i32(1);
    accountId(out, row.account);
    trustLineAsset(out, row);
  },
};
const BALANCE: Kind<ClaimableBalance> = {
  entry: balanceEntry,
  key(out, row) {
    out.i32(4);
    balanceId(out, row.id);
  },
};
const POOL: Kind<Pool> = {
  entry: poolEntry,
  key(out, row) {
    out.i32(5);
    out.fixed(Buffer.from(row.id, 'hex'));
  },
};
const DATA: Kind<DataEntry> = {
  entry: dataEntry,
  key(out, row) {
    out.i32(3);
    accountId(out, row.account);
    out.text(row.name);
  },
};

function lastModified(row: { lastModified?: number }, fallback: number): number {
  return typeof row.lastModified === 'number' && row.lastModified > 0 ? row.lastModified : fallback;
}

/** A segment's changes: a created entry whole; a state before each update or removal. */
function changes(out: XdrOut, changed: EntryChanges, ledger: number): void {
  const lists: [Changed<never>, Kind<never>][] = [
    [changed.accounts as Changed<never>, ACCOUNT as Kind<never>],
    [changed.trustlines as Changed<never>, TRUSTLINE as Kind<never>],
    [changed.balances as Changed<never>, BALANCE as Kind<never>],
    [changed.pools as Changed<never>, POOL as Kind<never>],
    [changed.data as Changed<never>, DATA as Kind<never>],
  ];
  let count = 0;
  for (const [list] of lists)
    for (const { before, after } of list) count += before === undefined ? (after === undefined ? 0 : 1) : 2;
  out.u32(count);
  for (const [list, kind] of lists) {
    for (const { before, after } of list) {
      if (before === undefined) {
        if (after === undefined) continue;
        out.i32(0); // LEDGER_ENTRY_CREATED
        kind.entry(out, after, ledger);
        continue;
      }
      out.i32(3); // LEDGER_ENTRY_STATE
      kind.entry(out, before, lastModified(before as { lastModified?: number }, ledger));
      if (after === undefined) {
        out.i32(2); // LEDGER_ENTRY_REMOVED
        kind.key(out, before);
      } else {
        out.i32(1); // LEDGER_ENTRY_UPDATED
        kind.entry(out, after, ledger);
      }
    }
  }
}

// ---- CAP-67 events ----

const contracts = new Map<string, Buffer>();
function contractOf(value: Asset): Buffer {
  let id = contracts.get(value.key);
  if (!id) {
    const stellar = value.type === 'native' ? StellarAsset.native() : new StellarAsset(value.code, value.issuer);
    id = StrKey.decodeContract(stellar.contractId(NETWORK_PASSPHRASE));
    contracts.set(value.key, id);
  }
  return id;
}

function symbol(out: XdrOut, text: string): void {
  out.i32(15); // SCV_SYMBOL
  out.text(text);
}

/** An SCVal address: an account (G…), a claimable balance ("B:<hex id>") or a pool ("L:<hex id>"). */
function address(out: XdrOut, who: string): void {
  out.i32(18); // SCV_ADDRESS
  if (who.startsWith('B:')) {
    out.i32(3); // SC_ADDRESS_TYPE_CLAIMABLE_BALANCE
    return balanceId(out, who.slice(2));
  }
  if (who.startsWith('L:')) {
    out.i32(4); // SC_ADDRESS_TYPE_LIQUIDITY_POOL
    return out.fixed(Buffer.from(who.slice(2), 'hex'));
  }
  out.i32(0); // SC_ADDRESS_TYPE_ACCOUNT
  accountId(out, who);
}

function i128(out: XdrOut, n: bigint): void {
  out.i32(10); // SCV_I128: hi int64, lo uint64
  out.i64(n >> 64n);
  out.u64(BigInt.asUintN(64, n));
}

function amountData(out: XdrOut, event: PlannedEvent): void {
  if (!event.memo) return i128(out, event.amount);
  out.i32(17); // SCV_MAP, present, two entries
  out.u32(1);
  out.u32(2);
  symbol(out, 'amount');
  i128(out, event.amount);
  symbol(out, 'to_muxed_id');
  const memo = event.memo;
  if (memo.type === 'id') {
    out.i32(5); // SCV_U64
    out.u64(memo.value);
  } else if (memo.type === 'text') {
    out.i32(14); // SCV_STRING
    out.text(memo.value);
  } else {
    out.i32(13); // SCV_BYTES
    out.varBytes(memo.value);
  }
}

function contractEvent(out: XdrOut, value: Asset, topics: (() => void)[], data: () => void): void {
  out.i32(0); // ext
  out.u32(1); // contractId present
  out.fixed(contractOf(value));
  out.i32(1); // CONTRACT
  out.i32(0); // body v0
  out.u32(topics.length);
  for (const topic of topics) topic();
  data();
}

function assetEvent(out: XdrOut, event: PlannedEvent): void {
  const name = () => {
    out.i32(14);
    out.text(event.asset.type === 'native' ? 'native' : event.asset.key);
  };
  const topics: (() => void)[] = [() => symbol(out, event.kind)];
  if (event.kind !== 'mint') topics.push(() => address(out, event.from!));
  if (event.kind !== 'burn') topics.push(() => address(out, event.to!));
  topics.push(name);
  contractEvent(out, event.asset, topics, () =>
    event.kind === 'burn' ? i128(out, event.amount) : amountData(out, event),
  );
}

// ---- the two records ----

const out = new XdrOut();

/** The fee's LedgerEntryChanges (Horizon's fee_meta_xdr). */
export function feeMetaBytes(plan: MetaPlan): Buffer {
  changes(out, plan.fee, plan.ledger);
  return out.take();
}

/** The TransactionMetaV4 (Horizon's result_meta_xdr, Stellar RPC's resultMetaXdr). */
export function resultMetaBytes(plan: MetaPlan): Buffer {
  out.i32(4);
  out.i32(0); // ext
  changes(out, plan.before, plan.ledger);
  out.u32(plan.operations.length);
  for (const op of plan.operations) {
    out.i32(0);
    changes(out, op.changes, plan.ledger);
    out.u32(op.events.length);
    for (const event of op.events) assetEvent(out, event);
  }
  out.u32(0); // txChangesAfter
  out.u32(0); // no sorobanMeta
  out.u32(1); // one transaction event: the fee, before all transactions
  out.i32(0); // TRANSACTION_EVENT_STAGE_BEFORE_ALL_TXS
  const native: Asset = { type: 'native', key: 'native' };
  contractEvent(out, native, [() => symbol(out, 'fee'), () => address(out, plan.feePayer)], () =>
    i128(out, plan.feeCharged),
  );
  out.u32(0); // diagnosticEvents
  return out.take();
}
