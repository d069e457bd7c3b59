// Applying one transaction in a ledger: re-check it against the state of the moment (a queued
// transaction that became invalid is dropped, as stellar-core drops it from the transaction set),
// charge the fee and consume the sequence number, then apply the operations; if any fails, roll
// their effects back and record the transaction as failed.
import { StrKey } from '@stellar/stellar-base';
import { LEDGER_TYPE_CODES } from '../../shared/model';
import { detailsJson } from './details';
import { type Envelope, type Operation, poolId, type Transaction } from './model';
import {
  applyAccountMerge,
  applyBumpSequence,
  applyCreateAccount,
  applyManageData,
  applyPayment,
  applySetOptions,
} from './ops-basic';
import type { ApplyContext, OpInfo } from './ops-common';
import { applyPoolDeposit, applyPoolWithdraw } from './ops-pool';
import { applyChangeTrust, applyClaimClaimableBalance, applyCreateClaimableBalance } from './ops-trust';
import { OP, type OpResult, opOuter, TX, type TxOutcome, transactionResultXdr } from './results';
import { type CheckContext, checkEnvelope, minFee } from './validate';
import { planEvents, type MetaPlan } from './meta';
import { feeMetaBytes, resultMetaBytes } from './meta-writer';

/** The ledger a transaction is applied in: admission's context without the queue. */
export type LedgerContext = Omit<CheckContext, 'pending'>;

export interface AppliedOp {
  /** docs/design.md's type number. */
  type: number;
  source: string;
  details: string;
  /** [scope, key] rows of operation_scopes. */
  scopes: [string, string][];
}

export interface AppliedTx {
  env: Envelope;
  successful: boolean;
  feeCharged: bigint;
  resultXdr: string;
  ops: AppliedOp[];
  /** What a real core records of it (meta.ts): its fee's entry changes, and its TransactionMetaV4, as XDR. */
  feeMeta: Buffer;
  resultMeta: Buffer;
  /** The plain data those were written from. */
  plan: MetaPlan;
}

export type ApplyOutcome = { applied: AppliedTx } | { dropped: TxOutcome };

function applyBody(ctx: ApplyContext, source: string, op: Operation, index: number, info: OpInfo): OpResult {
  const body = op.body;
  switch (body.type) {
    case 'payment':
      return applyPayment(ctx, source, body);
    case 'create_account':
      return applyCreateAccount(ctx, source, body);
    case 'change_trust':
      return applyChangeTrust(ctx, source, body);
    case 'create_claimable_balance':
      return applyCreateClaimableBalance(ctx, source, body, index, info);
    case 'claim_claimable_balance':
      return applyClaimClaimableBalance(ctx, source, body, info);
    case 'liquidity_pool_deposit':
      return applyPoolDeposit(ctx, source, body, info);
    case 'liquidity_pool_withdraw':
      return applyPoolWithdraw(ctx, source, body, info);
    case 'manage_data':
      return applyManageData(ctx, source, body);
    case 'account_merge':
      return applyAccountMerge(ctx, source, body, info);
    case 'bump_sequence':
      return applyBumpSequence(ctx, source, body);
    case 'set_options':
      return applySetOptions(ctx, source, body.options);
    case 'unsupported':
      return opOuter(OP.NOT_SUPPORTED);
  }
}

function scopesOf(op: Operation, source: string, info: OpInfo): [string, string][] {
  const body = op.body;
  const accounts = new Set([source]);
  const rows: [string, string][] = [];
  switch (body.type) {
    case 'payment':
      accounts.add(body.destination);
      rows.push(['payment', source]);
      if (body.destination !== source) rows.push(['payment', body.destination]);
      break;
    case 'create_account':
    case 'account_merge':
      accounts.add(body.destination);
      break;
    case 'create_claimable_balance':
      for (const c of body.claimants) accounts.add(c.destination);
      if (info.balanceId) rows.push(['claimable_balance', info.balanceId]);
      break;
    case 'claim_claimable_balance':
      rows.push(['claimable_balance', body.balanceId]);
      break;
    case 'liquidity_pool_deposit':
    case 'liquidity_pool_withdraw':
      rows.push(['liquidity_pool', body.poolId]);
      break;
    case 'change_trust':
      if (body.pool) rows.push(['liquidity_pool', poolId(body.pool)]);
      break;
    default:
      break;
  }
  for (const account of accounts) rows.push(['account', account]);
  return rows;
}

/** Signatures were weighed by checkEnvelope against the state before any operation applied, as
 * stellar-core's processSignatures does; an operation whose source is gone by its turn (merged,
 * or never created) is opNO_ACCOUNT. */
function applyOperations(
  ledger: LedgerContext,
  tx: Transaction,
): { results: OpResult[]; infos: OpInfo[]; changes: ReturnType<LedgerContext['state']['takeSegment']>[] } {
  const ctx: ApplyContext = { ...ledger, txSource: tx.source, txSeq: tx.seq };
  const results: OpResult[] = [];
  const infos: OpInfo[] = [];
  const changes: ReturnType<LedgerContext['state']['takeSegment']>[] = [];
  tx.operations.forEach((op, index) => {
    const sourceId = op.source ?? tx.source;
    const info: OpInfo = {};
    infos.push(info);
    ledger.state.startSegment();
    if (!ledger.state.accounts.has(sourceId)) results.push(opOuter(OP.NO_ACCOUNT));
    else results.push(applyBody(ctx, sourceId, op, index, info));
    changes.push(ledger.state.takeSegment());
  });
  return { results, infos, changes };
}

/**
 * A pre-authorised transaction signer is removed once its transaction is applied, from every
 * source account (a fee bump's own hash from the fee source), used or not and whatever the
 * operations' outcome (stellar-core's removeOneTimeSignerFromAllSourceAccounts).
 */
function removeOneTimeSigners(ledger: LedgerContext, env: Envelope): void {
  const remove = (accountId: string, hashHex: string) => {
    const account = ledger.state.accounts.get(accountId);
    if (!account?.signers.some((s) => s.key.startsWith('T'))) return;
    const key = StrKey.encodePreAuthTx(Buffer.from(hashHex, 'hex'));
    const at = account.signers.findIndex((s) => s.key === key);
    if (at < 0) return;
    const changed = ledger.state.accounts.touch(accountId) as typeof account;
    changed.signers.splice(at, 1);
    changed.subentries -= 1;
    changed.lastModified = ledger.ledger;
  };
  if (env.feeBump) remove(env.feeBump.feeSource, env.hash);
  const sources = new Set([env.tx.source, ...env.tx.operations.flatMap((op) => (op.source ? [op.source] : []))]);
  for (const id of sources) remove(id, env.feeBump?.innerHash ?? env.hash);
}

export function applyEnvelope(ledger: LedgerContext, env: Envelope): ApplyOutcome {
  const { state } = ledger;
  const invalid = checkEnvelope(ledger, env);
  if (invalid) return { dropped: invalid };
  const { tx, feeBump } = env;
  const fee = minFee(tx, ledger.baseFee, feeBump !== undefined);
  state.startSegment();
  const payerId = feeBump?.feeSource ?? tx.source;
  const payer = state.accounts.touch(payerId);
  if (!payer) throw new Error('fee source vanished after its check');
  payer.balance -= fee;
  payer.lastModified = ledger.ledger;
  state.feePool += fee;
  const feeChanges = state.takeSegment();
  state.startSegment();
  const source = state.accounts.touch(tx.source);
  if (!source) throw new Error('source vanished after its check');
  source.seq = tx.seq;
  source.lastModified = ledger.ledger;
  removeOneTimeSigners(ledger, env);
  const beforeChanges = state.takeSegment();

  state.begin();
  const { results, infos, changes } = applyOperations(ledger, tx);
  const successful = results.every((r) => r.outer === OP.INNER && r.code === 0);
  if (successful) state.commit();
  else state.rollback();
  // A failed transaction's operations were rolled back: its meta keeps its fee and sequence, and no operation.
  const plan: MetaPlan = {
    ledger: ledger.ledger,
    fee: feeChanges,
    before: beforeChanges,
    operations: successful
      ? tx.operations.map((op, i) => ({
          changes: changes[i]!,
          events: planEvents(env, op, op.source ?? tx.source, infos[i] ?? {}),
        }))
      : [],
    feePayer: payerId,
    feeCharged: fee,
  };

  const outcome: TxOutcome = {
    code: successful ? TX.SUCCESS : TX.FAILED,
    fee,
    ops: tx.operations.map((op, i) => ({ type: op.body.type, result: results[i] ?? opOuter(OP.NO_ACCOUNT) })),
  };
  const resultXdr = feeBump
    ? transactionResultXdr(
        {
          code: successful ? TX.FEE_BUMP_INNER_SUCCESS : TX.FEE_BUMP_INNER_FAILED,
          fee,
          inner: { ...outcome, fee: 0n },
        },
        feeBump.innerHash,
      )
    : transactionResultXdr(outcome);
  const ops = tx.operations.map((op, i): AppliedOp => {
    const opSource = op.source ?? tx.source;
    const info = infos[i] ?? {};
    return {
      type: op.body.type === 'unsupported' ? -1 : LEDGER_TYPE_CODES[op.body.type],
      source: opSource,
      details: detailsJson(op, opSource, info, successful),
      scopes: scopesOf(op, opSource, info),
    };
  });
  return {
    applied: {
      env,
      successful,
      feeCharged: fee,
      resultXdr,
      ops,
      feeMeta: feeMetaBytes(plan),
      resultMeta: resultMetaBytes(plan),
      plan,
    },
  };
}
