// Which way an operation moves value relative to one account. Decided once, by the normaliser
// (core/normalize.ts) for the records of an account's listing or stream, and carried on
// the record: the renderer, the command line, export and notifications read `direction`.
import type { Operation } from './model';

export type Direction = NonNullable<Operation['direction']>;

/** The account value leaves and the account it reaches, where the operation type has them. */
function parties(operation: Operation): [string | undefined, string | undefined] {
  switch (operation.type) {
    case 'payment':
    case 'path_payment_strict_receive':
    case 'path_payment_strict_send':
      return [operation.from, operation.to];
    case 'clawback':
      return [operation.from, operation.sourceAccount];
    case 'create_account':
      return [operation.funder, operation.account];
    case 'account_merge':
      return [operation.account, operation.into];
    case 'claim_claimable_balance':
      return [undefined, operation.claimant];
    case 'other': {
      const f = operation.fields;
      return [f['from'] ?? f['sender'] ?? operation.sourceAccount, f['to'] ?? f['receiver']];
    }
    default:
      return [operation.sourceAccount, undefined];
  }
}

export function operationDirection(operation: Operation, viewer: string): Direction {
  const [from, to] = parties(operation);
  if (from === viewer && to === viewer) return 'self';
  if (to === viewer) return 'in';
  if (from === viewer) return 'out';
  return 'none';
}
