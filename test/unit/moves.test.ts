// The one reading of what an operation moved (shared/moves.ts), over every operation type the app
// models, in both dialects (Horizon's records, test/fixtures/horizon/operations; the local
// service's integer records), from each side that has one, successful and failed, amounts exact.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { parseJsonFast } from '../../core/http/json-fast';
import { fixedAmount } from '../../shared/amount';
import type { Operation } from '../../shared/model';
import { movedAssetKey, movesOf, OFFER_NOTE, type Leg, type Moves } from '../../shared/moves';

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/horizon/operations/${name}.json`, import.meta.url), 'utf8');

function horizon(name: string, failed = false): Operation {
  const text = failed
    ? fixture(name).replace('"transaction_successful": true', '"transaction_successful": false')
    : fixture(name);
  if (failed && !text.includes('"transaction_successful": false')) throw new Error(`${name}: no success flag to turn`);
  return normalizeOperation(parseJsonFast(text));
}

/** A leg as one line: side, amount (all seven decimals), asset key, counterparty. */
const line = (leg: Leg) =>
  `${leg.side} ${leg.amount === undefined ? '?' : fixedAmount(leg.amount)} ${movedAssetKey(leg.asset)} ${leg.counterparty ?? '-'}`;
const read = (moves: Moves) => ({ direction: moves.direction, legs: moves.legs.map(line) });

const USDX = 'USDX:GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB';
const EURO = 'EUROCOIN:GCH5X77UNSQP5DEDIRGMYLPQQGK7X2KVZUUGLB4NQCWM4ZKZN4N2J4CT';
const POOL = '701de11384fff124192c96dd40210c9a0e49083e8a1411e936e0b36ebe9da4f0';
const [ALICE, BOB, CAROL, ERIN, ISSUER, EURO_ISSUER, CONTRACT_USER] = [
  'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4',
  'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX',
  'GAGQZBVS3AH22E2G4IJLXONUHGN7QDXOE3NKPYUI42NKUDR7WKEDQ3I3',
  'GDUVY4DU4FOX5NPI5PLTASKNPO5EYDRQ6H2ZNFPHGFYXXACVDOUFOEQQ',
  'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB',
  'GCH5X77UNSQP5DEDIRGMYLPQQGK7X2KVZUUGLB4NQCWM4ZKZN4N2J4CT',
  'GCUTMWYKJFFV4YU3IXGUFLIX6BKEGFUHRLM56ZCOIB3JPL3JKHDICAKE',
];
const FUNDER = 'GCMYJC2V5Y7J56R6ICGO5WIFOL7FIEATW25PX3GDG2QBD2UH4U5ZEZ4D';
const STRANGER = 'GAWRR7NJKNFLUGBZTXD7HZNSN73TVUYKO4STMAK2J6KAN3PBHM2WBQ7S';

/** [fixture, viewer, direction, legs] for every side of every value-moving type. */
const SIDES: [string, string, Moves['direction'], string[]][] = [
  ['payment', ALICE, 'out', [`out 912.0450031 ${USDX} ${BOB}`]],
  ['payment', BOB, 'in', [`in 912.0450031 ${USDX} ${ALICE}`]],
  ['path_payment_strict_receive', CAROL, 'out', [`out 81.2297405 ${EURO} ${ERIN}`]],
  ['path_payment_strict_receive', ERIN, 'in', [`in 75.0000000 ${USDX} ${CAROL}`]],
  ['path_payment_strict_send', ERIN, 'out', [`out 10.0000000 ${EURO} ${ALICE}`]],
  ['path_payment_strict_send', ALICE, 'in', [`in 3.3333333 native ${ERIN}`]],
  ['create_account', FUNDER, 'out', [`out 120.5000000 native ${BOB}`]],
  ['create_account', BOB, 'in', [`in 120.5000000 native ${FUNDER}`]],
  // Horizon's merge record carries no amount (its effects do).
  ['account_merge', CAROL, 'out', [`out ? native ${BOB}`]],
  ['account_merge', BOB, 'in', [`in ? native ${CAROL}`]],
  [
    'create_claimable_balance',
    FUNDER,
    'out',
    [`out 0.0000450 ${USDX} -`], // the fixture's record names no balance id: no counterparty
  ],
  // Horizon's claim record names the balance, not what it held.
  [
    'claim_claimable_balance',
    BOB,
    'in',
    [
      'in ? balance:0000000033a5ecc19b06174d238bed9a65d617e4be73d5269528f0b86aa2fe4da4f2caf1 0000000033a5ecc19b06174d238bed9a65d617e4be73d5269528f0b86aa2fe4da4f2caf1',
    ],
  ],
  ['clawback', CAROL, 'out', [`out 19.9900000 ${EURO} ${EURO_ISSUER}`]],
  ['clawback', EURO_ISSUER, 'in', [`in 19.9900000 ${EURO} ${CAROL}`]],
  [
    'liquidity_pool_deposit',
    ALICE,
    'both',
    [`out 968.7500000 native ${POOL}`, `out 310.0000000 ${USDX} ${POOL}`, `in 548.0071258 pool:${POOL} ${POOL}`],
  ],
  [
    'liquidity_pool_withdraw',
    ALICE,
    'both',
    [`out 274.0035629 pool:${POOL} ${POOL}`, `in 484.3750003 native ${POOL}`, `in 155.0000001 ${USDX} ${POOL}`],
  ],
  ['invoke_host_function', CONTRACT_USER, 'out', [`out 618.0000000 ${USDX} ${FUNDER}`]],
  ['invoke_host_function', FUNDER, 'in', [`in 618.0000000 ${USDX} ${CONTRACT_USER}`]],
];

/** Types that move no value: no direction, no legs, from their source's side or anyone's. */
const NO_VALUE = [
  'allow_trust',
  'begin_sponsoring_future_reserves',
  'bump_sequence',
  'change_trust_asset',
  'change_trust_liquidity_pool',
  'clawback_claimable_balance',
  'end_sponsoring_future_reserves',
  'extend_footprint_ttl',
  'inflation',
  'manage_data',
  'restore_footprint',
  'revoke_sponsorship',
  'set_options',
  'set_trust_line_flags',
];
const OFFERS = ['manage_sell_offer', 'manage_buy_offer', 'create_passive_sell_offer'];

/**
 * What a failed operation tried, where it is not what a successful one moved: a failed record
 * carries zeros where a path payment's or a pool operation's result would be, so the sender's
 * bound stands for the amount it bounds (askedTransfers).
 */
const ASKED: Record<string, string[]> = {
  [`path_payment_strict_receive ${CAROL}`]: [`out 85.0000000 ${EURO} ${ERIN}`],
  [`path_payment_strict_send ${ALICE}`]: [`in 3.2000000 native ${ERIN}`],
  [`liquidity_pool_deposit ${ALICE}`]: [
    `out 1000.0000000 native ${POOL}`,
    `out 310.0000000 ${USDX} ${POOL}`,
    `in ? pool:${POOL} ${POOL}`,
  ],
  [`liquidity_pool_withdraw ${ALICE}`]: [
    `out 274.0035629 pool:${POOL} ${POOL}`,
    `in 400.0000000 native ${POOL}`,
    `in 128.0000000 ${USDX} ${POOL}`,
  ],
};

describe('what an operation moved, Horizon records', () => {
  it.each(SIDES)('%s seen from %s: %s', (name, viewer, direction, legs) => {
    expect(read(movesOf(horizon(name), viewer))).toEqual({ direction, legs });
  });

  it.each(SIDES)('%s failed, seen from %s: nothing moved, and it says what it tried', (name, viewer, _d, legs) => {
    const moves = movesOf(horizon(name, true), viewer);
    expect(read(moves)).toEqual({ direction: 'none', legs: [] });
    expect(moves.attempted?.map(line)).toEqual(ASKED[`${name} ${viewer}`] ?? legs);
    expect(moves.counterparty).toBeUndefined();
  });

  it.each(SIDES)('%s moved nothing for an account not in it (%s is in it)', (name) => {
    expect(read(movesOf(horizon(name), STRANGER))).toEqual({ direction: 'none', legs: [] });
  });

  it.each(NO_VALUE)('%s moves no value, for its source or anyone', (name) => {
    const op = horizon(name);
    expect(read(movesOf(op))).toEqual({ direction: 'none', legs: [] });
    expect(read(movesOf(op, op.sourceAccount))).toEqual({ direction: 'none', legs: [] });
    expect(movesOf(op).note).toBeUndefined();
  });

  it.each(OFFERS)('%s: no value in the record itself, and it says that fills are trades', (name) => {
    const op = horizon(name);
    expect(read(movesOf(op))).toEqual({ direction: 'none', legs: [] });
    expect(movesOf(op).note).toBe(OFFER_NOTE);
    expect(movesOf(op, STRANGER).note).toBeUndefined();
  });

  it('a path payment shows the bound its sender asked: the source maximum, or the destination minimum', () => {
    expect(movesOf(horizon('path_payment_strict_receive'), CAROL).limit).toEqual({
      kind: 'source_max',
      asset: { kind: 'asset', currency: { code: 'EUROCOIN', issuer: EURO_ISSUER } },
      amount: '85',
    });
    expect(movesOf(horizon('path_payment_strict_send'), ERIN).limit).toMatchObject({
      kind: 'destination_min',
      amount: '3.2',
    });
    // A failed one keeps its bound: what it tried, and within what.
    expect(movesOf(horizon('path_payment_strict_receive', true), CAROL).limit?.amount).toBe('85');
  });

  it('the counterparty is the first leg’s other party', () => {
    expect(movesOf(horizon('payment'), ALICE).counterparty).toBe(BOB);
    expect(movesOf(horizon('liquidity_pool_deposit'), ALICE).counterparty).toBe(POOL);
  });

  it('without a viewer, the operation is read from its source account', () => {
    expect(read(movesOf(horizon('payment')))).toEqual(read(movesOf(horizon('payment'), ALICE)));
  });

  it('covers every fixture: each type is either value-moving, an offer, or moves nothing', () => {
    const covered = new Set([...SIDES.map(([name]) => name), ...NO_VALUE, ...OFFERS]);
    const files = readdirSync(new URL('../fixtures/horizon/operations/', import.meta.url)).map((f) =>
      f.replace(/\.json$/, ''),
    );
    expect(files.length).toBeGreaterThan(25);
    expect(files.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('a payment to oneself and a conversion to oneself read as both ways', () => {
    const self = normalizeOperation(parseJsonFast(fixture('payment').replaceAll(BOB, ALICE)));
    expect(read(movesOf(self, ALICE))).toEqual({
      direction: 'both',
      legs: [`out 912.0450031 ${USDX} ${ALICE}`, `in 912.0450031 ${USDX} ${ALICE}`],
    });
    const conversion = normalizeOperation(parseJsonFast(fixture('path_payment_strict_send').replaceAll(ALICE, ERIN)));
    expect(read(movesOf(conversion, ERIN))).toEqual({
      direction: 'both',
      legs: [`out 10.0000000 ${EURO} ${ERIN}`, `in 3.3333333 native ${ERIN}`],
    });
  });
});

// -- the local service's records (ledger dialect: integer amounts, `sender`/`receiver`) ----------

const [A, B] = [ALICE, BOB];
const LEDGER_POOL = 'cd'.repeat(32);
const BALANCE = `00000000${'ef'.repeat(32)}`;
const USD = `{"code":"USD","issuer":"${ISSUER}"}`;
const USD_KEY = `USD:${ISSUER}`;

function ledger(type: number, name: string, details: string, successful = true): Operation {
  const id = ((60_000_000n << 32n) | (1n << 12n) | 1n).toString();
  const text =
    `{"id":${id},"paging_token":"${id}","type":${type},"type_s":"${name}","source_account":"${A}",` +
    `"transaction_hash":"${'ab'.repeat(32)}","transaction_successful":${successful},"created_at":"2026-11-22T01:00:00Z",${details}}`;
  return normalizeOperation(parseJsonFast(text));
}

/** [type code, name, details, [viewer, direction, legs][]] */
const LEDGER: [number, string, string, [string, Moves['direction'], string[]][]][] = [
  [
    0,
    'payment',
    `"sender":"${A}","receiver":"${B}","currency":${USD},"amount":9223372036854775807,"amount_f":922337203685.4775807`,
    [
      [A, 'out', [`out 922337203685.4775807 ${USD_KEY} ${B}`]],
      [B, 'in', [`in 922337203685.4775807 ${USD_KEY} ${A}`]],
    ],
  ],
  [
    1,
    'create_account',
    `"funder":"${A}","account":"${B}","starting_balance":100000001,"starting_balance_f":10.0000001`,
    [
      [A, 'out', [`out 10.0000001 native ${B}`]],
      [B, 'in', [`in 10.0000001 native ${A}`]],
    ],
  ],
  [2, 'change_trust', `"trustor":"${A}","currency":${USD},"limit":1,"limit_f":0.0000001`, [[A, 'none', []]]],
  [
    3,
    'create_claimable_balance',
    `"balance_id":"${BALANCE}","currency":{"code":"XLM"},"amount":5,"amount_f":0.0000005,"claimants":[{"destination":"${B}","predicate":{"unconditional":true}}]`,
    [
      [A, 'out', [`out 0.0000005 native ${BALANCE}`]],
      // A claimant holds nothing until it claims.
      [B, 'none', []],
    ],
  ],
  [
    4,
    'claim_claimable_balance',
    `"balance_id":"${BALANCE}","claimant":"${B}","currency":${USD},"amount":5,"amount_f":0.0000005`,
    [
      [B, 'in', [`in 0.0000005 ${USD_KEY} ${BALANCE}`]],
      // The source submitted it for the claimant: nothing of its own moved.
      [A, 'none', []],
    ],
  ],
  [
    5,
    'liquidity_pool_deposit',
    `"liquidity_pool_id":"${LEDGER_POOL}","reserves_max":[{"currency":{"code":"XLM"},"amount":20,"amount_f":0.000002},{"currency":${USD},"amount":40,"amount_f":0.000004}],"min_price":0.5,"max_price":"2","reserves_deposited":[{"currency":{"code":"XLM"},"amount":10,"amount_f":0.000001},{"currency":${USD},"amount":20,"amount_f":0.000002}],"shares_received":14,"shares_received_f":0.0000014`,
    [
      [
        A,
        'both',
        [
          `out 0.0000010 native ${LEDGER_POOL}`,
          `out 0.0000020 ${USD_KEY} ${LEDGER_POOL}`,
          `in 0.0000014 pool:${LEDGER_POOL} ${LEDGER_POOL}`,
        ],
      ],
    ],
  ],
  [
    6,
    'liquidity_pool_withdraw',
    `"liquidity_pool_id":"${LEDGER_POOL}","shares":30000000,"shares_f":3,"reserves_min":[],"reserves_received":[{"currency":{"code":"XLM"},"amount":7,"amount_f":0.0000007}]`,
    [[A, 'both', [`out 3.0000000 pool:${LEDGER_POOL} ${LEDGER_POOL}`, `in 0.0000007 native ${LEDGER_POOL}`]]],
  ],
  [7, 'manage_data', `"name":"hello","value":null`, [[A, 'none', []]]],
  [
    8,
    'account_merge',
    `"account":"${A}","into":"${B}","amount":123456789,"amount_f":12.3456789`,
    [
      [A, 'out', [`out 12.3456789 native ${B}`]],
      [B, 'in', [`in 12.3456789 native ${A}`]],
    ],
  ],
  [9, 'bump_sequence', `"bump_to":"257698037760000000"`, [[A, 'none', []]]],
  [10, 'set_options', `"home_domain":"example.com","master_key_weight":1`, [[A, 'none', []]]],
];

/** What the failed pool operations tried: at most reserves_max, at least reserves_min (none here). */
const LEDGER_ASKED: Record<string, string[]> = {
  liquidity_pool_deposit: [
    `out 0.0000020 native ${LEDGER_POOL}`,
    `out 0.0000040 ${USD_KEY} ${LEDGER_POOL}`,
    `in ? pool:${LEDGER_POOL} ${LEDGER_POOL}`,
  ],
  liquidity_pool_withdraw: [`out 3.0000000 pool:${LEDGER_POOL} ${LEDGER_POOL}`],
};

describe('what an operation moved, the local service’s records', () => {
  const cases = LEDGER.flatMap(([code, name, details, sides]) =>
    sides.map(
      ([viewer, direction, legs]) =>
        [`${name} from ${viewer.slice(0, 6)}`, code, name, details, viewer, direction, legs] as const,
    ),
  );

  it.each(cases)('%s', (_title, code, name, details, viewer, direction, legs) => {
    expect(read(movesOf(ledger(code, name, details), viewer))).toEqual({ direction, legs });
  });

  it.each(cases)(
    '%s, failed: nothing moved, and what it tried',
    (_title, code, name, details, viewer, _direction, legs) => {
      const moves = movesOf(ledger(code, name, details, false), viewer);
      expect(read(moves)).toEqual({ direction: 'none', legs: [] });
      expect(moves.attempted?.map(line) ?? []).toEqual(LEDGER_ASKED[name] ?? legs);
    },
  );

  it('the normaliser sets each record’s direction from this reading', () => {
    const deposit = ledger(5, 'liquidity_pool_deposit', LEDGER[5]![2]);
    expect(normalizeOperation(parseJsonFast(deposit.raw!), { viewer: A }).direction).toBe('both');
    const trust = ledger(2, 'change_trust', LEDGER[2]![2]);
    expect(normalizeOperation(parseJsonFast(trust.raw!), { viewer: A }).direction).toBe('none');
  });
});
