// The one column set of every CSV export of operations (issue #27 point 4): the explorer's listing
// export (core/exports/export.ts), the workbench's export from the history index
// (core/history-index/worker-thread/export-file.ts) and the command line's csv all write these
// columns, from one record shape, ExportOp: an operation read from one account's side, its legs
// as shared/moves.ts movesOf reads them (the live record) or as the index stores them (the same
// reading, written at sync time), and the fee the account paid for its transaction, on the first
// of the transaction's operations only.
//
// One row per leg: an operation that moved several amounts (a path payment's two sides, a pool
// deposit's two reserves and its shares, a contract call's balance changes) is one row per leg,
// the operation's fields repeated on each, so the amount column always holds one asset's amount
// and sums by asset are a spreadsheet's SUMIF. The fee is written on the operation's first row
// only, so it is counted once. An operation that moved nothing (failed, or a type that moves no
// value) is one row without asset and amount. Pure and without a schema library: the history
// worker loads it.
import { formatAmount } from './amount';
import { csvCells } from './csv-cell';
import type { NameOf } from './operation-summary';

export const EXPORT_COLUMNS = [
  'time',
  'type',
  'direction',
  'counterparty',
  'counterparty_name',
  'asset_code',
  'asset_issuer',
  'amount',
  'fee_xlm',
  'transaction_hash',
  'operation_id',
  'memo',
  'successful',
  'summary',
] as const;

/** One amount that left the account (`out`) or reached it (`in`). */
export interface ExportLeg {
  side: 'in' | 'out';
  /** shared/moves.ts movedAssetKey: "native", "CODE:ISSUER", "pool:ID" (shares), "balance:ID" (a balance's unknown contents). */
  asset: string;
  /** Stroops; null when the record does not carry it (a Horizon claim record). */
  amount: bigint | null;
  counterparty: string | null;
}

/** An operation read from one account's side, as every export writes it. */
export interface ExportOp {
  /** UTC, ISO 8601. */
  time: string;
  type: string;
  txHash: string;
  opId: string;
  memo: string | null;
  successful: boolean;
  /** The other party when there are no legs (what a failed operation tried to deal with). */
  counterparty: string | null;
  /** Outgoing legs first, then incoming ones, each side in the record's order; empty when nothing moved. */
  legs: ExportLeg[];
  /** The transaction's fee in stroops, on the first of its operations, where the account paid it; else null. */
  feePaid: bigint | null;
  /**
   * What an operation that moved nothing did or tried, one sentence (shared/operation-summary.ts,
   * accounts abbreviated): a failed operation, a trust line, an offer, options. Absent where it moved something.
   */
  summary?: string | undefined;
}

/** A moved asset's code and issuer columns: XLM for the native asset; pool shares and a balance's unknown contents by their id. */
export function assetColumns(key: string): { code: string; issuer: string } {
  if (key === 'native') return { code: 'XLM', issuer: '' };
  if (key.startsWith('pool:')) return { code: 'pool-shares', issuer: key.slice(5) };
  if (key.startsWith('balance:')) return { code: 'claimable-balance', issuer: key.slice(8) };
  const colon = key.indexOf(':');
  return colon < 0 ? { code: key, issuer: '' } : { code: key.slice(0, colon), issuer: key.slice(colon + 1) };
}

/** Outgoing legs before incoming ones (what left above what arrived), each side's order kept. */
export function orderLegs<T extends { side: 'in' | 'out' }>(legs: T[]): T[] {
  return [...legs.filter((leg) => leg.side === 'out'), ...legs.filter((leg) => leg.side === 'in')];
}

/** An ISO time as UTC ISO 8601; a text that is no time is kept as it is. */
export function isoTime(text: string): string {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : text;
}

/** The CSV lines of one operation (EXPORT_COLUMNS): one per leg, or one when it moved nothing; the fee on the first. */
export function columnRows(op: ExportOp, nameOf?: NameOf): string {
  const fee = op.feePaid === null ? '' : formatAmount(op.feePaid, { fixed: true });
  const line = (first: boolean, direction: string, party: string | null, asset: string | null, amount: string) => {
    const { code, issuer } = asset === null ? { code: '', issuer: '' } : assetColumns(asset);
    const name = party ? (nameOf?.(party) ?? '') : '';
    const cells = [op.time, op.type, direction, party ?? '', name, code, issuer, amount, first ? fee : ''];
    const summary = op.legs.length === 0 ? (op.summary ?? '') : '';
    return `${csvCells([...cells, op.txHash, op.opId, op.memo ?? '', String(op.successful), summary])}\n`;
  };
  if (op.legs.length === 0) return line(true, 'none', op.counterparty, null, '');
  let out = '';
  op.legs.forEach((leg, n) => {
    const amount = leg.amount === null ? '' : formatAmount(leg.amount, { fixed: true });
    out += line(n === 0, leg.side, leg.counterparty, leg.asset, amount);
  });
  return out;
}
