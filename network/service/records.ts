// Record and resource text (docs/design.md "Wire contract"). Written as JSON text directly: integers
// come out of the store as bigints and go into the text as exact digits, amounts get their exact
// `_f` twin, and `operations.details` is spliced in as the store wrote it (store/README.md).
import { formatAmount } from '../../shared/amount';
import { OPERATION_TYPES } from '../../shared/model';
import type { OperationRow, Row } from './queries';

const str = JSON.stringify;

export function hex(base64: string): string {
  return Buffer.from(base64, 'base64').toString('hex');
}

function link(href: string): string {
  return `{"href":${quote(href)}}`;
}

function templated(href: string): string {
  return `{"href":${str(href)},"templated":true}`;
}

/** An integer amount and its exact decimal twin: `"amount":12,"amount_f":0.0000012`. */
function amountPair(name: string, units: unknown): string {
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
 * An operation record. Its text is the same in every listing (and at /operations/{id}), so one
 * cached copy serves all: `precedes`/`succeeds` point into its ledger's operations, the part of
 * the global TOID order that a route serves.
 */
export function operationText(row: OperationRow, transaction?: string): string {
  return operationRecord(`${row.id}`, row.id >> 32n, row.type, row.source_account, row.successful === 1n, row.details, row.hash, row.created_at, transaction);
}

/** JSON text of a string: quoted as is when nothing in it needs an escape (the usual case). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
function quote(value: string): string {
  return typeof value === 'string' && PLAIN.test(value) ? `"${value}"` : str(value);
}

const TYPE_NAMES = OPERATION_TYPES.map((name) => str(name));

/**
 * operationText from the columns as they come (pages read them as a RecordRow: no bigints). `id`
 * and `ledger` are an integer's digits, so the hrefs built from them need no escaping.
 */
export function operationRecord(
  id: string,
  ledger: bigint | number,
  type: bigint | number,
  sourceAccount: string,
  successful: boolean,
  detailsText: string,
  hash: string,
  createdAt: string,
  transaction?: string,
): string {
  const listPath = `/ledgers/${ledger}/operations?cursor=${id}&order=`;
  const details = objectBody(detailsText);
  return (
    `{"_links":{"self":{"href":"/operations/${id}"},"transaction":${link(`/transaction/${hash}`)},` +
    `"precedes":{"href":"${listPath}asc{&limit}","templated":true},` +
    `"succeeds":{"href":"${listPath}desc{&limit}","templated":true}},` +
    `"id":${id},"paging_token":"${id}","type":${type},"type_s":${TYPE_NAMES[Number(type)] ?? '"unknown"'},` +
    `"source_account":${quote(sourceAccount)},"transaction_hash":${quote(hash)},` +
    `"transaction_successful":${successful},"created_at":${quote(createdAt)}` +
    (details ? `,${details}` : '') +
    (transaction ? `,"transaction":${transaction}` : '') +
    '}'
  );
}

export function transactionText(tx: Row): string {
  const hash = tx.hash as string;
  const memo = tx.memo_type === 'none' || tx.memo === null || tx.memo === undefined ? '' : `"memo":${str(String(tx.memo))},`;
  return (
    `{"_links":{"self":${link(`/transactions/${hash}`)},"ledger":${link(`/ledgers/${tx.ledger}`)},` +
    `"operations":${templated(`/transactions/${hash}/operations{?cursor,limit,order}`)}},` +
    `"id":${str(hash)},"paging_token":"${tx.id}","hash":${str(hash)},"ledger":${tx.ledger},` +
    `"created_at":${str(tx.created_at)},"source_account":${str(tx.source_account)},` +
    `"source_account_sequence":"${tx.sequence}","fee_account":${str(tx.fee_account)},` +
    `"fee_charged":${tx.fee_charged},"max_fee":${tx.max_fee},"operation_count":${tx.operation_count},` +
    `"memo_type":${str(tx.memo_type)},${memo}"successful":${tx.successful === 1n},` +
    `"envelope_xdr":"${hex(tx.envelope_xdr as string)}","result_xdr":"${hex(tx.result_xdr as string)}"}`
  );
}

export function ledgerText(ledger: Row): string {
  const seq = `${ledger.sequence}`;
  const total = BigInt(ledger.transaction_count as bigint);
  const failed = BigInt(ledger.failed_transaction_count as bigint);
  return (
    `{"_links":{"self":${link(`/ledgers/${seq}`)},` +
    `"operations":${templated(`/ledgers/${seq}/operations{?cursor,limit,order,include_failed}`)}},` +
    `"id":${str(ledger.hash)},"paging_token":"${BigInt(seq) << 32n}","hash":${str(ledger.hash)},` +
    `"prev_hash":${str(ledger.prev_hash)},"sequence":${seq},"closed_at":${str(ledger.closed_at)},` +
    `"transaction_count":${total},"successful_transaction_count":${total - failed},` +
    `"failed_transaction_count":${failed},"operation_count":${ledger.operation_count},` +
    `"base_fee":${ledger.base_fee},${amountPair('base_reserve', ledger.base_reserve)},${amountPair('fee_pool', ledger.fee_pool)}}`
  );
}

export interface AccountParts {
  account: Row;
  signers: Row[];
  trustlines: Row[];
  data: Row[];
}

function trustlineText(line: Row): string {
  const what = line.pool_id ? `"liquidity_pool_id":${str(line.pool_id)}` : `"currency":${currencyText(line.asset as string)}`;
  return `{${what},${amountPair('amount', line.balance)},${amountPair('limit', line.trust_limit)}}`;
}

/** Horizon's name for a signer's kind, from its StrKey's first letter. */
function signerType(key: string): string {
  return key.startsWith('T') ? 'preauth_tx' : key.startsWith('X') ? 'sha256_hash' : 'ed25519_public_key';
}

export function accountText({ account, signers, trustlines, data }: AccountParts): string {
  const id = account.id as string;
  const balances = [`{"currency":{"code":"XLM"},${amountPair('amount', account.balance)}}`, ...trustlines.map(trustlineText)];
  const signerList = [
    `{"key":${str(id)},"weight":${account.master_weight},"type":"ed25519_public_key"}`,
    ...signers.map((s) => `{"key":${str(s.key)},"weight":${s.weight},"type":"${signerType(s.key as string)}"}`),
  ];
  const dataText = data.map((d) => `${str(d.name)}:${str(d.value)}`).join(',');
  return (
    `{"_links":{"self":${link(`/accounts/${id}`)},` +
    `"payments":${templated(`/accounts/${id}/payments{?cursor,limit,order}`)},` +
    `"operations":${templated(`/accounts/${id}/operations{?cursor,limit,order}`)}},` +
    `"id":${str(id)},"account_id":${str(id)},"paging_token":${str(id)},"sequence":"${account.sequence}",` +
    `"subentry_count":${account.subentry_count},"home_domain":${str(account.home_domain ?? '')},` +
    `"last_modified_ledger":${account.last_modified_ledger},` +
    `"thresholds":{"low_threshold":${account.low_threshold},"med_threshold":${account.med_threshold},"high_threshold":${account.high_threshold}},` +
    `"flags":${account.flags},"balances":[${balances.join(',')}],"signers":[${signerList.join(',')}],"data":{${dataText}}}`
  );
}

export function claimableBalanceText(balance: Row): string {
  const id = balance.id as string;
  return (
    `{"_links":{"self":${link(`/claimable_balances/${id}`)},` +
    `"operations":${templated(`/claimable_balances/${id}/operations{?cursor,limit,order,include_failed}`)}},` +
    `"id":${str(id)},"paging_token":${str(id)},"currency":${currencyText(balance.asset as string)},` +
    `${amountPair('amount', balance.amount)},"sponsor":${str(balance.sponsor)},` +
    `"claimants":${(balance.claimants as string).trim()},"last_modified_ledger":${balance.last_modified_ledger}}`
  );
}

export function liquidityPoolText(pool: Row): string {
  const id = pool.id as string;
  const reserve = (asset: unknown, amount: unknown) => `{"currency":${currencyText(asset as string)},${amountPair('amount', amount)}}`;
  return (
    `{"_links":{"self":${link(`/liquidity_pools/${id}`)},` +
    `"operations":${templated(`/liquidity_pools/${id}/operations{?cursor,limit,order,include_failed}`)}},` +
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

export function rootText(info: RootInfo): string {
  const latestLink = info.latest > 0n ? `"latest_ledger":${link(`/ledgers/${info.latest}`)},` : '';
  return (
    `{"_links":{"self":${link('/')},${latestLink}` +
    `"account":${templated('/accounts/{account_id}')},"ledger":${templated('/ledgers/{sequence}')},` +
    `"transaction":${templated('/transactions/{hash}')},"operation":${templated('/operations/{id}')},` +
    `"claimable_balance":${templated('/claimable_balances/{id}')},"liquidity_pool":${templated('/liquidity_pools/{id}')}},` +
    `"network_passphrase":${str(info.passphrase)},"latest_ledger":${info.latest},"history_latest_ledger":${info.latest},` +
    (info.latestClosedAt ? `"history_latest_ledger_closed_at":${str(info.latestClosedAt)},` : '') +
    (info.elder !== undefined ? `"history_elder_ledger":${info.elder},` : '') +
    `"server":"ledgerscope-service"}`
  );
}
