// The ids a listing or a resource is asked by, checked before any source is asked: an account
// (G…), a ledger sequence, a transaction hash, a claimable balance (72 hex or B…), a liquidity
// pool (64 hex or L…), each returned in the form the routes use.
import { classifyId } from '../../shared/ids';
import type { OperationScope } from '../../shared/ipc';
import { CoreError } from '../app/errors';

/** Checks an id of a scope and returns it in the form the server's routes use. */
export function scopeId(scope: OperationScope | 'payments', id: string): string {
  const c = classifyId(id);
  const fail = (what: string): never => {
    const reason = c.kind === 'invalid' ? c.reason : `it looks like a ${c.kind.replace(/_/g, ' ')}`;
    throw new CoreError('invalid_input', `"${id.slice(0, 80)}" is not ${what}: ${reason}.`);
  };
  switch (scope) {
    case 'payments':
    case 'account':
      return c.kind === 'account' ? c.value : fail('an account id (G…)');
    case 'ledger':
      return c.kind === 'ledger' ? c.value : fail('a ledger sequence number');
    case 'transaction':
      return c.kind === 'transaction_or_pool' ? c.value : fail('a transaction hash (64 hex characters)');
    case 'claimable_balance':
      return c.kind === 'claimable_balance' ? c.value : fail('a claimable balance id (72 hex characters or B…)');
    case 'liquidity_pool':
      return c.kind === 'liquidity_pool' || c.kind === 'transaction_or_pool'
        ? c.value
        : fail('a liquidity pool id (64 hex characters or L…)');
  }
}
