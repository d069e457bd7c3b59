// The Amount cell and the direction badge of an operation row, read from shared/moves.ts (the one
// reading of what an operation moved), from the side of the account the page is seen from: each
// line an amount, its asset and, where that account is a party, its direction (coloured). A path
// payment reads what left above what arrived, a pool deposit its first reserve ("+1": the other, in
// the cell's title, the Details cell and the drawer) above its shares. A failed operation moved
// nothing: its lines say what it tried, uncoloured (the row is marked failed, its title and its
// Details cell say nothing moved; no "tried" word, which would widen every row's column).
import type { ReactNode } from 'react';
import { displayAmount } from '../../../shared/amount';
import type { Operation } from '../../../shared/model';
import { AMOUNT_UNKNOWN, isZero } from '../../../shared/operation-summary';
import { movedLines, OFFER_NOTE, type MovedAsset, type MovedLine, type MoveDirection } from '../../../shared/moves';
import { fitOf, linesFit, type AmountFit } from './amount-fit';
import { Money, moneyText, type MoneyDirection } from './money';

/** The most lines a cell stands one above the other; the rest are counted ("+2"). */
const MAX_LINES = 2;

/**
 * The "in"/"out"/"both" badge of a row; nothing when the operation moved none of the account's
 * value (a type that moves none, a failed operation) or the record is not an account's. The
 * direction is the core's (core/sources/horizon/normalize.ts sets it with shared/moves.ts movesOf for the listing's
 * or the feed's account), the same reading the amounts below are coloured by.
 */
export function DirectionBadge({ op }: { op: Operation }) {
  const dir = op.direction ?? 'none';
  return dir === 'none' ? null : <span className={`badge dir-${dir}`}>{dir}</span>;
}

interface CellLines {
  lines: MovedLine[];
  /** Lines left out ("+2"). */
  more: number;
  /** The row's other text before its first line: an offer's price. */
  prefix?: string;
  /** What the row did, in place of amounts, where it moved none: an offer's deletion. */
  word?: string;
}

/** The lines a cell shows: the viewer's own first, at most MAX_LINES. */
function cellLines(op: Operation, viewer: string | undefined): CellLines | null {
  const failed = !op.successful;
  const all = movedLines(op, failed ? undefined : viewer);
  if (all.length === 0) return offerLine(op);
  const ordered = [...all.filter((line) => line.side), ...all.filter((line) => !line.side)];
  const lines = all.length > MAX_LINES ? ordered.slice(0, MAX_LINES) : all;
  return { lines, more: all.length - lines.length };
}

/** An offer moves nothing itself (its fills are trades): its amount and price, uncoloured. */
function offerLine(op: Operation): CellLines | null {
  switch (op.type) {
    case 'manage_sell_offer':
    case 'manage_offer':
    case 'create_passive_sell_offer':
    case 'manage_buy_offer': {
      if (isZero(op.amount)) return { lines: [], more: 0, word: 'delete offer' };
      const currency = op.type === 'manage_buy_offer' ? op.buying : op.selling;
      const line = { items: [{ asset: { kind: 'asset' as const, currency }, amount: op.amount }] };
      return { lines: [line], more: 0, prefix: `@ ${displayAmount(op.price)}` };
    }
    default:
      return null;
  }
}

const moneyDirection = (side: MoveDirection | undefined): MoneyDirection | undefined =>
  side === 'both' ? 'self' : side === 'none' ? undefined : side;

function MovedItem(props: { asset: MovedAsset; amount?: string | undefined; side?: MoveDirection; inRow: boolean }) {
  const { asset, amount, side, inRow } = props;
  if (asset.kind === 'balance' || amount === undefined) return <span className="muted">{AMOUNT_UNKNOWN}</span>;
  const direction = moneyDirection(side);
  if (asset.kind === 'shares') return <Money amount={amount} shares direction={direction} />;
  return <Money amount={amount} currency={asset.currency} direction={direction} inRow={inRow} />;
}

/** "+1 " before a line whose other items (a second reserve), or the cell's other lines, are left out. */
function hidden(line: MovedLine, moreLines: number): ReactNode {
  const count = line.items.length - 1 + moreLines;
  return count > 0 ? <span className="muted num">+{count} </span> : null;
}

/**
 * `viewer`: the account the page is seen from (its legs are coloured); `inRow` (the default): the
 * asset links stay out of Tab order. A prefix comes first, so amounts keep the right edge.
 */
export function amountCell(op: Operation, inRow = true, viewer?: string): ReactNode {
  const cell = cellLines(op, viewer);
  if (!cell) return null;
  const failed = !op.successful;
  if (cell.word) return <span className="amounts muted">{cell.word}</span>;
  return (
    <span
      className={`amounts${cell.lines.length > 1 ? ' stacked' : ''}${failed ? ' attempted' : ''}`}
      title={
        failed
          ? `tried ${amountText(op, viewer)}; nothing moved`
          : op.type.includes('offer')
            ? OFFER_NOTE
            : amountText(op, viewer)
      }
      data-attempted={failed ? 'true' : undefined}
    >
      {cell.lines.map((line, i) => (
        <span key={i} className="leg" data-side={line.side}>
          {i === 0 && cell.prefix ? <span className="muted num">{cell.prefix} </span> : null}
          {i > 0 ? <span className="muted"> → </span> : null}
          {/* What the line leaves out is counted before its amount, so the amount keeps the right edge. */}
          {hidden(line, i === cell.lines.length - 1 ? cell.more : 0)}
          <MovedItem {...line.items[0]!} {...(line.side ? { side: line.side } : {})} inRow={inRow} />
        </span>
      ))}
    </span>
  );
}

const itemText = (item: { asset: MovedAsset; amount?: string }) =>
  item.asset.kind === 'balance' || item.amount === undefined
    ? AMOUNT_UNKNOWN
    : moneyText(item.amount, item.asset.kind === 'shares' ? 'shares' : item.asset.currency);

/** Plain-text form of amountCell, for rows mounted during a fling (and for tests): lines joined by " → ". */
export function amountText(op: Operation, viewer?: string): string {
  const cell = cellLines(op, viewer);
  if (!cell) return '';
  if (cell.word) return cell.word;
  const text = cell.lines.map((line) => line.items.map(itemText).join(' + ')).join(' → ');
  return `${cell.prefix ? `${cell.prefix} ` : ''}${text}${cell.more ? ` +${cell.more}` : ''}`;
}

/** What amountCell shows, in characters, for the column's width and code slot (amount-fit.ts). */
export function amountFit(op: Operation, viewer?: string): AmountFit | null {
  const cell = cellLines(op, viewer);
  if (!cell || cell.word) return null;
  const code = (asset: MovedAsset) =>
    asset.kind === 'asset' ? asset.currency.code : asset.kind === 'shares' ? 'shares' : 'balance';
  const fits = cell.lines.map((line, i) => ({
    moves: line.items.slice(0, 1).map((item): [string, string] => [item.amount ?? '0', code(item.asset)]),
    other:
      (line.items.length > 1 ? String(line.items.length - 1).length + 2 : 0) +
      (i > 0 ? 3 : 0) +
      (i === 0 && cell.prefix ? cell.prefix.length + 1 : 0) +
      (i === cell.lines.length - 1 && cell.more ? String(cell.more).length + 2 : 0),
  }));
  return fits.length === 1 ? fitOf(fits[0]!.moves, fits[0]!.other) : linesFit(fits);
}
