// Single resources by id: an operation, account, ledger, transaction, claimable balance or
// liquidity pool, each normalised with the exact text the server sent.
import type { TransactionDetail } from '../../shared/model';
import type { CoreContext, DomainHandlers } from '../app/context';
import { CoreError } from '../app/errors';
import { scopeId } from '../sources/horizon/listings';
import { normalizeOperation } from '../sources/horizon/normalize';
import {
  normalizeAccount,
  normalizeClaimableBalance,
  normalizeLedger,
  normalizeLiquidityPool,
  normalizeTransaction,
} from '../sources/horizon/resources';

type ResourceChannel =
  'operation:get' | 'account:get' | 'ledger:get' | 'transaction:get' | 'claimable-balance:get' | 'liquidity-pool:get';

export function resourceHandlers(ctx: CoreContext): DomainHandlers<ResourceChannel> {
  const { getResource } = ctx;
  return {
    'operation:get': async function operationGet({ id }, { signal }) {
      if (!/^\d{1,19}$/.test(id))
        throw new CoreError('invalid_input', `"${id.slice(0, 40)}" is not an operation id (digits).`);
      const [body, raw] = await getResource(`/operations/${id}`, `Operation ${id}`, signal);
      return normalizeOperation(body, { raw });
    },
    'account:get': async function accountGet({ id }, { signal }) {
      const account = scopeId('account', id);
      return normalizeAccount(...(await getResource(`/accounts/${account}`, `Account ${account}`, signal)));
    },
    'ledger:get': async function ledgerGet({ sequence }, { signal }) {
      const seq = scopeId('ledger', String(sequence));
      return normalizeLedger(...(await getResource(`/ledgers/${seq}`, `Ledger ${seq}`, signal)));
    },
    'transaction:get': async function transactionGet({ hash }, { signal }): Promise<TransactionDetail> {
      const tx = scopeId('transaction', hash);
      return normalizeTransaction(...(await getResource(`/transactions/${tx}`, `Transaction ${tx}`, signal)));
    },
    'claimable-balance:get': async function claimableBalanceGet({ id }, { signal }) {
      const balance = scopeId('claimable_balance', id);
      return normalizeClaimableBalance(
        ...(await getResource(`/claimable_balances/${balance}`, `Claimable balance ${balance}`, signal)),
      );
    },
    'liquidity-pool:get': async function liquidityPoolGet({ id }, { signal }) {
      const pool = scopeId('liquidity_pool', id);
      return normalizeLiquidityPool(
        ...(await getResource(`/liquidity_pools/${pool}`, `Liquidity pool ${pool}`, signal)),
      );
    },
  };
}
