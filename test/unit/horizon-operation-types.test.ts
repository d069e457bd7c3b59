// Every Horizon operation type of the project's fixtures (test/fixtures/horizon/operations/) reads
// into its own typed model, with its summary, its table amount and its export columns; muxed
// fields and sponsors are carried; a type never seen stays an `other` record.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, LiveCsv } from '../../core/exports/export';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { fixedAmount } from '../../shared/amount';
import { parseJson } from '../../shared/json';
import { MODELLED_TYPES, Operation, type OperationOf } from '../../shared/model';
import { operationSummary } from '../../shared/operation-summary';

const DIR = fileURLToPath(new URL('../fixtures/horizon/operations/', import.meta.url));
const read = (file: string): Operation => normalizeOperation(parseJson(readFileSync(join(DIR, file), 'utf8')));
const typed = <T extends Operation['type']>(file: string, type: T): OperationOf<T> => {
  const op = read(file);
  expect(op.type).toBe(type);
  return op as OperationOf<T>;
};
const USDX = { code: 'USDX', issuer: 'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB' };
const EUROCOIN = { code: 'EUROCOIN', issuer: 'GCH5X77UNSQP5DEDIRGMYLPQQGK7X2KVZUUGLB4NQCWM4ZKZN4N2J4CT' };

/** Each fixture's summary, exactly. */
const SUMMARIES: Record<string, string> = {
  'account_merge.json': expect.stringMatching(/^merge \w{6}…\w{6} into \w{6}…\w{6}/) as unknown as string,
  'allow_trust.json': 'GDUVUO…AS3SFB limits to liabilities GBNAZF…GCLCH4 for USDX',
  'begin_sponsoring_future_reserves.json': 'GAWRR7…2WBQ7S begins sponsoring the reserves of GBOMDH…4C2LYB',
  'change_trust_asset.json': 'GDJNVX…PVHTMX trusts USDX up to 50,000.0000000',
  'change_trust_liquidity_pool.json': 'GDUVY4…UFOEQQ trusts pool 701de1…9da4f0 up to unlimited',
  'clawback.json': 'claw back 19.9900000 EUROCOIN from GAGQZB…EDQ3I3',
  // A claimable balance id is abbreviated without its type prefix (00000000), as everywhere.
  'clawback_claimable_balance.json': 'claw back claimable balance 133467…d8bf39',
  'create_passive_sell_offer.json': 'passive offer: sell 42.4200000 USDX for EUROCOIN at 1.08 (USDX/EUROCOIN)',
  'end_sponsoring_future_reserves.json': 'GBOMDH…4C2LYB ends the sponsorship begun by GAWRR7…2WBQ7S',
  'extend_footprint_ttl.json': "extend the footprint's time to live to ledger 1210000",
  'inflation.json': 'run inflation',
  'invoke_host_function.json': expect.stringMatching(
    /^call transfer\(from: GCUTMW…DICAKE, to: GCMYJC…5ZEZ4D, amount: 6180000000\) on C\w{5}…\w{6}: transfer 618.0000000 USDX from GCUTMW…DICAKE to GCMYJC…5ZEZ4D$/,
  ) as unknown as string,
  'liquidity_pool_deposit.json':
    'deposit 968.7500000 XLM + 310.0000000 USDX into pool 701de1…9da4f0 for 548.0071258 shares',
  'manage_buy_offer.json': 'change buy offer #1849302277: buy 250.0000000 XLM with EUROCOIN at 0.0004 (EUROCOIN/XLM)',
  'manage_sell_offer.json': 'new sell offer: sell 1,500.0000000 XLM for USDX at 0.93125 (XLM/USDX)',
  'path_payment_strict_receive.json':
    'GAGQZB…EDQ3I3 sent 81.2297405 EUROCOIN, GDUVY4…UFOEQQ received 75.0000000 USDX via XLM → EUROCOIN',
  'path_payment_strict_send.json':
    'GDUVY4…UFOEQQ sent 10.0000000 EUROCOIN, GBNAZF…GCLCH4 received 3.3333333 XLM via USDX',
  'payment.json': 'pay 912.0450031 USDX from GBNAZF…GCLCH4 to GDJNVX…PVHTMX',
  'restore_footprint.json': "restore the footprint's archived entries",
  'revoke_sponsorship.json': 'revoke sponsorship of the USDX trustline of GBOMDH…4C2LYB',
  'set_options.json':
    'set options of GDUVY4…UFOEQQ: home domain erin.example.net; inflation to GDAVVS…DW2WDY; signer GAGQZB…EDQ3I3 weight 1; master weight 2; thresholds 1/2/3; set auth_revocable, auth_clawback_enabled; clear auth_required',
  'set_trust_line_flags.json':
    'trustline of GBNAZF…GCLCH4 for EUROCOIN: set authorized_to_maintain_liabilites; clear authorized',
};

describe('every Horizon operation type of the fixtures', () => {
  const files = readdirSync(DIR).filter((file) => file.endsWith('.json'));

  it.each(files)('%s reads into its typed model with a summary and export columns', (file) => {
    const record = parseJson(readFileSync(join(DIR, file), 'utf8')) as Record<string, unknown>;
    const op = read(file);
    expect(MODELLED_TYPES as readonly string[]).toContain(record['type']);
    expect(op.type).toBe(record['type']);
    const member = Operation.options.find((option) => option.shape.type.value === op.type)!;
    expect(member.safeParse(op).success).toBe(true);
    const summary = operationSummary(op);
    if (SUMMARIES[file] !== undefined) expect(summary).toEqual(SUMMARIES[file]);
    expect(summary).not.toMatch(/undefined|\n/);
    const cells = parseCsvLine(new LiveCsv('csv', undefined).rows(op).split('\n')[0]!);
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    expect(cells[EXPORT_COLUMNS.indexOf('type')]).toBe(record['type']);
    expect(cells[EXPORT_COLUMNS.indexOf('operation_id')]).toBe(record['id']);
  });

  it('reads path payments: sent and received currency and amount, the path, limits', () => {
    const receive = typed('path_payment_strict_receive.json', 'path_payment_strict_receive');
    expect(receive).toMatchObject({
      currency: USDX,
      amount: '75',
      sourceCurrency: EUROCOIN,
      sourceAmount: '81.2297405',
      sourceMax: '85',
      path: [{ code: 'XLM' }, EUROCOIN],
    });
    const send = typed('path_payment_strict_send.json', 'path_payment_strict_send');
    expect(send).toMatchObject({
      currency: { code: 'XLM' },
      amount: '3.3333333',
      sourceCurrency: EUROCOIN,
      sourceAmount: '10',
      destinationMin: '3.2',
      path: [USDX],
    });
    // Read from the sender's side: one row per leg, what left above what arrived (the receiver's, via the path).
    const [sent, got] = new LiveCsv('csv', receive.from).rows(receive).trimEnd().split('\n').map(parseCsvLine);
    const pick = (cells: string[]) =>
      (['direction', 'counterparty', 'asset_code', 'asset_issuer', 'amount'] as const).map(
        (name) => cells[EXPORT_COLUMNS.indexOf(name)],
      );
    expect(pick(sent!)).toEqual(['out', receive.to, 'EUROCOIN', EUROCOIN.issuer, '81.2297405']);
    const self = receive.from === receive.to;
    expect(got === undefined).toBe(!self);
  });

  it('reads offers: pair, amount, price and its exact ratio, offer id', () => {
    expect(typed('manage_sell_offer.json', 'manage_sell_offer')).toMatchObject({
      selling: { code: 'XLM' },
      buying: USDX,
      amount: '1500',
      price: '0.93125',
      priceRatio: { n: '149', d: '160' },
      offerId: '0',
    });
    expect(typed('manage_buy_offer.json', 'manage_buy_offer')).toMatchObject({
      selling: { code: 'EUROCOIN' },
      buying: { code: 'XLM' },
      amount: '250',
      offerId: '1849302277',
    });
    expect(typed('create_passive_sell_offer.json', 'create_passive_sell_offer')).toMatchObject({
      selling: USDX,
      buying: EUROCOIN,
      amount: '42.42',
      price: '1.08',
    });
    const legacy = {
      ...(parseJson(readFileSync(join(DIR, 'manage_sell_offer.json'), 'utf8')) as object),
      type: 'manage_offer',
    };
    expect(normalizeOperation(legacy as never)).toMatchObject({
      type: 'manage_offer',
      selling: { code: 'XLM' },
      buying: USDX,
      amount: '1500',
    });
  });

  it('reads trust, clawback and sponsorship types', () => {
    expect(typed('allow_trust.json', 'allow_trust')).toMatchObject({
      trustor: 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4',
      trustee: USDX.issuer,
      currency: USDX,
      authorize: false,
      authorizeToMaintainLiabilities: true,
    });
    expect(typed('set_trust_line_flags.json', 'set_trust_line_flags')).toMatchObject({
      currency: EUROCOIN,
      setFlags: ['authorized_to_maintain_liabilites'],
      clearFlags: ['authorized'],
    });
    expect(typed('clawback.json', 'clawback')).toMatchObject({
      from: 'GAGQZBVS3AH22E2G4IJLXONUHGN7QDXOE3NKPYUI42NKUDR7WKEDQ3I3',
      currency: EUROCOIN,
      amount: '19.99',
      muxed: { from_muxed_id: '5150' },
    });
    expect(typed('revoke_sponsorship.json', 'revoke_sponsorship')).toMatchObject({
      trustlineAccountId: 'GBOMDHBDAFBUKC7O5Z4X2RVTMAO3MB745AJN3XBKOV5I4YCCMR4C2LYB',
      trustlineAsset: USDX,
    });
    expect(typed('begin_sponsoring_future_reserves.json', 'begin_sponsoring_future_reserves').sponsoredId).toBe(
      'GBOMDHBDAFBUKC7O5Z4X2RVTMAO3MB745AJN3XBKOV5I4YCCMR4C2LYB',
    );
  });

  it('reads a contract call: contract, function and the balance changes Horizon attaches', () => {
    const call = typed('invoke_host_function.json', 'invoke_host_function');
    expect(call.contract).toMatch(/^C[A-Z2-7]{55}$/);
    expect(call.functionName).toBe('transfer');
    expect(call.parameters).toHaveLength(5);
    expect(call.assetBalanceChanges).toEqual([
      {
        currency: USDX,
        kind: 'transfer',
        from: 'GCUTMWYKJFFV4YU3IXGUFLIX6BKEGFUHRLM56ZCOIB3JPL3JKHDICAKE',
        to: 'GCMYJC2V5Y7J56R6ICGO5WIFOL7FIEATW25PX3GDG2QBD2UH4U5ZEZ4D',
        amount: '618',
        destinationMuxedId: '31337',
      },
    ]);
    expect(typed('extend_footprint_ttl.json', 'extend_footprint_ttl').extendTo).toBe(1210000);
  });

  it('carries muxed fields and the sponsor', () => {
    expect(typed('payment.json', 'payment').muxed).toEqual({
      source_account_muxed: 'MBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCKAAAAAAAAAADAOM4G',
      source_account_muxed_id: '771',
      to_muxed: 'MDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVGAAAAAAAAAARGHCU6',
      to_muxed_id: '4401',
    });
    const sponsored = {
      ...(parseJson(readFileSync(join(DIR, 'change_trust_asset.json'), 'utf8')) as object),
      sponsor: 'GAWRR7NJKNFLUGBZTXD7HZNSN73TVUYKO4STMAK2J6KAN3PBHM2WBQ7S',
    };
    expect(normalizeOperation(sponsored as never).sponsor).toBe(
      'GAWRR7NJKNFLUGBZTXD7HZNSN73TVUYKO4STMAK2J6KAN3PBHM2WBQ7S',
    );
  });

  it('writes every amount with all seven decimals, exactly, whatever the server sent', () => {
    expect(fixedAmount('1.5')).toBe('1.5000000');
    expect(fixedAmount('75')).toBe('75.0000000');
    expect(fixedAmount('-0.0000001')).toBe('-0.0000001');
    expect(fixedAmount('922337203685.4775807')).toBe('922337203685.4775807');
    expect(() => fixedAmount('1.00000001')).toThrow(/decimal places/);
    expect(() => fixedAmount('1e3')).toThrow(/exponent/);
  });
});

describe('hostile and malformed records of the Horizon-only types', () => {
  const base = (file: string) => parseJson(readFileSync(join(DIR, file), 'utf8')) as Record<string, unknown>;
  const normalize = (record: Record<string, unknown>) => normalizeOperation(record as never);

  it('keeps a record whose fields do not read as an other record with every field, never dropping it', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['path_payment_strict_send.json', { source_amount: undefined }],
      ['path_payment_strict_receive.json', { path: [{ asset_type: 'credit_alphanum4' }] }],
      ['manage_sell_offer.json', { price: '1e5' }],
      ['manage_buy_offer.json', { amount: '-5' }],
      ['clawback.json', { amount: '1.00000001' }],
      ['allow_trust.json', { trustor: { nested: true } }],
      ['extend_footprint_ttl.json', { extend_to: -1 }],
      ['invoke_host_function.json', { asset_balance_changes: ['not an object'] }],
      ['begin_sponsoring_future_reserves.json', { sponsored_id: null }],
    ];
    for (const [file, change] of cases) {
      const record = { ...base(file), ...change };
      // undefined stands for a field the server left out (parsed JSON has no undefined).
      for (const key of Object.keys(change)) if (record[key] === undefined) delete record[key];
      const op = normalize(record);
      expect(op.type, file).toBe('other');
      if (op.type !== 'other') continue;
      expect(op.typeName, file).toBe(record['type']);
      expect(Operation.safeParse(op).success, file).toBe(true);
      expect(operationSummary(op)).toMatch(new RegExp(`^${String(record['type'])}: `));
    }
  });

  it('reads a contract call whose parameters are not the XDR they claim, without contract or function', () => {
    const op = normalize({
      ...base('invoke_host_function.json'),
      parameters: [
        { type: 'Address', value: '!!not base64' },
        { type: 'Sym', value: 'A'.repeat(10_000) },
      ],
    });
    expect(op).toMatchObject({ type: 'invoke_host_function', parameters: [{ type: 'Address' }, { type: 'Sym' }] });
    if (op.type !== 'invoke_host_function') return;
    expect(op.contract).toBeUndefined();
    expect(op.functionName).toBeUndefined();
    expect(operationSummary(op)).toBe('invoke contract: transfer 618.0000000 USDX from GCUTMW…DICAKE to GCMYJC…5ZEZ4D');
  });

  it('ignores muxed-looking fields that are not text and keeps the type', () => {
    const op = normalize({
      ...base('payment.json'),
      to_muxed: { hostile: true },
      to_muxed_id: 12,
      __proto___muxed: 'x',
    });
    expect(op.type).toBe('payment');
    expect(op.muxed?.['to_muxed']).toBeUndefined();
    expect(op.muxed?.['to_muxed_id']).toBe('12');
    expect(Operation.safeParse(op).success).toBe(true);
  });
});

/** One CSV line into its cells (RFC 4180 quoting). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const text = line.replace(/\n$/, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells;
}
