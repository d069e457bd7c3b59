// Reads a folder of Horizon responses the way the app reads them and states, per record, what must
// survive: ids, paging tokens, type names and amounts exactly. Used by the conformance test over
// real Horizon captures (when they are present) and over the project's own fixtures (always), so
// the reader itself is exercised in every clone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import {
  normalizeAccount,
  normalizeClaimableBalance,
  normalizeLedger,
  normalizeLiquidityPool,
  normalizeTransaction,
} from '../../core/sources/horizon/resources';
import { fieldText } from '../../core/http/values';
import { parseAmount } from '../../shared/amount';
import { isJsonObject, parseJson, stringifyJson, type JsonValue } from '../../shared/json';
import { MODELLED_TYPES, Operation, TransactionDetail, type CurrencyAmount } from '../../shared/model';
import { operationSummary } from '../../shared/operation-summary';

type Json = { [key: string]: JsonValue };

/** Horizon's 27 operation types (protocols/horizon/operations). */
export const HORIZON_OPERATION_TYPES = [
  'create_account',
  'payment',
  'path_payment_strict_receive',
  'manage_sell_offer',
  'create_passive_sell_offer',
  'set_options',
  'change_trust',
  'allow_trust',
  'account_merge',
  'inflation',
  'manage_data',
  'bump_sequence',
  'manage_buy_offer',
  'path_payment_strict_send',
  'create_claimable_balance',
  'claim_claimable_balance',
  'begin_sponsoring_future_reserves',
  'end_sponsoring_future_reserves',
  'revoke_sponsorship',
  'clawback',
  'clawback_claimable_balance',
  'set_trust_line_flags',
  'liquidity_pool_deposit',
  'liquidity_pool_withdraw',
  'invoke_host_function',
  'extend_footprint_ttl',
  'restore_footprint',
];

const COMMON = new Set([
  '_links',
  'id',
  'paging_token',
  'type',
  'type_i',
  'source_account',
  'transaction_hash',
  'transaction_successful',
  'created_at',
  'transaction',
]);
const KNOWN = new Set<string>(MODELLED_TYPES);
/** Horizon amount field -> the model's field, for the types the app models. */
const AMOUNTS: Record<string, string> = {
  amount: 'amount',
  starting_balance: 'startingBalance',
  limit: 'limit',
  shares: 'shares',
  shares_received: 'sharesReceived',
  source_amount: 'sourceAmount',
  source_max: 'sourceMax',
  destination_min: 'destinationMin',
  price: 'price',
};

export interface Tally {
  files: number;
  operations: number;
  types: Set<string>;
  transactions: number;
  resources: number;
  problems: { file: string; status: number; body: Json }[];
  sseFrames: number;
  /** Files of kinds the app does not read (effects, trades, offers, ...): listed, not failed. */
  unread: string[];
}

export function readFolder(root: string): Tally {
  const tally: Tally = {
    files: 0,
    operations: 0,
    types: new Set(),
    transactions: 0,
    resources: 0,
    problems: [],
    sseFrames: 0,
    unread: [],
  };
  for (const file of walk(root)) {
    const name = relative(root, file);
    tally.files += 1;
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.txt') && name.includes('sse') && !/readme/i.test(name)) readSse(text, tally);
    else if (file.endsWith('.json')) readJson(name, text, tally);
  }
  return tally;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

function readJson(name: string, text: string, tally: Tally): void {
  const body = parseJson(text);
  if (!isJsonObject(body)) return void tally.unread.push(name);
  const embedded = isJsonObject(body['_embedded']) ? body['_embedded']['records'] : undefined;
  if (Array.isArray(embedded)) {
    // Listing rows carry no raw text: opening a row fetches it (operation:get).
    let read = 0;
    embedded.forEach((record, i) => (read += readRecord(`${name}[${i}]`, record, tally, null) ? 1 : 0));
    if (read === 0 && embedded.length > 0) tally.unread.push(name);
    return;
  }
  // One documentation sample writes `records` as a single object: read it as the one record.
  if (isJsonObject(embedded) && readRecord(`${name} (records)`, embedded, tally)) return;
  // A record on its own is what operation:get reads: its exact text is kept as raw.
  if (!readRecord(name, body, tally, text)) tally.unread.push(name);
}

/** Reads one record by its kind; false when it is of a kind the app does not read. */
function readRecord(where: string, value: JsonValue, tally: Tally, raw?: string | null): boolean {
  if (!isJsonObject(value)) return false;
  const r = value;
  if (typeof r['type'] === 'string' && 'type_i' in r && 'transaction_hash' in r && 'source_account' in r) {
    checkOperation(where, r, raw);
    tally.operations += 1;
    tally.types.add(r['type']);
    return true;
  }
  if (typeof r['type'] === 'string' && r['type'].includes('horizon-errors/') && typeof r['status'] === 'number') {
    tally.problems.push({ file: where, status: r['status'], body: r });
    return true;
  }
  if (typeof r['hash'] === 'string' && 'envelope_xdr' in r && 'fee_charged' in r) {
    checkTransaction(where, r);
    tally.transactions += 1;
    return true;
  }
  const resource = checkResource(where, r);
  if (resource) tally.resources += 1;
  return resource;
}

function same(where: string, actual: unknown, expected: unknown): void {
  expect(actual, where).toEqual(expected);
}

function sameAmount(where: string, actual: string | undefined, expected: JsonValue | undefined): void {
  expect(typeof actual, `${where}: amount present`).toBe('string');
  same(where, parseAmount(actual!), parseAmount(String(expected)));
}

function checkOperation(where: string, r: Json, raw?: string | null): void {
  const op = normalizeOperation(r, { raw });
  expect(Operation.safeParse(op).success, `${where}: a valid Operation`).toBe(true);
  same(`${where}: id`, op.id, r['id']);
  same(`${where}: paging_token`, op.pagingToken, r['paging_token']);
  same(`${where}: transaction_hash`, op.transactionHash, r['transaction_hash']);
  same(`${where}: source_account`, op.sourceAccount, r['source_account']);
  if (raw === null) same(`${where}: a row carries no raw text`, op.raw, undefined);
  else {
    if (raw !== undefined) same(`${where}: raw text`, op.raw, raw);
    same(`${where}: raw`, stringifyJson(parseJson(op.raw!)), stringifyJson(r));
  }
  const typeName = r['type'] as string;
  if (KNOWN.has(typeName)) {
    // A type the app models must be read as that type, not kept aside as "other".
    same(`${where}: type`, op.type, typeName);
    // Read into its own typed model (the union's member for this type), with a summary of its own.
    const member = Operation.options.find((option) => option.shape.type.value === typeName);
    expect(member?.safeParse(op).success, `${where}: a valid ${typeName} model`).toBe(true);
    const summary = operationSummary(op);
    expect(summary, `${where}: summary`).toMatch(/^[^\n]{8,}$/);
    expect(summary, `${where}: summary`).not.toMatch(/undefined|\?/);
    expect(summary, `${where}: summary`).not.toBe(typeName);
    if (r['sponsor'] !== undefined) same(`${where}: sponsor`, op.sponsor, r['sponsor']);
    for (const key of Object.keys(r).filter((k) => /_muxed(_id)?$/.test(k)))
      same(`${where}: ${key}`, op.muxed?.[key], fieldText(r[key]!));
    const fields = op as unknown as Record<string, unknown>;
    for (const [key, field] of Object.entries(AMOUNTS))
      if (r[key] !== undefined) sameAmount(`${where}: ${key}`, fields[field] as string, r[key]);
    for (const [key, field] of [
      ['reserves_max', 'reservesMax'],
      ['reserves_min', 'reservesMin'],
      ['reserves_deposited', 'reservesDeposited'],
      ['reserves_received', 'reservesReceived'],
    ] as const) {
      if (!Array.isArray(r[key])) continue;
      const reserves = fields[field] as CurrencyAmount[];
      expect(reserves, `${where}: ${key}`).toHaveLength(r[key].length);
      r[key].forEach((reserve, i) => {
        const item = reserve as Json;
        sameAmount(`${where}: ${key}[${i}]`, reserves[i]!.amount, item['amount'] ?? item['min'] ?? item['max']);
      });
    }
  } else {
    same(`${where}: type`, op.type, 'other');
    if (op.type !== 'other') return;
    same(`${where}: typeName`, op.typeName, typeName);
    // Every field kept, its text exact (amounts "39.0000000" stay "39.0000000").
    for (const key of Object.keys(r).filter((k) => !COMMON.has(k)))
      same(`${where}: ${key}`, op.fields[key], fieldText(r[key]!));
  }
  if (isJsonObject(r['transaction']))
    same(`${where}: joined transaction`, op.transaction?.hash, r['transaction']['hash']);
}

function checkTransaction(where: string, r: Json): void {
  const tx = normalizeTransaction(r);
  expect(TransactionDetail.safeParse(tx).success, `${where}: a valid TransactionDetail`).toBe(true);
  same(`${where}: hash`, tx.hash, r['hash']);
  same(`${where}: paging_token`, tx.pagingToken, r['paging_token'] ?? '');
  same(`${where}: ledger`, tx.ledger, r['ledger']);
  same(`${where}: fee_charged`, tx.feeCharged, String(r['fee_charged']));
  same(`${where}: max_fee`, tx.maxFee, String(r['max_fee']));
  same(`${where}: successful`, tx.successful, r['successful'] !== false);
  if (typeof r['result_xdr'] === 'string' && r['result_xdr'] !== '') {
    expect(tx.resultCodes, `${where}: result_xdr decodes`).not.toBeNull();
    same(
      `${where}: result agrees with successful`,
      tx.resultCodes!.transaction.endsWith('success'),
      r['successful'] !== false,
    );
  }
}

function checkResource(where: string, r: Json): boolean {
  if (typeof r['account_id'] === 'string' && Array.isArray(r['balances']) && 'sequence' in r) {
    const account = normalizeAccount(r);
    same(`${where}: account id`, account.id, r['account_id']);
    same(`${where}: sequence`, account.sequence, String(r['sequence']));
    r['balances'].forEach((b, i) =>
      sameAmount(`${where}: balances[${i}]`, account.balances[i]?.amount, (b as Json)['balance']),
    );
    return true;
  }
  if (typeof r['sequence'] === 'number' && typeof r['closed_at'] === 'string' && typeof r['hash'] === 'string') {
    const ledger = normalizeLedger(r);
    same(`${where}: ledger`, [ledger.sequence, ledger.hash], [r['sequence'], r['hash']]);
    return true;
  }
  if (Array.isArray(r['claimants']) && typeof r['asset'] === 'string' && typeof r['id'] === 'string') {
    const balance = normalizeClaimableBalance(r);
    same(`${where}: balance id`, balance.id, r['id']);
    sameAmount(`${where}: amount`, balance.amount, r['amount']);
    return true;
  }
  if ('fee_bp' in r && Array.isArray(r['reserves']) && 'total_shares' in r) {
    const pool = normalizeLiquidityPool(r);
    same(`${where}: pool id`, pool.id, r['id']);
    sameAmount(`${where}: total_shares`, pool.totalShares, r['total_shares']);
    return true;
  }
  return false;
}

/** Horizon's SSE framing: blank-line separated frames of `field: value` lines. */
function readSse(text: string, tally: Tally): void {
  for (const frame of text.split('\n\n').filter((f) => f.trim() !== '')) {
    const fields: Record<string, string> = {};
    for (const line of frame.split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
    }
    tally.sseFrames += 1;
    if (fields['id'] !== undefined) {
      // A record frame: its data is the record, its id the record's paging token.
      const op = normalizeOperation(parseJson(fields['data'] ?? ''));
      same('sse id', op.pagingToken, fields['id']);
      continue;
    }
    const event = fields['event'];
    expect(['open', 'close', 'error'], `sse event ${event}`).toContain(event);
    if (event === 'open') same('sse open', fields['data'], '"hello"');
    if (event === 'close') same('sse close', fields['data'], '"byebye"');
  }
}
