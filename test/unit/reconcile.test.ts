// shared/reconcile.ts: per asset, opening + in − out − fees beside the reported balance; each
// status and each cause at its edge (a stroop either way), one thing changed at a time.
import { describe, expect, it } from 'vitest';
import type { Context } from '../../cli/context';
import { reconcileCommand } from '../../cli/reconcile-command';
import {
  causesOf,
  lineStatusText,
  RECONCILE_CAUSES,
  reconcile,
  type IndexSums,
  type ReconcileCause,
  type ReconcileInput,
} from '../../shared/reconcile';

const ME = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const ISSUER = 'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB';
const USD = `USD:${ISSUER}`;

const sums = (change: Partial<IndexSums> = {}): IndexSums => ({
  assets: [
    { asset: 'native', in: '100', out: '30', fees: '0.0000300', unknown: 0, nofee: 0, legs: 3 },
    { asset: USD, in: '50', out: '0', fees: '0', unknown: 0, nofee: 0, legs: 1 },
  ],
  created: true,
  unknownClaims: 0,
  offers: 0,
  unread: [],
  sidesPending: false,
  newestLedger: 500,
  oldestLedger: 10,
  ...change,
});

const input = (change: Partial<ReconcileInput> = {}): ReconcileInput => ({
  account: ME,
  sums: sums(),
  balances: [
    { asset: 'native', amount: '69.9999700' },
    { asset: USD, amount: '50.0000000' },
  ],
  partial: null,
  completeFromLedger: 1,
  lastModifiedLedger: 500,
  newerOnServer: false,
  genesisBalance: null,
  checkedAt: '2026-11-27T00:00:00.000Z',
  ...change,
});

describe('reconcile of a partial index (issue 37.4)', () => {
  it('is not reconciled, whatever its lines add up to, and says why; a whole index is', () => {
    for (const partial of ['failed', 'syncing', 'paused', 'interrupted']) {
      const off = reconcile(input({ partial }));
      expect(off.lines.map((l) => l.status)).toEqual(['reconciled', 'reconciled']);
      expect(off.reconciled).toBe(false);
      expect(off.summary).toBe(
        `Not reconciled: the index is partial (${partial}), so the flows it holds through ledger 500 adding up to the balances the network reports shows nothing of the history it has not read; sync it to the end and reconcile again.`,
      );
    }
    expect(reconcile(input({ partial: null })).reconciled).toBe(true);
  });

  it('exits 1 from the command line, its first line the coverage and its last the summary; 0 when whole', async () => {
    const run = async (partial: string | null) => {
      const reconciliation = reconcile(input({ partial }));
      const coverage = { partial, records: 4, throughLedger: 500, latestLedger: partial ? 900 : 500 };
      let out = '';
      const ctx = {
        dispatch: async () => ({ ok: true, value: { reconciliation, coverage } }),
        core: { names: () => () => undefined, book: () => [] },
        io: { out: (text: string) => (out += text), err: () => undefined, readStdin: async () => '' },
      } as unknown as Context;
      const code = await reconcileCommand({ kind: 'reconcile', account: ME, format: 'table' }, ctx);
      return { code, lines: out.trimEnd().split('\n') };
    };
    const failed = await run('failed');
    expect(failed.code).toBe(1);
    expect(failed.lines[0]).toMatch(/^index partial: .*failed/);
    // The summary closes the output, wrapped at 120 columns: its first line is the last to start a sentence.
    const summaryAt = failed.lines.findIndex((l) => l.startsWith('Not reconciled: '));
    expect(failed.lines[summaryAt]).toMatch(/^Not reconciled: the index is partial \(failed\)/);
    expect(failed.lines.slice(summaryAt).join(' ')).toBe(reconcile(input({ partial: 'failed' })).summary);
    expect(failed.lines.every((l) => l.length <= 120)).toBe(true);
    const whole = await run(null);
    expect(whole.code).toBe(0);
    expect(whole.lines.at(-1)).toMatch(/^Reconciled: /);
  });
});

describe('reconcile of sums beyond int64 (issue 37.5)', () => {
  const MAX = '922337203685.4775807';
  it('reads a sum of two amounts of int64’s maximum exactly, and a stroop past it', () => {
    const twice = '1844674407370.9551614';
    // Two fills of int64's maximum in, one out: the sums pass int64, the closing balance does not.
    for (const [inflow, outflow, closing] of [
      [twice, MAX, MAX],
      ['922337203685.4775808', '0.0000001', MAX],
      [MAX, '0', MAX],
      [twice, twice, '0'],
    ] as const) {
      const whole = reconcile(
        input({
          sums: sums({ assets: [{ asset: USD, in: inflow, out: outflow, fees: '0', unknown: 0, nofee: 0, legs: 3 }] }),
          balances: [{ asset: USD, amount: closing }],
        }),
      );
      expect(whole.lines[0]).toMatchObject({ in: inflow, out: outflow, closing, status: 'reconciled' });
    }
    const off = reconcile(
      input({
        sums: sums({ assets: [{ asset: USD, in: twice, out: '0', fees: '0', unknown: 0, nofee: 0, legs: 2 }] }),
        balances: [{ asset: USD, amount: MAX }],
      }),
    );
    expect(off.lines[0]).toMatchObject({ status: 'differs', difference: `-${MAX}` });
  });

  it('still refuses a reported balance (one amount) outside int64, naming the asset', () => {
    expect(() => reconcile(input({ balances: [{ asset: USD, amount: '922337203685.4775808' }] }))).toThrow(
      `the balance of ${USD} the network reports: amount "922337203685.4775808" is outside int64`,
    );
  });
});

describe('reconcile', () => {
  it('says one asset as one, not "all 1 asset"', () => {
    const one = reconcile(
      input({
        sums: sums({ assets: [sums().assets[0]!] }),
        balances: [{ asset: 'native', amount: '69.9999700' }],
      }),
    );
    expect(one.reconciled).toBe(true);
    expect(one.summary).toBe(
      'Reconciled: the flows of its one asset through ledger 500 add up to the balance the network reports, to the stroop.',
    );
  });

  it('reconciles to the stroop, and differs by a stroop either way with the exact difference', () => {
    const whole = reconcile(input());
    expect(whole.reconciled).toBe(true);
    expect(whole.lines.map((l) => [l.asset, l.opening, l.closing, l.status])).toEqual([
      ['native', '0', '69.99997', 'reconciled'],
      [USD, '0', '50', 'reconciled'],
    ]);
    expect(whole.summary).toBe(
      'Reconciled: the flows of all 2 assets through ledger 500 add up to the balances the network reports, to the stroop.',
    );
    for (const [amount, difference] of [
      ['69.9999701', '0.0000001'],
      ['69.9999699', '-0.0000001'],
    ] as const) {
      const off = reconcile(
        input({
          balances: [
            { asset: 'native', amount },
            { asset: USD, amount: '50' },
          ],
        }),
      );
      expect(off.reconciled).toBe(false);
      expect(off.lines[0]).toMatchObject({ status: 'differs', difference });
      expect(lineStatusText(off.lines[0]!)).toBe(`differs by ${difference === '0.0000001' ? '' : '-'}0.0000001 XLM`);
      expect(off.summary).toMatch(/^1 of 2 assets does not reconcile through ledger 500: XLM is/);
    }
  });

  // Issue #36: a cause is named only when it holds, and checked. One test per cause, each set up
  // so that it alone holds (causesOf lists every cause that does).
  describe('each cause, alone', () => {
    const off = [{ asset: 'native', amount: '1' }];
    const only = (change: Partial<ReconcileInput>) => {
      const given = input({ balances: off, ...change });
      const line = reconcile(given).lines[0]!;
      const native = given.sums.assets.find((a) => a.asset === 'native');
      return { line, held: causesOf(given, native, 'native').map((c) => c.cause) };
    };
    const unknown = sums({ assets: [{ ...sums().assets[0]!, unknown: 2 }] });
    const nofee = sums({ assets: [{ ...sums().assets[0]!, nofee: 1 }] });
    const cases: [ReconcileCause, Partial<ReconcileInput>, string | RegExp][] = [
      ['partial', { partial: 'syncing' }, /^the index is not complete \(syncing\)/],
      [
        'behind',
        { lastModifiedLedger: 1806, newerOnServer: true },
        'the index is behind the server by 1,306 ledgers: update it (the account changed in ledger 1,806; the index’s newest record is in ledger 500, and the server lists the account’s records after it)'.replace(
          /’/g,
          "'",
        ),
      ],
      [
        'sides_pending',
        { sums: sums({ unread: ['transactions', 'trades'], sidesPending: true }) },
        /^the index has not yet read the account’s transactions and trades .*: sync it again$/,
      ],
      [
        'sides_missing',
        { sums: sums({ offers: 1, unread: ['transactions', 'trades'] }) },
        'this server does not list the account’s transactions (fees it paid for other accounts’ transactions) or trades (fills of its offers: it placed 1 offer operation)',
      ],
      [
        'changed_unlisted',
        { lastModifiedLedger: 501, newerOnServer: false },
        'the account changed in ledger 501, after its newest indexed record (ledger 500), and the server lists none of its operations, transactions or trades after that record',
      ],
      [
        'changed_unchecked',
        { lastModifiedLedger: 501, newerOnServer: null },
        'the account changed in ledger 501, after its newest indexed record (ledger 500): update the index',
      ],
      ['amount_unknown', { sums: unknown }, '2 operations whose records do not carry the amount moved'],
      ['claims_unknown', { sums: sums({ unknownClaims: 1 }) }, /^1 claim of claimable balances/],
      ['no_fee', { sums: nofee }, '1 operation whose records carry no transaction, so no fee'],
      [
        'pruned',
        // The root from genesis, whose opening is known, with the history before ledger 9,000 pruned.
        { sums: sums({ created: false }), genesisBalance: '0', completeFromLedger: 9000 },
        "the account's history before ledger 9,000 is not on this server",
      ],
      [
        'unexplained',
        { lastModifiedLedger: 500, newerOnServer: false },
        'a balance change none of the account’s operations, transactions or trades on this server shows',
      ],
    ];
    it('lists every cause it can name', () => {
      expect(cases.map(([cause]) => cause)).toEqual([...RECONCILE_CAUSES]);
    });
    for (const [cause, change, text] of cases)
      it(cause, () => {
        const { line, held } = only(change);
        expect(held).toEqual([cause]);
        expect(line.status).toBe('differs');
        if (typeof text === 'string') expect(line.cause).toBe(text);
        else expect(line.cause).toMatch(text);
      });
  });

  it('an index behind the server names that first, before what else holds; a cause the core did not check is not named', () => {
    const off = [{ asset: 'native', amount: '1' }];
    const cause = (change: Partial<ReconcileInput>) => reconcile(input({ balances: off, ...change })).lines[0]!.cause;
    const unknown = sums({ assets: [{ ...sums().assets[0]!, unknown: 2 }] });
    expect(cause({ sums: unknown, lastModifiedLedger: 502, newerOnServer: true })).toMatch(
      /^the index is behind the server by 2 ledgers: update it/,
    );
    expect(cause({ lastModifiedLedger: null, newerOnServer: true })).toMatch(
      /^the index is behind the server: update it \(the server lists/,
    );
    // The account changed one ledger after the index's newest, and the server was not asked: no claim about what it lists.
    expect(cause({ lastModifiedLedger: 501, newerOnServer: null })).not.toMatch(/lists none/);
    // Offers whose fills were read (the trades walk ran) are no cause; unread trades are, with the offers named.
    expect(cause({ sums: sums({ offers: 3 }) })).toMatch(/^a balance change none/);
    expect(cause({ sums: sums({ offers: 3, unread: ['trades'] }) })).toBe(
      'this server does not list the account’s trades (fills of its offers: it placed 3 offer operations)',
    );
  });

  it('an index that does not reach the creation: the opening is unknown and the difference is what came before', () => {
    const result = reconcile(input({ sums: sums({ created: false }), completeFromLedger: 9000 }));
    expect(result.reconciled).toBe(false);
    expect(result.lines[0]).toMatchObject({ status: 'opening_unknown', opening: null, closing: null, difference: '0' });
    expect(result.lines[0]!.cause).toMatch(/this server keeps its history from ledger 9,000/);
  });

  it("the network's root from genesis opens with the genesis coins; any other account does not", () => {
    const root = reconcile(
      input({
        sums: sums({ created: false, assets: [{ ...sums().assets[0]!, in: '0', out: '30' }] }),
        balances: [{ asset: 'native', amount: '99999999969.99997' }],
        genesisBalance: '100000000000',
      }),
    );
    expect(root.lines[0]).toMatchObject({ opening: '100000000000', openingFrom: 'genesis', status: 'reconciled' });
  });

  // Issue #35: seen failing with the genesis coins given as the opening of every asset (USD opened
  // at 100000000000 and differed by minus that), not only of XLM.
  it("genesis creates XLM only: the root's other assets open at zero", () => {
    const root = reconcile(
      input({
        sums: sums({ created: false, assets: [{ ...sums().assets[0]!, in: '0', out: '30' }, sums().assets[1]!] }),
        balances: [
          { asset: 'native', amount: '99999999969.99997' },
          { asset: USD, amount: '50' },
        ],
        genesisBalance: '100000000000',
      }),
    );
    expect(root.lines.map((l) => [l.asset, l.opening, l.openingFrom, l.status])).toEqual([
      ['native', '100000000000', 'genesis', 'reconciled'],
      [USD, '0', 'genesis', 'reconciled'],
    ]);
  });

  it("the issuer's own asset is issued, not held; an asset held and never moved reconciles at zero", () => {
    const issuer = reconcile(
      input({
        account: ISSUER,
        sums: sums({ assets: [{ asset: USD, in: '1', out: '8', fees: '0', unknown: 0, nofee: 0, legs: 2 }] }),
        balances: [{ asset: 'native', amount: '0' }],
      }),
    );
    expect(issuer.lines.map((l) => [l.asset, l.status])).toEqual([
      ['native', 'reconciled'],
      [USD, 'issued'],
    ]);
    expect(issuer.lines[1]!.cause).toMatch(/net issued 7\.0000000 USD/);
    expect(issuer.reconciled).toBe(true);
  });

  it('a merged account reports no balance: every asset closes at zero', () => {
    const gone = reconcile(input({ balances: null }));
    expect(gone.gone).toBe(true);
    expect(gone.lines.map((l) => [l.reported, l.status])).toEqual([
      ['0', 'differs'],
      ['0', 'differs'],
    ]);
  });
});

describe('reconcile of an index read from ledgers (issue 39.3)', () => {
  // From balances before the range (native 1,000 XLM, USD 5) the index's flows give 1,069.99997 and 55.
  const ledgers = (change: { native?: string; usd?: string } = {}) => ({
    from: 100,
    to: 900,
    balances: [
      { asset: 'native', opening: '10000000000', closing: change.native ?? '10699999700' },
      { asset: USD, opening: '50000000', closing: change.usd ?? '550000000' },
    ],
  });
  const offline = (change: Partial<ReconcileInput> = {}) =>
    input({ balances: null, networkAsked: false, ledgers: ledgers(), sums: sums({ created: false }), ...change });

  it('reconciles over the range from the ledgers own balances, with no server asked, and says the range', () => {
    const result = reconcile(offline());
    expect(result.reconciled).toBe(true);
    expect(result.range).toEqual({ from: 100, to: 900 });
    expect(
      result.lines.map((l) => [l.asset, l.opening, l.openingFrom, l.closing, l.reported, l.status, l.now]),
    ).toEqual([
      ['native', '1000', 'ledgers', '1069.99997', '1069.99997', 'reconciled', null],
      [USD, '5', 'ledgers', '55', '55', 'reconciled', null],
    ]);
    expect(result.summary).toMatch(/^Reconciled over ledgers 100–900: .* No server was asked for the balances now\.$/);
    expect(result.gone).toBe(false);
  });

  it('differs by a stroop either way from the closing balance the ledgers record, naming the range', () => {
    for (const closing of ['10699999699', '10699999701']) {
      const result = reconcile(offline({ ledgers: ledgers({ native: closing }) }));
      expect(result.reconciled).toBe(false);
      expect(result.lines[0]!.status).toBe('differs');
      expect(result.lines[0]!.difference).toBe(closing.endsWith('699') ? '-0.0000001' : '0.0000001');
      expect(result.summary).toMatch(/^1 of 2 assets does not reconcile over ledgers 100–900: XLM/);
    }
  });

  it('is not reconciled while the index is partial, though its lines add up', () => {
    const result = reconcile(offline({ partial: 'syncing' }));
    expect(result.lines.every((l) => l.status === 'reconciled')).toBe(true);
    expect(result.reconciled).toBe(false);
    expect(result.summary).toMatch(/^Not reconciled: the index is partial \(syncing\)/);
  });

  it('an asset with flows the ledgers record no balance of has an unknown opening', () => {
    const result = reconcile(offline({ ledgers: { ...ledgers(), balances: ledgers().balances.slice(0, 1) } }));
    expect(result.lines[1]).toMatchObject({ asset: USD, status: 'opening_unknown', opening: null, openingFrom: null });
    expect(result.reconciled).toBe(false);
  });

  it('with a server, compares the closing with what it reports now without changing the verdict', () => {
    const usd = { asset: USD, amount: '55.0000000' };
    const same = reconcile(
      offline({ networkAsked: true, balances: [{ asset: 'native', amount: '1069.9999700' }, usd] }),
    );
    expect(same.reconciled).toBe(true);
    expect(same.lines.map((l) => l.now)).toEqual(['1069.99997', '55']);
    expect(same.summary).toMatch(/The network reports the same balances now\.$/);
    const moved = reconcile(
      offline({ networkAsked: true, balances: [{ asset: 'native', amount: '1069.9999800' }, usd] }),
    );
    expect(moved.reconciled).toBe(true);
    expect(moved.summary).toMatch(/The network now reports 1,069.9999800 XLM \(1,069.9999700 XLM after ledger 900\)/);
    // A server that names only some balances (Stellar RPC lists no trustlines): an asset it does not name is not known to be zero.
    const some = (someBalances: boolean) =>
      reconcile(offline({ networkAsked: true, someBalances, balances: [{ asset: 'native', amount: '1069.9999700' }] }));
    expect(some(true).lines.map((l) => l.now)).toEqual(['1069.99997', null]);
    expect(some(true).summary).toMatch(/The network reports the same balances now \(of the assets it names\)\.$/);
    expect(some(false).lines.map((l) => l.now)).toEqual(['1069.99997', '0']);
    const gone = reconcile(offline({ networkAsked: true, balances: null }));
    expect(gone.gone).toBe(true);
    expect(gone.lines.map((l) => l.now)).toEqual(['0', '0']);
  });
});
