// Record and resource text (docs/design.md "Wire contract"). Written as JSON text directly: integers
// come out of the store as bigints and go into the text as exact digits, amounts get their exact
// `_f` twin, and `operations.details` is spliced in as the store wrote it (store/README.md).
import { formatAmount } from '../../shared/amount';
import { OPERATION_TYPES } from '../../shared/model';
import { linkParts, type RecordLinks, recordHead } from './links';
import type { OperationRow, Row } from './queries';

const str = JSON.stringify;

export function hex(base64: string): string {
  return Buffer.from(base64, 'base64').toString('hex');
}

export function link(href: string): string {
  return `{"href":${quote(href)}}`;
}

export function templated(href: string): string {
  return `{"href":${str(href)},"templated":true}`;
}

/** An integer amount and its exact decimal twin: `"amount":12,"amount_f":0.0000012`. */
export function amountPair(name: string, units: unknown): string {
  const value = BigInt(units as bigint);
  return `${str(name)}:${value},${str(`${name}_f`)}:${formatAmount(value)}`;
}

/** "native" or "CODE:ISSUER" (the store's asset text) to a currency object. */
export function currencyText(asset: string): string {
  if (asset === 'native') return '{"code":"XLM"}';
  const [code = '', issuer = ''] = asset.split(':');
  return `{"code":${str(code)},"issuer":${str(issuer)}}`;
}

/** The inside of a JSON object's text, without its braces ("" for an empty object). */
function objectBody(text: string): string {
  const body = text.trim().slice(1, -1).trim();
  // Whitespace outside strings may hold newlines; SSE data lines must not.
  return /[\r\n]/.test(body) ? body.replace(/[\r\n]+/g, ' ') : body;
}

/**
 * An operation record: `_links` pointing into the listing it is served in (links.ts), then its
 * body, which is the same in every listing (the record cache keeps bodies, never links).
 */
export function operationText(row: OperationRow, links: RecordLinks, transaction?: string): string {
  return recordHead(linkParts(links), `${row.id}`, row.hash) + operationBodyText(row, transaction);
}

/** The body of an operation record from a full row: everything after its `_links`. */
export function operationBodyText(row: OperationRow, transaction?: string): string {
  return operationBody(
    `${row.id}`,
    row.type,
    row.source_account,
    row.successful === 1n,
    row.details,
    row.hash,
    row.created_at,
    transaction,
  );
}

/** JSON text of a string: quoted as is when nothing in it needs an escape (the usual case). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
function quote(value: string): string {
  return typeof value === 'string' && PLAIN.test(value) ? `"${value}"` : str(value);
}

const TYPE_NAMES = OPERATION_TYPES.map((name) => str(name));

/**
 * An operation record's body from the columns as they come (pages read them as a RecordRow: no
 * bigints): `"id":…}`, the text that follows `recordHead` (links.ts). `id` is an integer's digits.
 */
export function operationBody(
  id: string,
  type: bigint | number,
  sourceAccount: string,
  successful: boolean,
  detailsText: string,
  hash: string,
  createdAt: string,
  transaction?: string,
): string {
  const details = objectBody(detailsText);
  return (
    `"id":${id},"paging_token":"${id}","type":${type},"type_s":${TYPE_NAMES[Number(type)] ?? '"unknown"'},` +
    `"source_account":${quote(sourceAccount)},"transaction_hash":${quote(hash)},` +
    `"transaction_successful":${successful},"created_at":${quote(createdAt)}` +
    (details ? `,${details}` : '') +
    (transaction ? `,"transaction":${transaction}` : '') +
    '}'
  );
}

/**
 * A transaction resource. `asHash` is the hash it was asked for: a fee bump found by its inner
 * transaction's hash is written under that hash (`id`, `hash`, links), as Horizon does; the
 * `fee_bump_transaction` and `inner_transaction` objects name both.
 */
export function transactionText(
  tx: Row,
  base: string,
  asHash?: string,
  meta?: { fee: string; result: string },
): string {
  const hash = asHash ?? (tx.hash as string);
  const memo =
    tx.memo_type === 'none' || tx.memo === null || tx.memo === undefined ? '' : `"memo":${str(String(tx.memo))},`;
  const feeBump =
    typeof tx.inner_hash === 'string'
      ? `"fee_bump_transaction":{"hash":${str(tx.hash)}},"inner_transaction":{"hash":${str(tx.inner_hash)},"max_fee":${tx.inner_max_fee}},`
      : '';
  return (
    `{"_links":{"self":${link(`${base}/transactions/${hash}`)},"ledger":${link(`${base}/ledgers/${tx.ledger}`)},` +
    `"operations":${templated(`${base}/transactions/${hash}/operations{?cursor,limit,order}`)}},` +
    `"id":${str(hash)},"paging_token":"${tx.id}","hash":${str(hash)},"ledger":${tx.ledger},` +
    `"created_at":${str(tx.created_at)},"source_account":${str(tx.source_account)},` +
    `"source_account_sequence":"${tx.sequence}","fee_account":${str(tx.fee_account)},` +
    `"fee_charged":${tx.fee_charged},"max_fee":${tx.max_fee},"operation_count":${tx.operation_count},` +
    `"memo_type":${str(tx.memo_type)},${memo}"successful":${tx.successful === 1n},${feeBump}` +
    `"envelope_xdr":"${hex(tx.envelope_xdr as string)}","result_xdr":"${hex(tx.result_xdr as string)}"` +
    (meta ? `,"result_meta_xdr":"${meta.result}","fee_meta_xdr":"${meta.fee}"` : '') +
    '}'
  );
}

export function ledgerText(ledger: Row, base: string): string {
  const seq = `${ledger.sequence}`;
  const total = BigInt(ledger.transaction_count as bigint);
  const failed = BigInt(ledger.failed_transaction_count as bigint);
  return (
    `{"_links":{"self":${link(`${base}/ledgers/${seq}`)},` +
    `"operations":${templated(`${base}/ledgers/${seq}/operations{?cursor,limit,order,include_failed}`)}},` +
    `"id":${str(ledger.hash)},"paging_token":"${BigInt(seq) << 32n}","hash":${str(ledger.hash)},` +
    `"prev_hash":${str(ledger.prev_hash)},"sequence":${seq},"closed_at":${str(ledger.closed_at)},` +
    `"transaction_count":${total},"successful_transaction_count":${total - failed},` +
    `"failed_transaction_count":${failed},"operation_count":${ledger.operation_count},` +
    `"base_fee":${ledger.base_fee},${amountPair('base_reserve', ledger.base_reserve)},${amountPair('fee_pool', ledger.fee_pool)}}`
  );
}

export function claimableBalanceText(balance: Row, base: string): string {
  const id = balance.id as string;
  return (
    `{"_links":{"self":${link(`${base}/claimable_balances/${id}`)},` +
    `"operations":${templated(`${base}/claimable_balances/${id}/operations{?cursor,limit,order,include_failed}`)}},` +
    `"id":${str(id)},"paging_token":${str(id)},"currency":${currencyText(balance.asset as string)},` +
    `${amountPair('amount', balance.amount)},"sponsor":${str(balance.sponsor)},` +
    `"claimants":${(balance.claimants as string).trim()},"last_modified_ledger":${balance.last_modified_ledger}}`
  );
}

export function liquidityPoolText(pool: Row, base: string): string {
  const id = pool.id as string;
  const reserve = (asset: unknown, amount: unknown) =>
    `{"currency":${currencyText(asset as string)},${amountPair('amount', amount)}}`;
  return (
    `{"_links":{"self":${link(`${base}/liquidity_pools/${id}`)},` +
    `"operations":${templated(`${base}/liquidity_pools/${id}/operations{?cursor,limit,order,include_failed}`)}},` +
    `"id":${str(id)},"paging_token":${str(id)},"fee_bp":${pool.fee_bp},"type":"constant_product",` +
    `"total_trustlines":${pool.trustline_count},${amountPair('total_shares', pool.total_shares)},` +
    `"reserves":[${reserve(pool.asset_a, pool.reserve_a)},${reserve(pool.asset_b, pool.reserve_b)}],` +
    `"last_modified_ledger":${pool.last_modified_ledger}}`
  );
}

export interface RootInfo {
  passphrase: string;
  latest: bigint;
  latestClosedAt: string | undefined;
  elder: bigint | undefined;
}

export function rootText(info: RootInfo, base: string): string {
  const latestLink = info.latest > 0n ? `"latest_ledger":${link(`${base}/ledgers/${info.latest}`)},` : '';
  return (
    `{"_links":{"self":${link(`${base}/`)},${latestLink}` +
    `"account":${templated(`${base}/accounts/{account_id}`)},"ledger":${templated(`${base}/ledgers/{sequence}`)},` +
    `"transaction":${templated(`${base}/transactions/{hash}`)},"operation":${templated(`${base}/operations/{id}`)},` +
    `"claimable_balance":${templated(`${base}/claimable_balances/{id}`)},"liquidity_pool":${templated(`${base}/liquidity_pools/{id}`)}},` +
    `"network_passphrase":${str(info.passphrase)},"latest_ledger":${info.latest},"history_latest_ledger":${info.latest},` +
    (info.latestClosedAt ? `"history_latest_ledger_closed_at":${str(info.latestClosedAt)},` : '') +
    (info.elder !== undefined ? `"history_elder_ledger":${info.elder},` : '') +
    `"server":"ledgerscope-service"}`
  );
}
