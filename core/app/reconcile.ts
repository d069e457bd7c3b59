// The reconciliation of an account's indexed flows with the balances the network reports now,
// and an asset's balance history (issue #27): the index's sums from the worker, the account from
// the network, read together by shared/reconcile.ts (the one reading every view shows).
import type { BalanceHistory, BalancePeriod } from '../../shared/balance-history';
import type { IndexCoverage } from '../../shared/index-coverage';
import type { Balance } from '../../shared/model';
import { parseAmount, parseSum } from '../../shared/amount';
import { movedAssetKey } from '../../shared/moves';
import { reconcile, type ReportedBalance, type Reconciliation } from '../../shared/reconcile';
import type { CoreContext } from './context';
import { isLacking, need } from '../sources/source';
import { Keypair } from '@stellar/stellar-base';

/** A balance line's asset key: the one the index writes (shared/moves.ts movedAssetKey); null without an asset. */
export function balanceKey(balance: Balance): string | null {
  if (balance.liquidityPoolId) return movedAssetKey({ kind: 'shares', pool: balance.liquidityPoolId });
  return balance.currency ? movedAssetKey({ kind: 'asset', currency: balance.currency }) : null;
}

interface Reported {
  /** null: the account does not exist now. */
  balances: ReportedBalance[] | null;
  lastModifiedLedger: number | null;
  /** The server lists only some of the account's balances (Stellar RPC: no trustline listing). */
  someBalances: boolean;
}

/** The account's balances as the network reports them now; none when it does not exist (merged). */
async function reported(ctx: CoreContext, account: string, signal: AbortSignal): Promise<Reported> {
  const found = await ctx.source().account(account, { signal });
  if (found === null) return { balances: null, lastModifiedLedger: null, someBalances: false };
  const balances = found.balances.flatMap((b) => {
    const asset = balanceKey(b);
    return asset ? [{ asset, amount: b.amount }] : [];
  });
  return {
    balances,
    lastModifiedLedger: found.lastModifiedLedger ?? null,
    someBalances: found.balancesNote !== undefined,
  };
}

/** The coins genesis creates, all held by the root account (a ledger record without `total_coins` says no other). */
const GENESIS_COINS = '100000000000';

/**
 * The native balance the account held at genesis, when it is the network's root account (the
 * one genesis creates, from the passphrase) and the server's history starts at genesis: that
 * ledger's total coins. Null for any other account or server.
 */
async function genesisBalance(
  ctx: CoreContext,
  account: string,
  completeFrom: number | null,
  signal: AbortSignal,
): Promise<string | null> {
  if (completeFrom === null) return null;
  const passphrase = await need(ctx.source().submission).passphrase(signal);
  if (Keypair.master(passphrase).publicKey() !== account) return null;
  const elder = await ctx.source().historyEdge(completeFrom, signal);
  return elder.genesis ? (elder.totalCoins ?? GENESIS_COINS) : null;
}

/** The reconciliation, and what the index covers (the handler's answer carries both). */
export async function reconcileAccount(
  ctx: CoreContext,
  account: string,
  signal: AbortSignal,
): Promise<{ reconciliation: Reconciliation; coverage: IndexCoverage }> {
  const profile = ctx.networks.selected();
  // One round trip to the worker: the sums, the account's row, its coverage (issue #35).
  const asked = reported(ctx, account, signal);
  asked.catch(() => undefined); // an index read from ledgers answers without it
  const { sums, completeFromLedger, coverage, ledgers } = await ctx.history.reconcileInput(profile, account);
  if (ledgers) {
    // Reconciled from the ledgers' own balances (issue 39.3); the network, when it answers, is
    // compared with the closing balances too, and said.
    const network = await asked.catch(() => null);
    const reconciliation = reconcile({
      account,
      sums,
      balances: network?.balances ?? null,
      networkAsked: network !== null,
      someBalances: network?.someBalances ?? false,
      partial: coverage.partial,
      completeFromLedger,
      lastModifiedLedger: network?.lastModifiedLedger ?? null,
      newerOnServer: null,
      genesisBalance: null,
      checkedAt: new Date().toISOString(),
      ledgers,
    });
    return { reconciliation, coverage };
  }
  const network = await asked;
  const genesis = sums.created ? null : await genesisBalance(ctx, account, completeFromLedger, signal);
  const input = {
    genesisBalance: genesis,
    account,
    sums,
    balances: network.balances,
    partial: coverage.partial,
    completeFromLedger,
    lastModifiedLedger: network.lastModifiedLedger,
    newerOnServer: null,
    checkedAt: new Date().toISOString(),
  };
  const first = reconcile(input);
  // A difference, and the account changed after the index's newest record (or does not say
  // when): whether the index is behind is asked of the server before any cause is named.
  const changedAfter =
    network.lastModifiedLedger === null || sums.newestLedger === null || network.lastModifiedLedger > sums.newestLedger;
  if (first.reconciled || !changedAfter) return { reconciliation: first, coverage };
  const source = ctx.source();
  const newer = isLacking(source.index)
    ? null
    : await source.index.newerThan(source.http, account, sums.newestLedger, signal);
  return { reconciliation: reconcile({ ...input, newerOnServer: newer }), coverage };
}

/**
 * One asset's balance per period. From zero when the index holds the account's creation; else
 * drawn back from the balance the network reports now (that balance less what moved after each point).
 */
export async function balanceHistory(
  ctx: CoreContext,
  account: string,
  asset: string,
  by: BalancePeriod,
  signal: AbortSignal,
): Promise<BalanceHistory> {
  const profile = ctx.networks.selected();
  const key = asset === 'XLM' ? 'native' : asset;
  const sums = await ctx.history.call(profile, 'sums', { account });
  let opening = 0n;
  if (!sums.created) {
    const now = (await reported(ctx, account, signal)).balances?.find((b) => b.asset === key)?.amount ?? '0';
    const flows = sums.assets.find((a) => a.asset === key);
    const net = flows ? parseSum(flows.in) - parseSum(flows.out) - parseSum(flows.fees) : 0n;
    opening = parseAmount(now) - net;
  }
  const points = await ctx.history.call(profile, 'balance', { account, asset: key, by, opening });
  return { asset: key, by, anchor: sums.created ? 'creation' : 'reported', points };
}
