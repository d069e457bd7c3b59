// Ledger XDR (what Stellar RPC and the ledger data lake give) written in Horizon's JSON shapes, so
// that one normaliser (../horizon/resources.ts, ../horizon/normalize.ts) reads every source: an
// account entry and its trustlines as Horizon's account resource, a ledger header as its ledger,
// a transaction's envelope and result as its transaction. Field names, units and text forms are
// Horizon's (amounts as 7-decimal strings, signers with the master key first, flags by name).
import { Asset, SignerKey, StrKey, xdr } from '@stellar/stellar-base';
import type { JsonValue } from '../../../shared/json';
import { encodeToid } from '../../../shared/toid';
import { accountFields, amount, assetOf, type JsonObject } from '../ledger-meta/horizon-fields';

const FLAGS = [
  ['auth_required', 1],
  ['auth_revocable', 2],
  ['auth_immutable', 4],
  ['auth_clawback_enabled', 8],
] as const;

const SIGNER_TYPES: Record<string, string> = {
  signerKeyTypeEd25519: 'ed25519_public_key',
  signerKeyTypePreAuthTx: 'preauth_tx',
  signerKeyTypeHashX: 'sha256_hash',
  signerKeyTypeEd25519SignedPayload: 'ed25519_signed_payload',
};

/** An asset as Horizon's balance and operation records write it. */
export function assetFields(asset: xdr.Asset | xdr.TrustLineAsset, prefix = ''): JsonObject {
  const kind = asset.switch().name;
  if (kind === 'assetTypeNative') return { [`${prefix}asset_type`]: 'native' };
  if (kind === 'assetTypePoolShare')
    return {
      [`${prefix}asset_type`]: 'liquidity_pool_shares',
      liquidity_pool_id: Buffer.from((asset as xdr.TrustLineAsset).liquidityPoolId() as unknown as Uint8Array).toString(
        'hex',
      ),
    };
  return assetOf(Asset.fromOperation(asset as xdr.Asset), prefix);
}

/** An account entry and the trustline entries found for it, as Horizon's account resource. */
export function accountJson(
  account: xdr.AccountEntry,
  lastModifiedLedger: number | undefined,
  trustlines: readonly xdr.TrustLineEntry[],
): JsonObject {
  const id = StrKey.encodeEd25519PublicKey(account.accountId().ed25519());
  const thresholds = Buffer.from(account.thresholds());
  const flags = account.flags();
  const signers: JsonValue[] = account.signers().map((signer) => ({
    key: SignerKey.encodeSignerKey(signer.key()),
    weight: signer.weight(),
    type: SIGNER_TYPES[signer.key().switch().name] ?? signer.key().switch().name,
  }));
  // Horizon lists the master key last, with the master weight (thresholds[0]).
  signers.push({ key: id, weight: thresholds[0] ?? 0, type: 'ed25519_public_key' });
  const balances: JsonValue[] = trustlines.map((line) => ({
    balance: amount(line.balance()),
    limit: amount(line.limit()),
    ...assetFields(line.asset()),
  }));
  balances.push({ balance: amount(account.balance()), asset_type: 'native' });
  const homeDomain = Buffer.from(account.homeDomain() as unknown as Uint8Array).toString('utf8');
  return {
    id,
    account_id: id,
    sequence: account.seqNum().toString(),
    subentry_count: account.numSubEntries(),
    ...(homeDomain ? { home_domain: homeDomain } : {}),
    ...(lastModifiedLedger !== undefined ? { last_modified_ledger: lastModifiedLedger } : {}),
    thresholds: {
      low_threshold: thresholds[1] ?? 0,
      med_threshold: thresholds[2] ?? 0,
      high_threshold: thresholds[3] ?? 0,
    },
    flags: Object.fromEntries(FLAGS.map(([name, bit]) => [name, (flags & bit) !== 0])),
    balances,
    signers,
  };
}

/** A ledger's header (and, when its meta was given, its transaction and operation counts) as Horizon's ledger resource. */
export function ledgerJson(
  hash: string,
  header: xdr.LedgerHeader,
  counts: { successful: number; failed: number; operations: number } | null,
): JsonObject {
  const closedAt = new Date(Number(header.scpValue().closeTime().toBigInt()) * 1000)
    .toISOString()
    .replace('.000Z', 'Z');
  return {
    id: hash,
    hash,
    sequence: header.ledgerSeq(),
    prev_hash: Buffer.from(header.previousLedgerHash()).toString('hex'),
    closed_at: closedAt,
    ...(counts
      ? {
          successful_transaction_count: counts.successful,
          failed_transaction_count: counts.failed,
          operation_count: counts.operations,
        }
      : {}),
    total_coins: amount(header.totalCoins()),
    fee_pool: amount(header.feePool()),
    base_fee_in_stroops: header.baseFee(),
    base_reserve_in_stroops: header.baseReserve(),
    protocol_version: header.ledgerVersion(),
  };
}

function memoFields(memo: xdr.Memo): JsonObject {
  switch (memo.switch().name) {
    case 'memoText':
      return { memo_type: 'text', memo: Buffer.from(memo.text() as unknown as Uint8Array).toString('utf8') };
    case 'memoId':
      return { memo_type: 'id', memo: memo.id().toString() };
    case 'memoHash':
      return { memo_type: 'hash', memo: Buffer.from(memo.hash()).toString('base64') };
    case 'memoReturn':
      return { memo_type: 'return', memo: Buffer.from(memo.retHash()).toString('base64') };
    default:
      return { memo_type: 'none' };
  }
}

export interface LandedXdr {
  hash: string;
  ledger: number;
  /** 1-based order in its ledger. */
  applicationOrder: number;
  /** Unix seconds. */
  createdAt: number;
  envelopeXdr: string;
  resultXdr: string;
}

/** A transaction that landed, as Horizon's transaction resource. */
export function transactionJson(landed: LandedXdr): JsonObject {
  const envelope = xdr.TransactionEnvelope.fromXDR(landed.envelopeXdr, 'base64');
  const result = xdr.TransactionResult.fromXDR(landed.resultXdr, 'base64');
  const code = result.result().switch().name;
  const feeBump = envelope.switch().name === 'envelopeTypeTxFeeBump';
  const inner = feeBump ? envelope.feeBump().tx().innerTx().v1() : null;
  const tx = feeBump ? inner!.tx() : envelope.switch().name === 'envelopeTypeTxV0' ? null : envelope.v1().tx();
  const v0 = envelope.switch().name === 'envelopeTypeTxV0' ? envelope.v0().tx() : null;
  const source = tx
    ? accountFields(tx.sourceAccount(), 'source_account')
    : { source_account: StrKey.encodeEd25519PublicKey(v0!.sourceAccountEd25519()) };
  const operations = tx ? tx.operations().length : v0!.operations().length;
  const memo = memoFields(tx ? tx.memo() : v0!.memo());
  const signatures = (
    feeBump ? envelope.feeBump().signatures() : tx ? envelope.v1().signatures() : envelope.v0().signatures()
  ).map((s) => Buffer.from(s.signature()).toString('base64'));
  const pagingToken = encodeToid({ ledger: landed.ledger, txOrder: landed.applicationOrder, opIndex: 0 }).toString();
  return {
    id: landed.hash,
    paging_token: pagingToken,
    successful: code === 'txSuccess' || code === 'txFeeBumpInnerSuccess',
    hash: landed.hash,
    ledger: landed.ledger,
    created_at: new Date(landed.createdAt * 1000).toISOString().replace('.000Z', 'Z'),
    ...source,
    // Horizon names the fee's payer on every transaction: the fee bump's, else the source.
    ...(feeBump
      ? accountFields(envelope.feeBump().tx().feeSource(), 'fee_account')
      : { fee_account: source['source_account']! }),
    fee_charged: result.feeCharged().toString(),
    max_fee: feeBump ? envelope.feeBump().tx().fee().toString() : String(tx ? tx.fee() : v0!.fee()),
    operation_count: operations,
    ...(feeBump ? feeBumpFields(landed.hash, envelope, result) : {}),
    envelope_xdr: landed.envelopeXdr,
    result_xdr: landed.resultXdr,
    ...memo,
    signatures,
  };
}

/** Horizon's two views of a fee bump: the outer transaction (its hash, its signatures) and the inner one (hash, signatures, max fee). */
function feeBumpFields(hash: string, envelope: xdr.TransactionEnvelope, result: xdr.TransactionResult): JsonObject {
  const outer = envelope.feeBump();
  const inner = outer.tx().innerTx().v1();
  const code = result.result().switch().name;
  const innerHash =
    code === 'txFeeBumpInnerSuccess' || code === 'txFeeBumpInnerFailed'
      ? Buffer.from(result.result().innerResultPair().transactionHash()).toString('hex')
      : undefined;
  const signatures = (list: xdr.DecoratedSignature[]) => list.map((s) => Buffer.from(s.signature()).toString('base64'));
  return {
    fee_bump_transaction: { hash, signatures: signatures(outer.signatures()) },
    inner_transaction: {
      ...(innerHash ? { hash: innerHash } : {}),
      signatures: signatures(inner.signatures()),
      max_fee: String(inner.tx().fee()),
    },
  };
}
