// Every operation type's row says what it did and how much, from the account's side: the explorer
// table's Amount and Details cells, the drawer, the summary sentence the exports and the command
// line print, and the history index's row. Table-driven over recorded real Horizon records
// (../shared/fixtures/horizon-real, skipped where absent) and the project's own fixtures, some
// turned into the variants real Horizon writes (an offer deleted with amount 0, the older
// `path_payment` name).
import { cleanup, screen } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractRow } from '../../core/history-index/worker-thread/extract';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { queryPage } from '../../core/history-index/worker-thread/summary';
import { FlowCells, TotalsTable } from '../../renderer/src/features/workbench/analyse-panel';
import { rowAmountText } from '../../renderer/src/features/workbench/history-table';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import { amountText, detailsText } from '../../renderer/src/components/operation-cells';
import { parseJson, type JsonValue } from '../../shared/json';
import type { Operation } from '../../shared/model';
import { operationSummary } from '../../shared/operation-summary';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';
import { realFixtures } from '../support/real-fixtures';

const REAL_BASE = realFixtures('horizon-real');
const REAL = REAL_BASE ? resolve(REAL_BASE, 'java-sdk', 'operations') : '';
const OWN = resolve('test/fixtures/horizon/operations');
const haveReal = REAL !== '' && existsSync(REAL);

type Patch = (record: Record<string, JsonValue>) => void;
const recordOf = (dir: string, name: string, patch?: Patch): Record<string, JsonValue> => {
  const record = parseJson(readFileSync(resolve(dir, `${name}.json`), 'utf8')) as Record<string, JsonValue>;
  patch?.(record);
  return record;
};

interface Row {
  name: string;
  dir: string;
  file: string;
  patch?: Patch;
  /** The account whose listing the row is seen in; the record's source when absent. */
  viewer?: (record: Record<string, JsonValue>) => string;
  /** The type the app reads it as. */
  type?: string;
  /** What the summary (exports, command line, drawer) must say. */
  summary: RegExp;
  /** What it must not say. */
  not?: RegExp;
  /** What the table's Amount cell, or else its Details cell, must say. */
  cell?: RegExp;
  /** The history index row's asset, amount (stroops) and counterparty. */
  index?: { asset: string; amount: bigint; counterparty: string };
}

const ROWS: Row[] = [
  {
    name: 'path_payment (the older name) reads as a strict-receive path payment',
    dir: OWN,
    file: 'path_payment_strict_receive',
    patch: (r) => {
      r['type'] = 'path_payment';
      r['type_i'] = 2;
    },
    type: 'path_payment_strict_receive',
    summary: /sent .* received /,
  },
  {
    name: 'a manage_buy_offer of amount 0 deletes the offer',
    dir: OWN,
    file: 'manage_buy_offer',
    patch: (r) => {
      r['amount'] = '0.0000000';
      r['offer_id'] = '4711';
    },
    summary: /^delete buy offer #4711/,
    not: /buy 0\.0000000/,
    cell: /delete/,
  },
  {
    name: 'a manage_sell_offer of amount 0 deletes the offer',
    dir: OWN,
    file: 'manage_sell_offer',
    patch: (r) => {
      r['amount'] = '0.0000000';
      r['offer_id'] = '4712';
    },
    summary: /^delete sell offer #4712/,
    not: /sell 0\.0000000/,
    cell: /delete/,
  },
  {
    name: 'a real account merge without an amount says the amount is unknown',
    dir: REAL,
    file: 'account_merge',
    summary: /^merge .* into .*amount unknown/,
    not: /not given/,
    cell: /amount unknown/,
  },
  {
    name: 'a real claim without an amount says the amount is unknown',
    dir: REAL,
    file: 'claim_claimable_balance',
    summary: /claims .*amount unknown/,
    not: /the balance\b/,
    cell: /amount unknown/,
  },
  {
    name: 'a real contract call names its host function once, without the prefix',
    dir: REAL,
    file: 'invoke_host_function',
    summary: /./,
    not: /HostFunctionType/,
  },
  {
    name: 'a real bump_sequence says to which sequence',
    dir: REAL,
    file: 'bump_sequence',
    summary: /bump the sequence of .* to \d+/,
    cell: /\d{3,}/,
  },
  {
    name: 'a real change_trust says the asset and the limit',
    dir: REAL,
    file: 'change_trust_asset',
    summary: /trusts \w+ up to [\d,]+\.\d{7}|trusts \w+ up to unlimited/,
  },
  {
    name: 'a change_trust of limit 0 says the trust line is removed',
    dir: OWN,
    file: 'change_trust_asset',
    patch: (r) => {
      r['limit'] = '0.0000000';
    },
    summary: /removes its \w+ trust line/,
    not: /up to 0/,
  },
  {
    name: 'a real claimable balance created says amount, asset and claimants',
    dir: REAL,
    file: 'create_claimable_balance',
    summary: /claimable balance of [\d,.]+ \w+ for \w{6}…\w{6}/,
  },
  {
    name: "a claimable balance created for the account: the index row holds its amount and creator, moved none of the account's",
    dir: OWN,
    file: 'create_claimable_balance',
    viewer: () => 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX',
    summary: /claimable balance of 0\.0000450 USDX for GDJNVX…PVHTMX/,
    cell: /0\.0000450 USDX/,
    index: {
      asset: 'USDX:GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB',
      amount: 450n,
      counterparty: 'GCMYJC2V5Y7J56R6ICGO5WIFOL7FIEATW25PX3GDG2QBD2UH4U5ZEZ4D',
    },
  },
  {
    name: 'a real pool deposit says both reserves and the shares',
    dir: REAL,
    file: 'liquidity_pool_deposit',
    summary: /deposit [\d,.]+ \w+ \+ [\d,.]+ \w+ into pool .* for [\d,.]+ shares/,
    cell: /\+ .* →/,
  },
  {
    name: 'a real set_options says what changed',
    dir: REAL,
    file: 'set_options',
    summary: /set options of .*: (?!no change)/,
  },
];

afterEach(cleanup);

describe.each(ROWS)('$name', (row) => {
  const usable = row.dir === OWN || haveReal;
  it.skipIf(!usable)('reads so in the summary, the table cells, the drawer and the history index', () => {
    const record = recordOf(row.dir, row.file, row.patch);
    const viewer = row.viewer?.(record) ?? String(record['source_account']);
    const op: Operation = normalizeOperation(record, { viewer });
    if (row.type) expect(op.type).toBe(row.type);
    expect(op.type).not.toBe('other');
    const summary = operationSummary(op);
    expect(summary).toMatch(row.summary);
    if (row.not) expect(summary).not.toMatch(row.not);
    const cells = `${amountText(op, viewer)} | ${detailsText(op)}`;
    if (row.cell) expect(cells).toMatch(row.cell);
    if (row.not) expect(cells).not.toMatch(row.not);

    renderWith(fakeBridge({}), <DetailDrawer op={op} viewer={viewer} onClose={() => undefined} />);
    const drawer = screen.getByRole('dialog').textContent ?? '';
    expect(screen.getByTestId('op-summary').textContent).toBe(summary);
    if (row.not) expect(drawer).not.toMatch(row.not);

    const indexed = extractRow(record, viewer);
    if (row.type) expect(indexed.type).toBe(row.type);
    if (row.index) {
      expect(indexed).toMatchObject({ ...row.index, direction: 'none' });
    }
  });
});

describe("the history index's row of a pool deposit", () => {
  it('says both reserves that left and the shares that came in, in the workbench as in the exports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-rows-'));
    try {
      const ALICE = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
      const db = openIndex(join(dir, 'rows.sqlite'));
      const writer = new IndexWriter(db);
      const page = readFileSync(resolve('test/fixtures/horizon/pages/account-operations.json'));
      writer.ingestPageBytes(ALICE, new Uint8Array(page));
      writer.commit();
      const acct = Number(
        (db.prepare('SELECT acct FROM accounts WHERE address = ?').get(ALICE) as { acct: number }).acct,
      );
      const { rows } = queryPage(db, acct, { filter: { types: ['liquidity_pool_deposit'] }, sort: '-time', limit: 10 });
      db.close();
      const deposit = rows.find((row) => row.type === 'liquidity_pool_deposit');
      expect(deposit?.direction).toBe('both');
      expect(rowAmountText(deposit!)).toBe('9.6875000 XLM + 3.1000000 USDX → 5.4800712 shares');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the history index's rows of types that move no value", () => {
  it('say what the operation did (a trust line and its limit, an offer), not a blank cell', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-rows-'));
    try {
      const ALICE = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
      const db = openIndex(join(dir, 'rows.sqlite'));
      const writer = new IndexWriter(db);
      writer.ingestPageBytes(
        ALICE,
        new Uint8Array(readFileSync(resolve('test/fixtures/horizon/pages/account-operations.json'))),
      );
      writer.commit();
      const acct = Number(
        (db.prepare('SELECT acct FROM accounts WHERE address = ?').get(ALICE) as { acct: number }).acct,
      );
      const { rows } = queryPage(db, acct, { filter: {}, sort: '-time', limit: 10 });
      db.close();
      const trust = rows.find((row) => row.type === 'change_trust')!;
      // The page's trust line is of a failed transaction: what it tried, and that nothing changed.
      expect(trust.summary).toMatch(
        /^tried: \w{6}…\w{6} trusts EUROCOIN up to ([\d,]+\.\d{7}|unlimited); nothing changed$/,
      );
      expect(rowAmountText(trust)).toBe(trust.summary);
      expect(rows.find((row) => row.type === 'manage_sell_offer')!.summary).toMatch(/sell offer/);
      // A row that moved value says so by its amounts, with no sentence beside them.
      expect(rows.find((row) => row.type === 'payment')!.summary).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the totals tables', () => {
  const pool = (c: string) => `pool:${c.repeat(64)}`;
  const flow = (asset: string) => ({ asset, in: '1.0000000', out: '0.0000000', fees: '0', net: '1.0000000', count: 1 });

  it("name each pool's shares apart, not three rows of 'pool'", () => {
    renderWith(fakeBridge({}), <TotalsTable totals={[flow(pool('a')), flow(pool('b')), flow(pool('c'))]} />);
    const labels = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(labels).toEqual(['pool aaaaaa…aaaaaa shares', 'pool bbbbbb…bbbbbb shares', 'pool cccccc…cccccc shares']);
    // Their amounts read in shares, not in an asset called "pool".
    const cells = screen.getAllByRole('row')[1]!.textContent ?? '';
    expect(cells).toContain('1.0000000 shares');
    expect(cells).not.toMatch(/\d pool/);
  });

  it("print no fees under a counterparty's XLM (fees are paid to no party), and the fees under the asset's", () => {
    const native = { ...flow('native'), fees: '0.0000100' };
    renderWith(
      fakeBridge({}),
      <table>
        <tbody>
          <tr data-testid="party">
            <FlowCells asset="native" flow={{ ...native, fees: '0' }} stacked fees={false} />
          </tr>
          <tr data-testid="asset">
            <FlowCells asset="native" flow={native} />
          </tr>
        </tbody>
      </table>,
    );
    expect(screen.getByTestId('party').textContent).not.toMatch(/fees/);
    expect(screen.getByTestId('asset').textContent).toMatch(/fees 0\.0000100 XLM/);
  });
});
