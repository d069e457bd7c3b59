// The one sentence of a damaged history index (worker-thread/damage.ts finds the damage): which
// account, why, and how to rebuild it. Used by the worker's refusals and the core's status.
import { CoreError } from '../app/errors';

/** The error every answer from a damaged index is: which account, why, and how to rebuild it. */
export function damagedError(account: string | null, detail: string): CoreError {
  const whose = account ? `of ${account.slice(0, 56)}` : 'of this network';
  const how = account
    ? `the "Rebuild" button of its index panel, or \`ledgerscope sync ${account.slice(0, 56)} --rebuild\``
    : 'the "Rebuild" button of an account\'s index panel, or `ledgerscope sync <account> --rebuild`';
  return new CoreError(
    'index_damaged',
    `The history index ${whose} is damaged (${detail.slice(0, 200)}); nothing is read from it. Rebuild it: ${how}.`,
  );
}
