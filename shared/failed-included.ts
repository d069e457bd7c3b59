// Which listings show failed operations whatever the filter says. A transaction's operations share
// its outcome: a failed transaction's page must list what it tried, and Horizon lists those only
// when failed ones are asked for (the local service always includes them there). So a
// transaction's listing always asks, and its table offers no "Include failed" to untick.
import type { ListingTarget } from './ipc-values';

export function failedAlwaysIncluded(target: ListingTarget): boolean {
  return target.kind === 'operations' && target.scope === 'transaction';
}

/** Whether a listing asks the server for failed operations too. */
export function asksFailed(target: ListingTarget, query: { includeFailed: boolean }): boolean {
  return query.includeFailed || failedAlwaysIncluded(target);
}
