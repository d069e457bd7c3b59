// The causes a reconciliation (reconcile.ts) names for a difference, most likely first (issue
// #36): each only when what it says holds and was checked, and every one that holds listed
// (causesOf), so that a test can set each up alone. Pure and exact.
import type { AssetSums, IndexSums, ReconcileInput } from './reconcile-input';

const count = (n: number) => n.toLocaleString('en');

/**
 * The causes the reconciliation can name, most likely first. Each is named only when what it says
 * was checked: `behind` and `changed_unlisted` only after the core asked the server whether it lists
 * records of the account after the index's newest (ReconcileInput.newerOnServer).
 */
export const RECONCILE_CAUSES = [
  /** The index's sync has not finished. */
  'partial',
  /** The server lists records of the account after the index's newest: the index is behind. */
  'behind',
  /** No sync has walked the account's transactions and trades yet. */
  'sides_pending',
  /** The server does not serve the account's transactions or trades. */
  'sides_missing',
  /** The account changed after the index's newest record and the server lists nothing after it. */
  'changed_unlisted',
  /** The account changed after the index's newest record; the server was not asked what it lists after it. */
  'changed_unchecked',
  /** Operations whose records do not carry the amount moved. */
  'amount_unknown',
  /** Claims whose records say neither asset nor amount. */
  'claims_unknown',
  /** Operations whose records carry no transaction, so no fee (XLM only). */
  'no_fee',
  /** The account's history before a ledger is not on this server. */
  'pruned',
  /** None of the above holds. */
  'unexplained',
] as const;
export type ReconcileCause = (typeof RECONCILE_CAUSES)[number];

/** A cause that holds, and its sentence. */
export interface CauseHeld {
  cause: ReconcileCause;
  text: string;
}

const plural = (n: number, one: string) => `${count(n)} ${one}${n === 1 ? '' : 's'}`;

/**
 * Every cause that holds for a difference in `asset`, most likely first ('unexplained' alone when
 * none does). The line names the first.
 */
export function causesOf(input: ReconcileInput, sums: AssetSums | undefined, asset: string): CauseHeld[] {
  const { sums: index, partial, completeFromLedger, lastModifiedLedger, newerOnServer } = input;
  const held: CauseHeld[] = [];
  const add = (cause: ReconcileCause, text: string) => held.push({ cause, text });
  if (partial)
    add('partial', `the index is not complete (${partial}): its sync has not reached the account's latest operations`);
  const changedAfter =
    lastModifiedLedger !== null && index.newestLedger !== null && lastModifiedLedger > index.newestLedger;
  if (newerOnServer === true) {
    const by =
      lastModifiedLedger !== null && index.newestLedger !== null && changedAfter
        ? ` by ${plural(lastModifiedLedger - index.newestLedger, 'ledger')}`
        : '';
    const where = changedAfter
      ? ` (the account changed in ledger ${count(lastModifiedLedger)}; the index's newest record is in ledger ${count(index.newestLedger!)}, and the server lists the account's records after it)`
      : ' (the server lists the account’s records after the index’s newest)';
    add('behind', `the index is behind the server${by}: update it${where}`);
  }
  if (index.unread.length > 0) add(index.sidesPending ? 'sides_pending' : 'sides_missing', unreadCause(index));
  if (changedAfter && newerOnServer === false)
    add(
      'changed_unlisted',
      `the account changed in ledger ${count(lastModifiedLedger)}, after its newest indexed record (ledger ${count(index.newestLedger!)}), and the server lists none of its operations, transactions or trades after that record`,
    );
  if (changedAfter && newerOnServer === null)
    add(
      'changed_unchecked',
      `the account changed in ledger ${count(lastModifiedLedger)}, after its newest indexed record (ledger ${count(index.newestLedger!)}): update the index`,
    );
  if (sums && sums.unknown > 0)
    add('amount_unknown', `${plural(sums.unknown, 'operation')} whose records do not carry the amount moved`);
  if (index.unknownClaims > 0)
    add(
      'claims_unknown',
      `${plural(index.unknownClaims, 'claim')} of claimable balances whose records say neither asset nor amount`,
    );
  if (asset === 'native' && sums && sums.nofee > 0)
    add('no_fee', `${plural(sums.nofee, 'operation')} whose records carry no transaction, so no fee`);
  if (!index.created && completeFromLedger !== null)
    add('pruned', `the account's history before ledger ${count(completeFromLedger)} is not on this server`);
  if (held.length === 0)
    add(
      'unexplained',
      'a balance change none of the account’s operations, transactions or trades on this server shows',
    );
  return held;
}

/** What the index has not read beside the operations, and why. */
function unreadCause(index: IndexSums): string {
  if (index.sidesPending)
    return 'the index has not yet read the account’s transactions and trades (fees it paid for other accounts’ transactions, fills of its offers): sync it again';
  const what = index.unread.map((kind) =>
    kind === 'trades'
      ? `trades (fills of its offers${index.offers > 0 ? `: it placed ${count(index.offers)} offer operation${index.offers === 1 ? '' : 's'}` : ''})`
      : 'transactions (fees it paid for other accounts’ transactions)',
  );
  return `this server does not list the account’s ${what.join(' or ')}`;
}
