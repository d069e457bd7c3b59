// The Amount and Dir cells and the drawer's Moved block read shared/moves.ts from the side of the
// account the page is seen from: a pool deposit's reserves go out and its shares come in (both), a
// withdrawal the reverse, a trust line moves nothing (no direction), and a failed path payment
// says what it tried and that nothing moved, nothing coloured as moved.
import { cleanup, screen, within } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractRow } from '../../core/history-index/worker-thread/extract';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { displayAmount, formatAmount } from '../../shared/amount';
import { movesOf } from '../../shared/moves';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import {
  amountCell,
  amountText,
  detailsCell,
  detailsText,
  DirectionBadge,
} from '../../renderer/src/components/operation-cells';
import { parseJson } from '../../shared/json';
import type { Operation } from '../../shared/model';
import { operationSummary } from '../../shared/operation-summary';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const FIXTURES = resolve('test/fixtures/horizon/operations');
/** A fixture read as the core reads an account's listing: its direction set for `viewer`. */
function fixture(name: string, failed = false, viewer?: string): Operation {
  const text = readFileSync(resolve(FIXTURES, `${name}.json`), 'utf8');
  const turned = failed ? text.replace('"transaction_successful": true', '"transaction_successful": false') : text;
  if (failed && turned === text) throw new Error(`${name}: no success flag to turn`);
  return normalizeOperation(parseJson(turned), { viewer });
}
const ALICE = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const CAROL = 'GAGQZBVS3AH22E2G4IJLXONUHGN7QDXOE3NKPYUI42NKUDR7WKEDQ3I3';
const STRANGER = 'GAWRR7NJKNFLUGBZTXD7HZNSN73TVUYKO4STMAK2J6KAN3PBHM2WBQ7S';

afterEach(cleanup);

function row(op: Operation, viewer?: string) {
  renderWith(
    fakeBridge({}),
    <div>
      <span data-testid="dir">
        <DirectionBadge op={op} />
      </span>
      <span data-testid="amount">{amountCell(op, true, viewer)}</span>
      <span data-testid="details">{detailsCell(op, true, viewer)}</span>
    </div>,
  );
  const amount = screen.getByTestId('amount');
  /** Each amount shown: its text and the direction it is coloured with ("-" for none). */
  const moneys = [...amount.querySelectorAll('.money')].map(
    (m) => `${m.getAttribute('data-direction') ?? '-'} ${m.textContent}`,
  );
  return {
    dir: screen.getByTestId('dir').textContent,
    amount: amount.textContent,
    moneys,
    details: screen.getByTestId('details').textContent,
  };
}

describe('a pool deposit and a withdrawal', () => {
  it('a deposit seen from its depositor: the reserves out, the shares in, direction both', () => {
    const cell = row(fixture('liquidity_pool_deposit', false, ALICE), ALICE);
    expect(cell.dir).toBe('both');
    // The second reserve is counted ("+1") in the cell, named in its title (and Details, the drawer).
    expect(cell.moneys).toEqual(['out 968.7500000 XLM', 'in 548.0071258 shares']);
    expect(cell.amount).toBe('+1 968.7500000 XLM → 548.0071258 shares');
    expect(amountText(fixture('liquidity_pool_deposit'), ALICE)).toBe(
      '968.7500000 XLM + 310.0000000 USDX → 548.0071258 shares',
    );
    expect(cell.details).toContain('310.0000000 USDX');
  });

  it('a withdrawal seen from its owner: the shares out, the reserves in', () => {
    const cell = row(fixture('liquidity_pool_withdraw', false, ALICE), ALICE);
    expect(cell.dir).toBe('both');
    expect(cell.moneys).toEqual(['out 274.0035629 shares', 'in 484.3750003 XLM']);
    expect(amountText(fixture('liquidity_pool_withdraw'), ALICE)).toBe(
      '274.0035629 shares → 484.3750003 XLM + 155.0000001 USDX',
    );
  });

  it('seen from an account not in it, or from no account: the amounts, nothing coloured, no direction', () => {
    for (const viewer of [STRANGER, undefined]) {
      const cell = row(fixture('liquidity_pool_deposit', false, viewer), viewer);
      expect(cell.dir).toBe('');
      expect(cell.moneys).toEqual(['- 968.7500000 XLM', '- 548.0071258 shares']);
      cleanup();
    }
  });
});

describe('types that move no value', () => {
  it.each(['change_trust_asset', 'manage_data', 'set_options', 'bump_sequence'])(
    '%s: no direction and no amount, from its source',
    (name) => {
      const source = fixture(name).sourceAccount;
      const op = fixture(name, false, source);
      const cell = row(op, source);
      expect(cell.dir).toBe('');
      expect(cell.amount).toBe('');
      expect(amountText(op, op.sourceAccount)).toBe('');
    },
  );
});

describe('a failed strict-receive path payment', () => {
  const op = fixture('path_payment_strict_receive', true, CAROL);

  it('says what it tried and that nothing moved, nothing coloured and no direction', () => {
    const cell = row(op, CAROL);
    expect(cell.dir).toBe('');
    expect(cell.moneys).toEqual(['- 85.0000000 EUROCOIN', '- 75.0000000 USDX']);
    expect(cell.amount).toBe('85.0000000 EUROCOIN → 75.0000000 USDX');
    const attempted = screen.getByTestId('amount').querySelector('[data-attempted]');
    expect(attempted?.getAttribute('title')).toBe('tried 85.0000000 EUROCOIN → 75.0000000 USDX; nothing moved');
    expect(cell.details).toContain('send at most 85.0000000 EUROCOIN');
    expect(cell.details).toMatch(/nothing moved$/);
    expect(detailsText(op)).toBe('GAGQZB…EDQ3I3 → GDUVY4…UFOEQQ send at most 85.0000000 EUROCOIN · nothing moved');
  });

  it('the summary: what it tried, never "sent 0 … received …"', () => {
    const zero = { ...op, sourceAmount: '0.0000000' } as Operation;
    for (const tried of [op, zero]) {
      expect(operationSummary(tried)).toBe(
        'tried to send at most 85.0000000 EUROCOIN for 75.0000000 USDX to GDUVY4…UFOEQQ; nothing moved',
      );
    }
    // The same record, successful: what moved.
    expect(operationSummary(fixture('path_payment_strict_receive'))).toMatch(/sent 81\.2297405 EUROCOIN/);
  });

  it('the drawer: no direction, "Nothing moved", and what it would have sent', () => {
    renderWith(fakeBridge({}), <DetailDrawer op={op} viewer={CAROL} onClose={() => undefined} />);
    const moved = screen.getByTestId('op-moves');
    expect(moved.getAttribute('data-direction')).toBe('none');
    expect(moved.textContent).toContain('Nothing moved: the transaction failed.');
    expect(moved.textContent).toContain('would have sent 85.0000000 EUROCOIN to');
    expect(moved.querySelector('[data-direction="out"]')).toBeNull();
    expect(screen.getByTestId('op-summary').textContent).toMatch(/^tried to send at most/);
  });
});

describe('the drawer of a pool deposit', () => {
  it('lists each leg from the depositor’s side', () => {
    renderWith(
      fakeBridge({}),
      <DetailDrawer op={fixture('liquidity_pool_deposit')} viewer={ALICE} onClose={() => undefined} />,
    );
    const moved = screen.getByTestId('op-moves');
    expect(moved.getAttribute('data-direction')).toBe('both');
    const lines = within(moved)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\s+/g, ' '));
    expect(lines[0]).toMatch(/^sent 968\.7500000 XLM to /);
    expect(lines[2]).toMatch(/^received 548\.0071258 shares from /);
  });
});

describe('the history index row and the Amount cell agree', () => {
  const names = readdirSync(FIXTURES).map((file) => file.replace(/\.json$/, ''));
  it.each(names)('%s, from its source and from each party', (name) => {
    for (const failed of [false, true]) {
      const text = readFileSync(resolve(FIXTURES, `${name}.json`), 'utf8');
      const turned = failed ? text.replace('"transaction_successful": true', '"transaction_successful": false') : text;
      const op = normalizeOperation(parseJson(turned));
      const parties = movesOf(op).legs.map((leg) => leg.counterparty ?? '');
      for (const viewer of new Set([op.sourceAccount, ...parties.filter((id) => id.startsWith('G'))])) {
        const row = extractRow(parseJson(turned), viewer);
        const cell = amountText(op, viewer);
        if (row.amount !== null) expect(cell).toContain(displayAmount(formatAmount(row.amount)));
        if (row.sourceAmount !== null) expect(cell).toContain(displayAmount(formatAmount(row.sourceAmount)));
        if (row.direction === 'none' && !failed) expect(movesOf(op, viewer).legs).toEqual([]);
      }
    }
  });
});
