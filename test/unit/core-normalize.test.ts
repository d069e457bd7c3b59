// The normaliser over every record of the project's Horizon-shaped fixtures (test/fixtures/horizon/)
// and over records written the way
// the local service writes them (ledger dialect), including hostile and unknown ones.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonFast } from '../../core/http/json-fast';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import {
  normalizeAccount,
  normalizeClaimableBalance,
  normalizeLiquidityPool,
  normalizeTransaction,
} from '../../core/sources/horizon/resources';
import { NormalizeError } from '../../core/http/values';
import { isJsonObject, parseJson, stringifyJson, type JsonValue } from '../../shared/json';
import { Account, ClaimableBalance, LiquidityPool, Operation, TransactionDetail } from '../../shared/model';

const FIXTURES = fileURLToPath(new URL('../fixtures/horizon/', import.meta.url));
const PAGES = join(FIXTURES, 'pages');
const listingFiles = readdirSync(PAGES).filter(
  (name) => name.endsWith('-operations.json') || name.endsWith('-payments.json'),
);

/** The account whose payments page the fixtures hold; the issuers of USDX (and MOSS) and EUROCOIN; their pool. */
const VIEWER = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const USDX = 'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB';
const EUROCOIN = 'GCH5X77UNSQP5DEDIRGMYLPQQGK7X2KVZUUGLB4NQCWM4ZKZN4N2J4CT';
const POOL_ID = '701de11384fff124192c96dd40210c9a0e49083e8a1411e936e0b36ebe9da4f0';

function recordsOf(file: string): JsonValue[] {
  const body = parseJson(readFileSync(join(PAGES, file), 'utf8'));
  if (!isJsonObject(body) || !isJsonObject(body['_embedded']) || !Array.isArray(body['_embedded']['records']))
    throw new Error(file);
  return body['_embedded']['records'];
}

describe('normaliser, horizon dialect (fixtures)', () => {
  it('finds the six listing fixtures', () => {
    expect(listingFiles.sort()).toEqual([
      'account-operations.json',
      'account-payments.json',
      'claimable-balance-operations.json',
      'ledger-operations.json',
      'liquidity-pool-operations.json',
      'transaction-operations.json',
    ]);
  });

  for (const file of listingFiles) {
    it(`normalises every record of ${file} without loss`, () => {
      const records = recordsOf(file);
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        const operation = normalizeOperation(record);
        expect(Operation.safeParse(operation).success).toBe(true);
        // raw is the record itself, value for value (big numbers included).
        expect(stringifyJson(parseJson(operation.raw!))).toBe(stringifyJson(record));
        const r = record as Record<string, JsonValue>;
        expect(operation.id).toBe(r['id']);
        expect(operation.pagingToken).toBe(r['paging_token']);
        expect(operation.createdAt).toBe(r['created_at']);
        expect(operation.transactionHash).toBe(r['transaction_hash']);
        if (operation.type === 'other') {
          expect(operation.typeName).toBe(r['type']);
          // A joined transaction (join=transactions) is read into `transaction`, not kept as a field.
          for (const key of Object.keys(r).filter(
            (k) =>
              ![
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
              ].includes(k),
          )) {
            expect(operation.fields[key]).toBeDefined();
          }
        } else {
          expect(operation.type).toBe(r['type']);
        }
        if (isJsonObject(r['transaction'])) {
          expect(operation.transaction).toMatchObject({
            hash: r['transaction']['hash'],
            feeCharged: r['transaction']['fee_charged'],
            successful: r['transaction_successful'],
          });
        }
      }
    });
  }

  it('reads payments exactly: native and credit currencies, tiny amounts', () => {
    const payments = recordsOf('account-payments.json').map((record) => normalizeOperation(record, { viewer: VIEWER }));
    const first = payments.find((p) => p.id === '225137663055769601');
    expect(first).toMatchObject({
      startingBalance: '25',
      direction: 'in',
      type: 'create_account',
      funder: 'GCMYJC2V5Y7J56R6ICGO5WIFOL7FIEATW25PX3GDG2QBD2UH4U5ZEZ4D',
    });
    expect(payments.find((p) => p.id === '225137675940671489')).toMatchObject({
      type: 'payment',
      amount: '1204.5070001',
      currency: { code: 'XLM' },
      direction: 'in',
    });
    expect(payments.find((p) => p.id === '225137688825573377')).toMatchObject({
      type: 'payment',
      amount: '0.0000001',
      currency: { code: 'USDX', issuer: USDX },
      direction: 'out',
    });
    expect(payments.find((p) => p.type === 'account_merge')).toMatchObject({ into: VIEWER, direction: 'in' });
    const ledgerPayment = normalizeOperation(recordsOf('ledger-operations.json')[0]!);
    expect(ledgerPayment).toMatchObject({
      type: 'payment',
      amount: '0.0000031',
      currency: { code: 'MOSS', issuer: USDX },
    });
  });

  it('reads offers (manage_buy_offer, manage_sell_offer) into their typed models, price ratio exact', () => {
    const [buy, sell] = recordsOf('transaction-operations.json').map((record) => normalizeOperation(record));
    expect(buy).toMatchObject({
      type: 'manage_buy_offer',
      offerId: '1849311455',
      priceRatio: { n: '9', d: '100000' },
      selling: { code: 'WBTC' },
    });
    expect(sell).toMatchObject({ type: 'manage_sell_offer', offerId: '1849300012' });
  });

  it('keeps a type it has never seen as an other record with every field', () => {
    const record = {
      ...(recordsOf('transaction-operations.json')[0] as Record<string, JsonValue>),
      type: 'future_swap',
      type_i: 99,
    };
    const other = normalizeOperation(record);
    expect(other).toMatchObject({ type: 'other', typeName: 'future_swap' });
    if (other.type !== 'other') throw new Error('not other');
    expect(other.fields['price_r']).toBe('{"n":9,"d":100000}');
    expect(other.fields['offer_id']).toBe('1849311455');
    expect(other.fields['selling_asset_code']).toBe('WBTC');
  });

  it('keeps a known type whose fields do not read as an other record (never dropped)', () => {
    const record = { ...(recordsOf('transaction-operations.json')[0] as Record<string, JsonValue>), amount: 'lots' };
    const other = normalizeOperation(record);
    expect(other).toMatchObject({ type: 'other', typeName: 'manage_buy_offer' });
  });

  it('reads claimable balances and pools in Horizon asset-string form', () => {
    const created = normalizeOperation(recordsOf('claimable-balance-operations.json')[0]!);
    expect(created).toMatchObject({
      type: 'create_claimable_balance',
      amount: '0.25',
      currency: { code: 'EUROCOIN', issuer: EUROCOIN },
    });
    const [withdraw, trust] = recordsOf('liquidity-pool-operations.json').map((r) => normalizeOperation(r));
    expect(withdraw).toMatchObject({
      type: 'liquidity_pool_withdraw',
      shares: '900',
      reservesMin: [
        { currency: { code: 'XLM' }, amount: '2000.0000001' },
        { currency: { code: 'USDX', issuer: USDX }, amount: '640.0000001' },
      ],
      reservesReceived: [{ amount: '2187.5000004' }, { amount: '700.0000009' }],
    });
    expect(trust).toMatchObject({ type: 'change_trust', liquidityPoolId: POOL_ID, limit: '2500' });
  });

  it('normalises the account and transaction resources', () => {
    const account = normalizeAccount(parseJson(readFileSync(join(FIXTURES, 'account.json'), 'utf8')));
    expect(Account.safeParse(account).success).toBe(true);
    expect(account).toMatchObject({
      id: VIEWER,
      sequence: '225130483034587139',
      subentryCount: 3,
      thresholds: { low: 0, med: 0, high: 0 },
    });
    expect(account.balances).toEqual([
      { liquidityPoolId: POOL_ID, amount: '12.5', limit: '922337203685.4775807' },
      { currency: { code: 'USDX', issuer: USDX }, amount: '912.0450031', limit: '50000' },
      { currency: { code: 'EUROCOIN', issuer: EUROCOIN }, amount: '0.0000007', limit: '922337203685.4775807' },
      { currency: { code: 'XLM' }, amount: '1229.5070001' },
    ]);
    const expected: [string, string[]][] = [
      ['transaction.json', ['op_success', 'op_success']],
      ['submit/success.json', ['op_success']],
    ];
    for (const [file, operations] of expected) {
      const tx = normalizeTransaction(parseJson(readFileSync(join(FIXTURES, file), 'utf8')));
      expect(TransactionDetail.safeParse(tx).success).toBe(true);
      expect(tx.resultCodes).toEqual({ transaction: 'tx_success', operations });
      expect(tx.feeCharged).toBe('100');
    }
  });
});

// -- ledger dialect ------------------------------------------------------------------------------

const A = 'GAYOLLLUIZE4DZMBB2ZBKGBUBZLIOYU6XFLW37GBP2VZD3ABNXCW4BVA';
const B = 'GCNL55IJTH2HX26HLNIGYD2JIQLTBAQL3SVPNZA6PXK7NAVHU423WOTE';
const ISSUER = 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX';
const HASH = 'ab'.repeat(32);
const POOL = 'cd'.repeat(32);
const BALANCE = `00000000${'ef'.repeat(32)}`;
/** Ledger 60000000, transaction 1, operation 1: above 2^53 as on the real network. */
const BIG_ID = ((60_000_000n << 32n) | (1n << 12n) | 1n).toString();

function ledgerRecord(type: number, typeName: string, details: string, id = BIG_ID): string {
  return (
    `{"_links":{"self":{"href":"/operations/${id}"},"transaction":{"href":"/transaction/${HASH}"}},` +
    `"id":${id},"paging_token":"${id}","type":${type},"type_s":"${typeName}","source_account":"${A}",` +
    `"transaction_hash":"${HASH}","transaction_successful":true,"created_at":"2026-11-22T01:00:00Z",${details}}`
  );
}

const currency = `{"code":"USD","issuer":"${ISSUER}"}`;
const LEDGER_RECORDS: [string, string, Record<string, unknown>][] = [
  [
    'payment',
    `"sender":"${A}","receiver":"${B}","currency":${currency},"amount":9223372036854775807,"amount_f":922337203685.4775807`,
    { from: A, to: B, amount: '922337203685.4775807', currency: { code: 'USD', issuer: ISSUER } },
  ],
  [
    'create_account',
    `"funder":"${A}","account":"${B}","starting_balance":100000000,"starting_balance_f":10`,
    { funder: A, account: B, startingBalance: '10' },
  ],
  [
    'change_trust',
    `"trustor":"${A}","currency":${currency},"limit":1,"limit_f":0.0000001`,
    { trustor: A, currency: { code: 'USD', issuer: ISSUER }, limit: '0.0000001' },
  ],
  [
    'create_claimable_balance',
    `"balance_id":"${BALANCE}","currency":{"code":"XLM"},"amount":5,"amount_f":0.0000005,"claimants":[{"destination":"${B}","predicate":{"unconditional":true}}]`,
    { balanceId: BALANCE, amount: '0.0000005', claimants: [{ destination: B, predicate: { unconditional: true } }] },
  ],
  [
    'claim_claimable_balance',
    `"balance_id":"${BALANCE}","claimant":"${B}","currency":{"code":"XLM"},"amount":5,"amount_f":0.0000005`,
    { balanceId: BALANCE, claimant: B },
  ],
  [
    'liquidity_pool_deposit',
    `"liquidity_pool_id":"${POOL}","reserves_max":[{"currency":{"code":"XLM"},"amount":10,"amount_f":0.000001},{"currency":${currency},"amount":20,"amount_f":0.000002}],"min_price":0.5,"max_price":"2","reserves_deposited":[{"currency":{"code":"XLM"},"amount":0,"amount_f":0},{"currency":${currency},"amount":0,"amount_f":0}],"shares_received":0,"shares_received_f":0`,
    {
      liquidityPoolId: POOL,
      minPrice: '0.5',
      maxPrice: '2',
      sharesReceived: '0',
      reservesMax: [
        { currency: { code: 'XLM' }, amount: '0.000001' },
        { currency: { code: 'USD', issuer: ISSUER }, amount: '0.000002' },
      ],
    },
  ],
  [
    'liquidity_pool_withdraw',
    `"liquidity_pool_id":"${POOL}","shares":30000000,"shares_f":3,"reserves_min":[],"reserves_received":[]`,
    { shares: '3' },
  ],
  ['manage_data', `"name":"hello","value":null`, { name: 'hello', value: null }],
  ['account_merge', `"account":"${A}","into":"${B}","amount":0,"amount_f":0`, { account: A, into: B, amount: '0' }],
  ['bump_sequence', `"bump_to":"257698037760000000"`, { bumpTo: '257698037760000000' }],
  [
    'set_options',
    `"home_domain":"example.com","master_key_weight":1,"signer_key":"${B}","signer_weight":2,"set_flags":["auth_required"]`,
    { homeDomain: 'example.com', masterKeyWeight: 1, signerWeight: 2, setFlags: ['auth_required'] },
  ],
];

describe('normaliser, ledger dialect (the local service)', () => {
  LEDGER_RECORDS.forEach(([name, details, expected], code) => {
    it(`reads type ${code} (${name}) from its integer amounts and keeps the id exact`, () => {
      const text = ledgerRecord(code, name, details);
      const operation = normalizeOperation(parseJsonFast(text), { viewer: A });
      expect(Operation.safeParse(operation).success).toBe(true);
      expect(operation).toMatchObject({ type: name, id: BIG_ID, pagingToken: BIG_ID, ...expected });
      expect(stringifyJson(parseJson(operation.raw!))).toBe(stringifyJson(parseJson(text)));
    });
  });

  it('takes amounts from the integer field, never from the float twin', () => {
    const text = ledgerRecord(
      0,
      'payment',
      `"sender":"${A}","receiver":"${B}","currency":{"code":"XLM"},"amount":12345678901,"amount_f":1.5`,
    );
    expect(normalizeOperation(parseJsonFast(text))).toMatchObject({ amount: '1234.5678901' });
  });

  it('sets the direction relative to the viewed account', () => {
    const text = ledgerRecord(
      0,
      'payment',
      `"sender":"${A}","receiver":"${B}","currency":{"code":"XLM"},"amount":1,"amount_f":0.0000001`,
    );
    expect(normalizeOperation(parseJsonFast(text), { viewer: A }).direction).toBe('out');
    expect(normalizeOperation(parseJsonFast(text), { viewer: B }).direction).toBe('in');
    expect(normalizeOperation(parseJsonFast(text), { viewer: ISSUER }).direction).toBe('none');
  });

  it('keeps an unknown type number as an other record', () => {
    const text = ledgerRecord(23, 'clawback', `"from":"${B}","amount":5,"amount_f":0.0000005`);
    const op = normalizeOperation(parseJsonFast(text));
    expect(op).toMatchObject({
      type: 'other',
      typeName: 'clawback',
      fields: { from: B, amount: '5', amount_f: '0.0000005' },
    });
    const noName = `{"id":${BIG_ID},"paging_token":"${BIG_ID}","type":99,"created_at":"x","source_account":"${A}","transaction_hash":"${HASH}"}`;
    expect(normalizeOperation(parseJsonFast(noName))).toMatchObject({ type: 'other', typeName: 'type_99' });
  });

  it('keeps a known type with unreadable fields as other instead of failing the page', () => {
    const text = ledgerRecord(0, 'payment', `"sender":"${A}","currency":{"code":"XLM"},"amount":"1e5"`);
    expect(normalizeOperation(parseJsonFast(text))).toMatchObject({ type: 'other', typeName: 'payment' });
  });

  it('embeds the joined transaction', () => {
    const tx = `{"id":"${HASH}","hash":"${HASH}","ledger":60000000,"created_at":"2026-11-22T01:00:00Z","source_account":"${A}","fee_charged":100,"max_fee":200,"operation_count":1,"memo_type":"text","memo":"hi","successful":false,"envelope_xdr":"00","result_xdr":"00"}`;
    const text = ledgerRecord(9, 'bump_sequence', `"bump_to":"5","transaction":${tx}`);
    expect(normalizeOperation(parseJsonFast(text)).transaction).toMatchObject({
      hash: HASH,
      ledger: 60000000,
      feeCharged: '100',
      maxFee: '200',
      memo: 'hi',
      successful: false,
    });
  });

  it('rejects what is not an operation with a NormalizeError', () => {
    for (const value of [
      null,
      5,
      'text',
      [],
      {},
      { id: 'abc' },
      { id: -1 },
      { id: 5, transaction_hash: HASH },
      { id: 5, source_account: A },
    ]) {
      expect(() => normalizeOperation(value as JsonValue)).toThrow(NormalizeError);
    }
  });

  it('never fails otherwise on arbitrary records (property)', () => {
    const field = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'type',
            'type_s',
            'amount',
            'sender',
            'receiver',
            'from',
            'to',
            'currency',
            'asset_type',
            'limit',
            'shares',
            'reserves_max',
            'bump_to',
            'funder',
            'account',
            'transaction',
          ),
          field,
        ),
        fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'payment', 'create_account', 'liquidity_pool_deposit'),
        (fields, type) => {
          const record = {
            ...fields,
            id: BIG_ID,
            paging_token: BIG_ID,
            source_account: A,
            transaction_hash: HASH,
            type,
          } as JsonValue;
          const op = normalizeOperation(record);
          expect(Operation.safeParse(op).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('fast lossless JSON', () => {
  it('parses exactly as shared/json.ts does', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), (value, big) => {
        const text = JSON.stringify({ value, big: '__BIG__', dec: '__DEC__' })
          .replace('"__BIG__"', big.toString())
          .replace('"__DEC__"', '0.0000001');
        expect(stringifyJson(parseJsonFast(text))).toBe(stringifyJson(parseJson(text)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('raw: the exact text the server wrote', () => {
  // Listing rows carry no raw text (no second scan of every page); `operation:get` and stream
  // frames hand the normaliser one record's own text, which it keeps byte for byte.
  it('keeps the text of every fixture record exactly, whitespace and all, when it is given', () => {
    for (const file of listingFiles) {
      for (const record of recordsOf(file)) {
        for (const text of [stringifyJson(record), stringifyJson(record, 2), `  ${stringifyJson(record, 4)}\n`]) {
          const operation = normalizeOperation(parseJsonFast(text), { raw: text });
          expect(operation.raw).toBe(text);
          expect(stringifyJson(parseJson(operation.raw!))).toBe(stringifyJson(record));
        }
      }
    }
  });

  it('a listing row (raw: null) carries no raw text, whatever the layout (property)', () => {
    const record = fc.dictionary(
      fc.string({ maxLength: 8 }),
      fc.oneof(
        fc.string({ maxLength: 12 }).map((s) => `${s}{["]}\\`),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(record, fc.constantFrom(undefined, 1, 2, '\t'), (extra, indent) => {
        const text = JSON.stringify(
          {
            ...extra,
            id: '123',
            paging_token: '123',
            type: 'bump_sequence',
            source_account: 'G',
            transaction_hash: 'h',
            bump_to: '5',
          },
          null,
          indent,
        );
        const row = normalizeOperation(parseJsonFast(text), { raw: null });
        expect('raw' in row).toBe(false);
        expect(normalizeOperation(parseJsonFast(text), { raw: text }).raw).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('claimable balance and liquidity pool resources, both dialects', () => {
  it('reads the ledger dialect (integer amounts, currency objects)', () => {
    const balance = normalizeClaimableBalance(
      parseJsonFast(
        `{"id":"${BALANCE}","paging_token":"${BALANCE}","currency":{"code":"USD","issuer":"${ISSUER}"},"amount":9223372036854775807,"amount_f":922337203685.4775807,"sponsor":"${A}","claimants":[{"destination":"${B}","predicate":{"abs_before":"2030-01-01T00:00:00Z","abs_before_epoch":"1893456000"}}],"last_modified_ledger":60000001}`,
      ),
    );
    expect(ClaimableBalance.safeParse(balance).success).toBe(true);
    expect(balance).toMatchObject({
      id: BALANCE,
      amount: '922337203685.4775807',
      currency: { code: 'USD', issuer: ISSUER },
      sponsor: A,
      lastModifiedLedger: 60000001,
    });
    expect(balance.claimants[0]).toEqual({
      destination: B,
      predicate: { abs_before: '2030-01-01T00:00:00Z', abs_before_epoch: '1893456000' },
    });
    const pool = normalizeLiquidityPool(
      parseJsonFast(
        `{"id":"${POOL}","fee_bp":30,"type":"constant_product","total_trustlines":2,"total_shares":1414,"total_shares_f":0.0001414,"reserves":[{"currency":{"code":"XLM"},"amount":1000,"amount_f":0.0001},{"currency":{"code":"USD","issuer":"${ISSUER}"},"amount":2000,"amount_f":0.0002}]}`,
      ),
    );
    expect(LiquidityPool.safeParse(pool).success).toBe(true);
    expect(pool).toMatchObject({
      id: POOL,
      feeBp: 30,
      totalTrustlines: '2',
      totalShares: '0.0001414',
      reserves: [{ currency: { code: 'XLM' }, amount: '0.0001' }, { amount: '0.0002' }],
    });
  });

  it('reads the horizon dialect (asset strings, decimal amounts)', () => {
    const balance = normalizeClaimableBalance(
      parseJsonFast(
        `{"id":"${BALANCE}","asset":"native","amount":"10.0000000","claimants":[{"destination":"${B}","predicate":{"unconditional":true}}],"last_modified_ledger":7}`,
      ),
    );
    expect(balance).toMatchObject({
      currency: { code: 'XLM' },
      amount: '10',
      claimants: [{ destination: B, predicate: { unconditional: true } }],
    });
    const pool = normalizeLiquidityPool(
      parseJsonFast(
        `{"id":"${POOL}","fee_bp":30,"type":"constant_product","total_trustlines":"300","total_shares":"5000.0000000","reserves":[{"asset":"native","amount":"1000.0000000"},{"asset":"USD:${ISSUER}","amount":"2000.5000000"}]}`,
      ),
    );
    expect(pool).toMatchObject({
      totalShares: '5000',
      totalTrustlines: '300',
      reserves: [
        { currency: { code: 'XLM' }, amount: '1000' },
        { currency: { code: 'USD', issuer: ISSUER }, amount: '2000.5' },
      ],
    });
  });

  it('refuses resources that are not objects or lack their amounts', () => {
    expect(() => normalizeClaimableBalance(parseJsonFast('[1]'))).toThrow(NormalizeError);
    expect(() => normalizeClaimableBalance(parseJsonFast(`{"id":"x","currency":{"code":"XLM"}}`))).toThrow(/amount/);
    expect(() =>
      normalizeLiquidityPool(parseJsonFast('{"id":"x","total_shares":"1","reserves":[{"amount":"1"}]}')),
    ).toThrow(/currency/);
  });
});
