// The rows of a listing export: one CSV line per record in CSV_COLUMNS's order, its cells written
// by the app's one cell writer (shared/csv-cell.ts), or one NDJSON line of the normalised record.
import { csvCells } from '../shared/csv-cell';
import type { Currency, Operation } from '../shared/model';
import { operationSummary, type NameOf } from '../shared/operation-summary';
import { showHidden } from '../shared/visible-text';

/**
 * `currency`/`amount` are what arrived (a path payment's received side, an offer's selling side);
 * `source_*` what a path payment sent; `summary` the one-line reading of shared/operation-summary,
 * naming accounts by the address book when a `nameOf` is given (hidden characters written out).
 */
export const CSV_COLUMNS = [
  'id',
  'paging_token',
  'type',
  'created_at',
  'successful',
  'transaction_hash',
  'source_account',
  'direction',
  'from',
  'to',
  'currency',
  'issuer',
  'amount',
  'details',
  'source_currency',
  'source_issuer',
  'source_amount',
  'path',
  'summary',
] as const;

export function ndjsonRow(record: Operation): string {
  return `${JSON.stringify(record)}\n`;
}

/** The parties, currency and amount of the columns, for the types that have them. */
function moved(record: Operation): { from: string; to: string; currency?: Currency | undefined; amount: string } {
  switch (record.type) {
    case 'payment':
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return { from: record.from, to: record.to, currency: record.currency, amount: record.amount };
    case 'create_account':
      return { from: record.funder, to: record.account, amount: record.startingBalance };
    case 'account_merge':
      return { from: record.account, to: record.into, amount: record.amount ?? '' };
    case 'clawback':
      return { from: record.from, to: record.sourceAccount, currency: record.currency, amount: record.amount };
    case 'manage_sell_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
      return { from: '', to: '', currency: record.selling, amount: record.amount };
    case 'manage_buy_offer':
      return { from: '', to: '', currency: record.buying, amount: record.amount };
    default:
      return {
        from: '',
        to: '',
        currency: 'currency' in record ? record.currency : undefined,
        amount: 'amount' in record ? (record.amount ?? '') : '',
      };
  }
}

export function csvRow(record: Operation, nameOf?: NameOf): string {
  const { from, to, currency, amount } = moved(record);
  const path =
    record.type === 'path_payment_strict_receive' || record.type === 'path_payment_strict_send' ? record : null;
  const {
    id: _id,
    pagingToken: _p,
    type: _t,
    createdAt: _c,
    successful: _s,
    transactionHash: _h,
    sourceAccount: _a,
    direction: _d,
    raw: _r,
    transaction: _x,
    ...rest
  } = record;
  const cells = [
    record.id,
    record.pagingToken,
    record.type === 'other' ? record.typeName : record.type,
    record.createdAt,
    String(record.successful),
    record.transactionHash,
    record.sourceAccount,
    record.direction ?? '',
    from,
    to,
    currency?.code ?? '',
    currency?.issuer ?? '',
    amount,
    JSON.stringify(rest),
    path?.sourceCurrency.code ?? '',
    path?.sourceCurrency.issuer ?? '',
    path?.sourceAmount ?? '',
    path ? path.path.map((c) => (c.issuer ? `${c.code}:${c.issuer}` : c.code)).join(' ') : '',
    showHidden(operationSummary(record, nameOf)),
  ];
  return `${csvCells(cells)}\n`;
}
