// Single resources by id: an operation, account, ledger, transaction, claimable balance or
// liquidity pool, each normalised with the exact text the server sent.
import type { TransactionDetail } from '../../shared/model';
import type { CoreContext, DomainHandlers } from '../app/context';
import { CoreError } from '../app/errors';
import { scopeId } from '../sources/scope-id';

type ResourceChannel =
  'operation:get' | 'account:get' | 'ledger:get' | 'transaction:get' | 'claimable-balance:get' | 'liquidity-pool:get';

export function resourceHandlers(ctx: CoreContext): DomainHandlers<ResourceChannel> {
  const { orNotFound } = ctx;
  const source = () => ctx.source();
  return {
    'operation:get': async function operationGet({ id }, { signal }) {
      if (!/^\d{1,19}$/.test(id))
        throw new CoreError('invalid_input', `"${id.slice(0, 40)}" is not an operation id (digits).`);
      return orNotFound(`Operation ${id}`, () => source().resource('operation', id, signal));
    },
    'account:get': async function accountGet({ id }, { signal }) {
      const account = scopeId('account', id);
      return orNotFound(`Account ${account}`, () => source().resource('account', account, signal));
    },
    'ledger:get': async function ledgerGet({ sequence }, { signal }) {
      const seq = scopeId('ledger', String(sequence));
      return orNotFound(`Ledger ${seq}`, () => source().resource('ledger', seq, signal));
    },
    'transaction:get': async function transactionGet({ hash }, { signal }): Promise<TransactionDetail> {
      const tx = scopeId('transaction', hash);
      return orNotFound(`Transaction ${tx}`, () => source().resource('transaction', tx, signal));
    },
    'claimable-balance:get': async function claimableBalanceGet({ id }, { signal }) {
      const balance = scopeId('claimable_balance', id);
      return orNotFound(`Claimable balance ${balance}`, () => source().resource('claimable_balance', balance, signal));
    },
    'liquidity-pool:get': async function liquidityPoolGet({ id }, { signal }) {
      const pool = scopeId('liquidity_pool', id);
      return orNotFound(`Liquidity pool ${pool}`, () => source().resource('liquidity_pool', pool, signal));
    },
  };
}
