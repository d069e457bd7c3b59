// The core's one read of its store: the whole current state, loaded back at start-up into the
// in-memory LedgerState the core applies transactions to (store-writer.ts writes it).
import type { DatabaseSync } from 'node:sqlite';
import { parseJson } from '../../shared/json';
import { type Claimant, parseAssetKey, type Predicate } from './model';
import { dataKey, LedgerState, trustlineKey } from './state';

type Row = Record<string, unknown>;
const num = (v: unknown): number => Number(v);
const big = (v: unknown): bigint => BigInt(v as bigint);

function predicateFromWire(value: unknown): Predicate {
  const p = value as Record<string, unknown>;
  if (p.unconditional) return { type: 'unconditional' };
  if (Array.isArray(p.and)) return { type: 'and', parts: p.and.map(predicateFromWire) };
  if (Array.isArray(p.or)) return { type: 'or', parts: p.or.map(predicateFromWire) };
  if (p.not) return { type: 'not', part: predicateFromWire(p.not) };
  if (p.abs_before_epoch !== undefined) return { type: 'abs_before', epoch: BigInt(String(p.abs_before_epoch)) };
  return { type: 'rel_before', seconds: BigInt(String(p.rel_before ?? '0')) };
}

function claimantsFromWire(text: string): Claimant[] {
  return (parseJson(text) as { destination: string; predicate: unknown }[]).map((c) => ({
    destination: c.destination,
    predicate: predicateFromWire(c.predicate),
  }));
}

/** Loads the whole current state (the core holds it in memory; it is small next to history). */
export function loadState(db: DatabaseSync): LedgerState {
  const state = new LedgerState();
  const signers = new Map<string, { key: string; weight: number }[]>();
  for (const r of db.prepare('SELECT * FROM signers ORDER BY account, key').all() as Row[]) {
    const list = signers.get(String(r.account)) ?? [];
    list.push({ key: String(r.key), weight: num(r.weight) });
    signers.set(String(r.account), list);
  }
  for (const r of db.prepare('SELECT * FROM accounts').all() as Row[]) {
    const id = String(r.id);
    state.accounts.load(id, {
      id,
      balance: big(r.balance),
      seq: big(r.sequence),
      subentries: num(r.subentry_count),
      masterWeight: num(r.master_weight),
      low: num(r.low_threshold),
      med: num(r.med_threshold),
      high: num(r.high_threshold),
      homeDomain: String(r.home_domain),
      flags: num(r.flags),
      lastModified: num(r.last_modified_ledger),
      signers: signers.get(id) ?? [],
      sponsoring: 0,
    });
  }
  for (const r of db.prepare('SELECT * FROM trustlines').all() as Row[]) {
    const account = String(r.account);
    const asset = String(r.asset);
    const poolId = r.pool_id === null ? null : String(r.pool_id);
    state.trustlines.load(trustlineKey(account, asset), {
      account,
      asset,
      code: r.asset_code === null ? null : String(r.asset_code),
      issuer: r.asset_issuer === null ? null : String(r.asset_issuer),
      poolId,
      balance: big(r.balance),
      limit: big(r.trust_limit),
      lastModified: num(r.last_modified_ledger),
    });
    if (poolId) state.poolShares.load(account, [...(state.poolShares.get(account) ?? []), poolId]);
  }
  for (const r of db.prepare('SELECT * FROM claimable_balances').all() as Row[]) {
    const claimants = claimantsFromWire(String(r.claimants));
    const sponsor = state.accounts.get(String(r.sponsor));
    if (sponsor) sponsor.sponsoring += claimants.length;
    state.balances.load(String(r.id), {
      id: String(r.id),
      asset: parseAssetKey(String(r.asset)),
      amount: big(r.amount),
      sponsor: String(r.sponsor),
      claimants,
      lastModified: num(r.last_modified_ledger),
    });
  }
  for (const r of db.prepare('SELECT * FROM liquidity_pools').all() as Row[]) {
    state.pools.load(String(r.id), {
      id: String(r.id),
      assetA: parseAssetKey(String(r.asset_a)),
      assetB: parseAssetKey(String(r.asset_b)),
      reserveA: big(r.reserve_a),
      reserveB: big(r.reserve_b),
      shares: big(r.total_shares),
      trustlines: num(r.trustline_count),
      fee: num(r.fee_bp),
      lastModified: num(r.last_modified_ledger),
    });
  }
  for (const r of db.prepare('SELECT * FROM data_entries').all() as Row[]) {
    state.data.load(dataKey(String(r.account), String(r.name)), {
      account: String(r.account),
      name: String(r.name),
      value: String(r.value),
    });
  }
  const last = db.prepare('SELECT fee_pool FROM ledgers ORDER BY sequence DESC LIMIT 1').get() as Row | undefined;
  state.feePool = last ? big(last.fee_pool) : 0n;
  return state;
}
