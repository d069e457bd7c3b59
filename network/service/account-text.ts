// The account resource: the project's fields (docs/design.md "Resources": `currency` objects, integer
// amounts with `_f` twins) and, next to them, the fields Horizon writes and the SDK's
// AccountResponse reads (`balance`/`asset_type`/…, `data`, `num_sponsoring`, flags as booleans).
// `data` must sit beside a `_links.data` link: the SDK copies a field to `<name>_attr` only when a
// link of that name exists, and its memo-required check reads `account.data_attr`.
import { formatAmount } from '../../shared/amount';
import type { Row } from './queries';
import { amountPair, currencyText, link, templated } from './records';

const str = JSON.stringify;

export interface AccountParts {
  account: Row;
  signers: Row[];
  trustlines: Row[];
  data: Row[];
}

/** Horizon's balance text: exact, seven decimal places ("0.0000000"). */
function fixed(units: unknown): string {
  return `"${formatAmount(BigInt(units as bigint), { fixed: true })}"`;
}

const NO_LIABILITIES = '"buying_liabilities":"0.0000000","selling_liabilities":"0.0000000"';

function assetFields(code: string, issuer: string): string {
  const type = code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12';
  return `"asset_type":"${type}","asset_code":${str(code)},"asset_issuer":${str(issuer)}`;
}

function trustlineText(line: Row): string {
  const horizon = line.pool_id
    ? `"asset_type":"liquidity_pool_shares"`
    : `${assetFields(String(line.asset_code ?? String(line.asset).split(':')[0]), String(line.asset_issuer ?? String(line.asset).split(':')[1]))},${NO_LIABILITIES}`;
  const what = line.pool_id
    ? `"liquidity_pool_id":${str(line.pool_id)}`
    : `"currency":${currencyText(line.asset as string)}`;
  return (
    `{${what},${amountPair('amount', line.balance)},${amountPair('limit', line.trust_limit)},` +
    `"balance":${fixed(line.balance)},${horizon},"last_modified_ledger":${line.last_modified_ledger}}`
  );
}

/** Horizon's flags object from the account's flag bits (auth required 1, revocable 2, immutable 4, clawback 8). */
function flagsText(bits: unknown): string {
  const value = Number(bits ?? 0);
  const on = (bit: number) => (value & bit) !== 0;
  return `{"auth_required":${on(1)},"auth_revocable":${on(2)},"auth_immutable":${on(4)},"auth_clawback_enabled":${on(8)}}`;
}

/** Horizon's name for a signer's kind, from its StrKey's first letter. */
function signerType(key: string): string {
  return key.startsWith('T') ? 'preauth_tx' : key.startsWith('X') ? 'sha256_hash' : 'ed25519_public_key';
}

export function accountText({ account, signers, trustlines, data }: AccountParts, base: string): string {
  const id = account.id as string;
  const native = `{"currency":{"code":"XLM"},${amountPair('amount', account.balance)},"balance":${fixed(account.balance)},"asset_type":"native",${NO_LIABILITIES}}`;
  const balances = [native, ...trustlines.map(trustlineText)];
  const signerList = [
    `{"key":${str(id)},"weight":${account.master_weight},"type":"ed25519_public_key"}`,
    ...signers.map((s) => `{"key":${str(s.key)},"weight":${s.weight},"type":"${signerType(s.key as string)}"}`),
  ];
  const dataText = data.map((d) => `${str(d.name)}:${str(d.value)}`).join(',');
  const self = `${base}/accounts/${id}`;
  return (
    `{"_links":{"self":${link(self)},` +
    `"payments":${templated(`${self}/payments{?cursor,limit,order}`)},` +
    `"operations":${templated(`${self}/operations{?cursor,limit,order}`)},` +
    `"transactions":${templated(`${self}/transactions{?cursor,limit,order}`)},` +
    `"trades":${templated(`${self}/trades{?cursor,limit,order}`)},` +
    `"data":${templated(`${self}/data/{key}`)}},` +
    `"id":${str(id)},"account_id":${str(id)},"paging_token":${str(id)},"sequence":"${account.sequence}",` +
    `"subentry_count":${account.subentry_count},"home_domain":${str(account.home_domain ?? '')},` +
    `"last_modified_ledger":${account.last_modified_ledger},` +
    `"thresholds":{"low_threshold":${account.low_threshold},"med_threshold":${account.med_threshold},"high_threshold":${account.high_threshold}},` +
    `"flags":${flagsText(account.flags)},"balances":[${balances.join(',')}],"signers":[${signerList.join(',')}],` +
    `"data":{${dataText}},"num_sponsoring":0,"num_sponsored":0}`
  );
}

/** `GET /accounts/{id}/data/{key}`: Horizon's `{"value": base64}`. */
export function dataValueText(value: string): string {
  return `{"value":${str(value)}}`;
}
