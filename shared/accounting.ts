// The accounting export (issue #27 point 4): one row per transaction in Koinly's "universal"
// CSV layout, which CoinTracking and similar tools import too (docs/history-index.md cites the
// source). Fed the export's operations (shared/export-columns.ts ExportOp) in order, it groups
// the consecutive operations of one transaction and writes the transaction's rows when the next
// begins (and at end()): memory holds one transaction, whatever the export's length.
//
// What a transaction sent and received is summed per asset over its operations' legs; an asset
// both sent and received in one transaction counts by its difference (a payment to oneself is no
// movement). One asset sent and another received (a path payment, a trade, a pool deposit) is one
// row with both sides; more assets on a side are paired in order, one row per pair, the fee on the
// first. A transaction that moved nothing for the account but cost it a fee (failed, or no value
// moved) is one row with the fee alone; one that neither moved value nor cost the account a fee
// (a fee-bump another account paid, of a failed transaction) writes no row. A leg whose amount the
// record does not carry (a Horizon claim record) cannot be summed: the description says so.
import { formatAmount } from './amount';
import { csvCell } from './csv-cell';
import type { ExportOp } from './export-columns';
import type { NameOf } from './operation-summary';

/** Koinly's universal layout, in its order. */
export const ACCOUNTING_COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const;

/**
 * The issuer each credit asset code was first met with, from asset keys in the order the account
 * met them (the history index knows them up front): that issuer keeps the plain code.
 */
export function firstIssuers(assetKeys: Iterable<string>): Map<string, string> {
  const first = new Map<string, string>();
  for (const key of assetKeys) {
    const colon = key.indexOf(':');
    if (colon < 0 || key.startsWith('pool:') || key.startsWith('balance:')) continue;
    const code = key.slice(0, colon);
    if (!first.has(code)) first.set(code, key.slice(colon + 1));
  }
  return first;
}

/**
 * The currency column of an asset: XLM for the native asset and the code of a credit asset, but
 * CODE-XXXX (the issuer's last four characters) for an issuer of a code the account met first
 * from another issuer, and for any credit asset coded XLM (never to pass for the native one).
 * The first issuers come up front from the history index (firstIssuers), so a filtered export
 * names an asset as the whole history does; a live listing is read once, so there the first
 * issuer met in the export keeps the plain code. Pool shares are POOL-<the pool id's first 8>.
 */
export class CurrencyNames {
  private readonly firstIssuer: Map<string, string>;
  /** Bounds the codes remembered (a hostile listing of endless distinct codes). */
  private static readonly MAX_CODES = 100_000;

  constructor(first?: ReadonlyMap<string, string>) {
    this.firstIssuer = new Map(first ?? []);
  }

  of(key: string): string {
    if (key === 'native') return 'XLM';
    if (key.startsWith('pool:')) return `POOL-${key.slice(5, 13)}`;
    if (key.startsWith('balance:')) return `BALANCE-${key.slice(8, 16)}`;
    const colon = key.indexOf(':');
    if (colon < 0) return key;
    const code = key.slice(0, colon);
    const issuer = key.slice(colon + 1);
    let first = this.firstIssuer.get(code);
    if (first === undefined && this.firstIssuer.size < CurrencyNames.MAX_CODES) {
      this.firstIssuer.set(code, issuer);
      first = issuer;
    }
    return code !== 'XLM' && first === issuer ? code : `${code}-${issuer.slice(-4)}`;
  }
}

interface Pending {
  /** The transaction's hash, or for a row without one (a fill of the account's offer by another's operation) its operation's id. */
  key: string;
  hash: string;
  time: string;
  types: string[];
  party: string | null;
  /** Asset key → stroops, positive: received, negative: sent; in the order first met. */
  net: Map<string, bigint>;
  fee: bigint | null;
  unknown: boolean;
}

/** "2024-05-01T12:30:05.000Z" → "2024-05-01 12:30:05" (UTC), Koinly's date. */
export function accountingDate(iso: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso;
}

// A Map, not an object: a type named by the server ("constructor", "toString") must not read an Object method.
const POOL_LABELS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    liquidity_pool_deposit: 'liquidity in',
    liquidity_pool_withdraw: 'liquidity out',
  }),
);

/** Writes the accounting rows of an export's operations, one transaction at a time. */
export class AccountingWriter {
  private pending: Pending | null = null;
  /** Rows written so far. */
  rows = 0;

  constructor(
    private readonly currencies: CurrencyNames,
    private readonly nameOf?: NameOf,
  ) {}

  /** Adds an operation; returns the lines of the transaction it ends (empty while one goes on). */
  add(op: ExportOp): string {
    let out = '';
    const key = op.txHash || `operation ${op.opId}`;
    if (this.pending && this.pending.key !== key) out = this.flush();
    const tx = (this.pending ??= {
      key,
      hash: op.txHash,
      time: op.time,
      types: [] as string[],
      party: null,
      net: new Map(),
      fee: null,
      unknown: false,
    });
    if (!tx.types.includes(op.type) && tx.types.length < 20) tx.types.push(op.type);
    if (op.feePaid !== null) tx.fee = (tx.fee ?? 0n) + op.feePaid;
    for (const leg of op.legs) {
      tx.party ??= leg.counterparty;
      if (leg.amount === null) tx.unknown = true;
      else tx.net.set(leg.asset, (tx.net.get(leg.asset) ?? 0n) + (leg.side === 'in' ? leg.amount : -leg.amount));
    }
    tx.party ??= op.counterparty;
    return out;
  }

  /** The last transaction's lines. */
  end(): string {
    return this.flush();
  }

  private flush(): string {
    const tx = this.pending;
    this.pending = null;
    if (!tx) return '';
    const sent: [string, bigint][] = [];
    const received: [string, bigint][] = [];
    for (const entry of tx.net)
      if (entry[1] < 0n) sent.push(entry);
      else if (entry[1] > 0n) received.push(entry);
    const pairs = Math.max(sent.length, received.length, tx.fee !== null ? 1 : 0);
    const pool = tx.types.map((t) => POOL_LABELS.get(t)).find(Boolean);
    const description = csvCell(this.describe(tx));
    const hash = csvCell(tx.hash);
    const date = csvCell(accountingDate(tx.time));
    let out = '';
    for (let i = 0; i < pairs; i++) {
      const s = sent[i];
      const r = received[i];
      const fee = i === 0 && tx.fee !== null ? formatAmount(tx.fee, { fixed: true }) : '';
      const label = !s && !r ? 'fee' : (pool ?? (s && r ? 'swap' : s ? 'withdrawal' : 'deposit'));
      // Amounts, the fee and the label are the app's own text; what came from the server goes through csvCell.
      const sentCells = s ? `${formatAmount(-s[1], { fixed: true })},${csvCell(this.currencies.of(s[0]))}` : ',';
      const gotCells = r ? `${formatAmount(r[1], { fixed: true })},${csvCell(this.currencies.of(r[0]))}` : ',';
      // The columns of ACCOUNTING_COLUMNS, in order; the net worth's two are left empty.
      out += `${date},${sentCells},${gotCells},${fee},${fee ? 'XLM' : ''},,,${label},${description},${hash}\n`;
    }
    this.rows += pairs;
    return out;
  }

  /** The operation types, and the counterparty by its address-book name (else its address). */
  private describe(tx: Pending): string {
    const party = tx.party ? (this.nameOf?.(tx.party) ?? tx.party) : '';
    const unknown = tx.unknown ? ' (an amount the record does not carry is left out)' : '';
    return `${tx.types.join(' + ')}${party ? ` · ${party}` : ''}${unknown}`;
  }
}
