// The current ledger state, held in memory by the core (the store's only writer) and flushed to
// the store at each ledger close. Every change goes through a Table, which remembers the value a
// key had before the running transaction touched it (so a failed transaction's operations roll
// back while its fee and sequence stay) and which keys the ledger changed (so a close writes only
// those rows).
import type { Asset, Claimant } from './model';

export interface Signer {
  key: string;
  weight: number;
}

export interface Account {
  id: string;
  balance: bigint;
  seq: bigint;
  subentries: number;
  masterWeight: number;
  low: number;
  med: number;
  high: number;
  homeDomain: string;
  flags: number;
  lastModified: number;
  signers: Signer[];
  /** Reserves this account holds for others (claimable balance claimants); derived, not stored. */
  sponsoring: number;
}

export interface Trustline {
  account: string;
  /** "CODE:ISSUER" or "pool:<hex>". */
  asset: string;
  code: string | null;
  issuer: string | null;
  poolId: string | null;
  balance: bigint;
  limit: bigint;
  lastModified: number;
}

export interface ClaimableBalance {
  id: string;
  asset: Asset;
  amount: bigint;
  sponsor: string;
  claimants: Claimant[];
  lastModified: number;
}

export interface Pool {
  id: string;
  assetA: Asset;
  assetB: Asset;
  reserveA: bigint;
  reserveB: bigint;
  shares: bigint;
  trustlines: number;
  fee: number;
  lastModified: number;
}

export interface DataEntry {
  account: string;
  name: string;
  value: string;
}

export class Table<T> {
  readonly rows = new Map<string, T>();
  /** Keys changed since the last flush. */
  readonly dirty = new Set<string>();
  private undo = new Map<string, T | undefined>();
  private journaling = false;
  /** While a transaction's meta is recorded: each key touched in the running segment, with its value before (meta.ts). */
  private segment: Map<string, T | undefined> | null = null;

  constructor(private readonly clone: (row: T) => T) {}

  get(key: string): T | undefined {
    return this.rows.get(key);
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  /** The row, to be modified in place: its previous value is remembered first. */
  touch(key: string): T | undefined {
    const row = this.rows.get(key);
    if (row === undefined) return undefined;
    this.remember(key, row);
    return row;
  }

  set(key: string, row: T): void {
    this.remember(key, this.rows.get(key));
    this.rows.set(key, row);
  }

  delete(key: string): void {
    this.remember(key, this.rows.get(key));
    this.rows.delete(key);
  }

  /** Loads a row from the store without marking it changed. */
  load(key: string, row: T): void {
    this.rows.set(key, row);
  }

  begin(): void {
    this.undo.clear();
    this.journaling = true;
  }

  commit(): void {
    this.undo.clear();
    this.journaling = false;
  }

  rollback(): void {
    for (const [key, before] of this.undo) {
      if (before === undefined) this.rows.delete(key);
      else this.rows.set(key, before);
    }
    this.undo.clear();
    this.journaling = false;
  }

  /** Starts recording what the next changes touch (a fee, a sequence bump, one operation). */
  startSegment(): void {
    this.segment = new Map();
  }

  /** What the segment touched: each key with its value before (undefined: it did not exist) and now (undefined: gone). */
  takeSegment(): { key: string; before: T | undefined; after: T | undefined }[] {
    const touched = this.segment;
    this.segment = null;
    if (!touched) return [];
    return [...touched].map(([key, before]) => {
      const now = this.rows.get(key);
      // A copy: the next segment changes the same rows in place.
      return { key, before, after: now === undefined ? undefined : this.clone(now) };
    });
  }

  private remember(key: string, before: T | undefined): void {
    this.dirty.add(key);
    if (this.segment && !this.segment.has(key))
      this.segment.set(key, before === undefined ? undefined : this.clone(before));
    if (this.journaling && !this.undo.has(key)) {
      this.undo.set(key, before === undefined ? undefined : this.clone(before));
    }
  }
}

export class LedgerState {
  readonly accounts = new Table<Account>((a) => ({ ...a, signers: a.signers.map((s) => ({ ...s })) }));
  readonly trustlines = new Table<Trustline>((t) => ({ ...t }));
  readonly balances = new Table<ClaimableBalance>((b) => ({ ...b }));
  readonly pools = new Table<Pool>((p) => ({ ...p }));
  readonly data = new Table<DataEntry>((d) => ({ ...d }));
  /** Pool-share trustlines per account, to refuse deleting an asset trustline a pool uses. */
  readonly poolShares = new Table<string[]>((list) => [...list]);
  feePool = 0n;

  private get tables(): Table<unknown>[] {
    return [this.accounts, this.trustlines, this.balances, this.pools, this.data, this.poolShares] as Table<unknown>[];
  }

  begin(): void {
    for (const table of this.tables) table.begin();
  }

  commit(): void {
    for (const table of this.tables) table.commit();
  }

  rollback(): void {
    for (const table of this.tables) table.rollback();
  }

  /** Starts a segment of a transaction's meta in every table of entries (meta.ts). */
  startSegment(): void {
    for (const table of this.entryTables) table.startSegment();
  }

  /** The entries the segment changed, table by table, before and after. */
  takeSegment(): EntryChanges {
    return {
      accounts: this.accounts.takeSegment(),
      trustlines: this.trustlines.takeSegment(),
      balances: this.balances.takeSegment(),
      pools: this.pools.takeSegment(),
      data: this.data.takeSegment(),
    };
  }

  private get entryTables(): Table<unknown>[] {
    return [this.accounts, this.trustlines, this.balances, this.pools, this.data] as Table<unknown>[];
  }

  clearDirty(): void {
    for (const table of this.tables) table.dirty.clear();
  }
}

/** One table's changes in a segment (Table.takeSegment). */
export type Changed<T> = { key: string; before: T | undefined; after: T | undefined }[];

/** What one segment of a transaction changed, by kind of ledger entry. */
export interface EntryChanges {
  accounts: Changed<Account>;
  trustlines: Changed<Trustline>;
  balances: Changed<ClaimableBalance>;
  pools: Changed<Pool>;
  data: Changed<DataEntry>;
}

export function trustlineKey(account: string, asset: string): string {
  return `${account}|${asset}`;
}

export function dataKey(account: string, name: string): string {
  return `${account}|${name}`;
}

export function minBalance(account: Account, reserve: bigint): bigint {
  return BigInt(2 + account.subentries + account.sponsoring) * reserve;
}

export function availableNative(account: Account, reserve: bigint): bigint {
  return account.balance - minBalance(account, reserve);
}
