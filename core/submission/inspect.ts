// Inspection of a signed envelope before it is submitted: what it does, its hash under every
// known network passphrase, which network its signatures verify for, and whether its sequence
// number fits the source account's current one on the selected network.
import {
  Asset,
  extractBaseAddress,
  FeeBumpTransaction,
  Keypair,
  LiquidityPoolAsset,
  StrKey,
  Transaction,
  type xdr,
} from '@stellar/stellar-base';
import { displayAmount, displayLimit } from '../../shared/amount';
import type { NetworkProfile } from '../../shared/ipc';
import type { Inspection, InspectedOperation, NetworkMatch } from '../../shared/model';
import { checkMemoRequired } from '../conventions/memo-required';
import { parseEnvelope } from './envelope';
import { draftOf } from '../signatures/draft';
import { networkMatches } from '../signatures/network';
import { decodeXdrJson } from './xdr';

export interface AccountInfo {
  sequence: string;
  signers: string[];
}

export interface InspectOptions {
  profiles: NetworkProfile[];
  selected: NetworkProfile;
  /** Reads an account on the selected network: null when it does not exist; throws when unknown. */
  loadAccount?: (id: string) => Promise<AccountInfo | null>;
  /**
   * Reads a destination's data entries (SEP-29's memo check): null when the account does not
   * exist; throws when the server cannot say. Without it, no memo check is made.
   */
  loadData?: (id: string) => Promise<Record<string, string> | null>;
  /** The address book's names: a summary names an account it knows, its full id kept beside the name. */
  nameOf?: (account: string) => string | undefined;
  now?: Date;
}

type Tx = Transaction | FeeBumpTransaction;

export async function inspectEnvelope(input: string, options: InspectOptions): Promise<Inspection> {
  const parsed = parseEnvelope(input);
  const kind = parsed.envelope.switch().name;
  const envelopeType = kind === 'envelopeTypeTxFeeBump' ? 'fee_bump' : kind === 'envelopeTypeTxV0' ? 'v0' : 'v1';
  const build = (passphrase: string): Tx =>
    envelopeType === 'fee_bump'
      ? new FeeBumpTransaction(parsed.envelope, passphrase)
      : new Transaction(parsed.envelope, passphrase);
  const selectedTx = build(options.selected.passphrase);
  const inner = selectedTx instanceof FeeBumpTransaction ? selectedTx.innerTransaction : selectedTx;

  let account: AccountInfo | null | undefined;
  let accountError: string | undefined;
  if (options.loadAccount) {
    try {
      account = await options.loadAccount(extractBaseAddress(inner.source));
    } catch (error) {
      accountError = (error as Error).message;
    }
  }
  const candidates = candidateKeys(selectedTx, account?.signers ?? []);
  // The same detection as the signature checks (signatures/network.ts).
  const networks: NetworkMatch[] = networkMatches(
    draftOf(parsed.envelope),
    options.profiles,
    candidates.map((key) => ({ key, type: 'ed25519_public_key' as const })),
  );
  const signedFor = networks.filter((n) => n.verifiedSignatures > 0).map((n) => n.networkId);
  const signedOn = signedFor.includes(options.selected.id)
    ? selectedTx
    : signedFor[0]
      ? build(options.profiles.find((p) => p.id === signedFor[0])!.passphrase)
      : selectedTx;
  const warnings = buildWarnings(signedFor, networks, options.selected, inner, options.now ?? new Date());
  const sequenceCheck = checkSequence(inner.sequence, account, accountError, options.selected);
  const memoChecks = options.loadData ? await checkMemoRequired(selectedTx, options.loadData) : new Map();
  if (sequenceCheck.status !== 'ok' && sequenceCheck.status !== 'unknown') warnings.push(sequenceCheck.message);

  return {
    envelopeType,
    encoding: parsed.encoding,
    envelopeXdr: parsed.base64,
    hash: selectedTx.hash().toString('hex'),
    networks,
    signedFor,
    warnings,
    source: inner.source,
    ...(selectedTx instanceof FeeBumpTransaction ? { feeSource: selectedTx.feeSource, innerFee: inner.fee } : {}),
    sequence: inner.sequence,
    sequenceCheck,
    fee: selectedTx.fee,
    timeBounds: inner.timeBounds
      ? { minTime: String(inner.timeBounds.minTime), maxTime: String(inner.timeBounds.maxTime) }
      : null,
    memo: memoOf(inner),
    operations: inner.operations.map((op, index) => {
      const described = describeOperation(op as unknown as Record<string, unknown>, index, options.nameOf);
      const memoCheck = memoChecks.get(index);
      return memoCheck ? { ...described, memoCheck } : described;
    }),
    signatures: allSignatures(signedOn).map(({ signature, hash }) => ({
      hint: signature.hint().toString('hex'),
      signer: candidates.find((key) => verifies(key, signature, hash)) ?? null,
    })),
    json: decodeXdrJson('TransactionEnvelope', parsed.base64),
  };
}

function candidateKeys(tx: Tx, signers: string[]): string[] {
  const inner = tx instanceof FeeBumpTransaction ? tx.innerTransaction : tx;
  const keys = new Set<string>([
    extractBaseAddress(inner.source),
    ...signers.filter((key) => StrKey.isValidEd25519PublicKey(key)),
  ]);
  for (const op of inner.operations) if (op.source) keys.add(extractBaseAddress(op.source));
  if (tx instanceof FeeBumpTransaction) keys.add(extractBaseAddress(tx.feeSource));
  return [...keys];
}

/** Every signature with the hash it signs: the outer one for a fee-bump's own, the inner for the inner. */
function allSignatures(tx: Tx): { signature: xdr.DecoratedSignature; hash: Buffer }[] {
  const own = tx.signatures.map((signature) => ({ signature, hash: tx.hash() }));
  if (!(tx instanceof FeeBumpTransaction)) return own;
  const inner = tx.innerTransaction;
  return [...own, ...inner.signatures.map((signature) => ({ signature, hash: inner.hash() }))];
}

function verifies(key: string, signature: xdr.DecoratedSignature, hash: Buffer): boolean {
  const keypair = Keypair.fromPublicKey(key);
  if (!keypair.signatureHint().equals(signature.hint())) return false;
  try {
    return keypair.verify(hash, signature.signature());
  } catch {
    return false;
  }
}

function buildWarnings(
  signedFor: string[],
  networks: NetworkMatch[],
  selected: NetworkProfile,
  inner: Transaction,
  now: Date,
): string[] {
  const warnings: string[] = [];
  const names = (ids: string[]) => ids.map((id) => networks.find((n) => n.networkId === id)?.name ?? id).join(', ');
  if (signedFor.length === 0) {
    warnings.push(
      'No signature verifies for any known network: the transaction is unsigned, signed by a key that is not its source, or signed for another network passphrase.',
    );
  } else if (!signedFor.includes(selected.id)) {
    warnings.push(
      `The signatures verify for ${names(signedFor)}, but ${selected.name} is selected: submitting here would fail with tx_bad_auth. Select ${names(signedFor)} first.`,
    );
  }
  const { minTime = '0', maxTime = '0' } = inner.timeBounds ?? {};
  if (Number(maxTime) > 0 && Number(maxTime) * 1000 < now.getTime()) {
    warnings.push(
      `The transaction expired at ${boundText(maxTime)} (its maximum time bound): it would fail with tx_too_late. Sign a new one.`,
    );
  }
  if (Number(minTime) * 1000 > now.getTime())
    warnings.push(`The transaction is not valid before ${boundText(minTime)}: it would fail with tx_too_early.`);
  return warnings;
}

/** A time bound (uint64 seconds) as an ISO date; past the year 275760 a Date cannot hold it. */
function boundText(seconds: string): string {
  const date = new Date(Number(seconds) * 1000);
  return Number.isNaN(date.getTime()) ? `${seconds} s after 1970` : date.toISOString();
}

function checkSequence(
  sequence: string,
  account: AccountInfo | null | undefined,
  error: string | undefined,
  selected: NetworkProfile,
): Inspection['sequenceCheck'] {
  if (account === undefined)
    return {
      status: 'unknown',
      message: error ? `Could not read the source account: ${error}` : 'The source account was not checked.',
    };
  if (account === null)
    return {
      status: 'no_account',
      message: `The source account does not exist on ${selected.name}: the transaction would fail with tx_no_source_account.`,
    };
  const current = BigInt(account.sequence);
  const wanted = BigInt(sequence);
  if (wanted === current + 1n)
    return {
      status: 'ok',
      current: account.sequence,
      message: `Sequence ${sequence} is the next one for the source account.`,
    };
  if (wanted <= current) {
    return {
      status: 'too_low',
      current: account.sequence,
      message: `Sequence ${sequence} is already used (the account is at ${account.sequence}): the transaction would fail with tx_bad_seq. Sign a new one with ${current + 1n}.`,
    };
  }
  return {
    status: 'ahead',
    current: account.sequence,
    message: `Sequence ${sequence} is ahead of the account (${account.sequence}); it only applies after ${wanted - current - 1n} earlier transaction(s).`,
  };
}

function memoOf(tx: Transaction): Inspection['memo'] {
  const memo = tx.memo;
  const type = memo.type as Inspection['memo']['type'];
  if (type === 'none' || memo.value === null || memo.value === undefined) return { type };
  const value = Buffer.isBuffer(memo.value)
    ? type === 'text'
      ? memo.value.toString('utf8')
      : memo.value.toString('hex')
    : String(memo.value);
  return { type, value };
}

function display(value: unknown): string {
  if (value instanceof Asset) return value.isNative() ? 'XLM' : `${value.getCode()}:${value.getIssuer()}`;
  if (value instanceof LiquidityPoolAsset)
    return `pool shares ${value.assetA.getCode()}/${value.assetB.getCode()} (fee ${value.fee} bp)`;
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value, (_k, v: unknown) =>
        typeof v === 'bigint' ? v.toString() : v instanceof Asset ? display(v) : v,
      );
    } catch {
      return String(value);
    }
  }
  return String(value);
}

function describeOperation(
  op: Record<string, unknown>,
  index: number,
  nameOf: (account: string) => string | undefined = () => undefined,
): InspectedOperation {
  const type = String(op['type']);
  const details: Record<string, string> = {};
  for (const [key, value] of Object.entries(op))
    if (key !== 'type' && key !== 'source' && value !== undefined) details[key] = display(value);
  const d = (key: string) => details[key] ?? '?';
  // Amounts read as everywhere in the app (shared/amount.ts displayAmount): grouped, seven decimals.
  const n = (key: string) => displayAmount(d(key));
  // An account by its name and its whole id: a preview is where a destination is checked.
  const who = (key: string) => {
    const name = nameOf(d(key));
    return name === undefined ? d(key) : `${name} (${d(key)})`;
  };
  const summaries: Record<string, () => string> = {
    payment: () => `pay ${n('amount')} ${d('asset')} to ${who('destination')}`,
    createAccount: () => `create ${who('destination')} with ${n('startingBalance')} XLM`,
    changeTrust: () =>
      details['limit'] === '0'
        ? `remove the trustline to ${d('line')}`
        : `trust ${d('line')} up to ${displayLimit(d('limit'))}`,
    createClaimableBalance: () =>
      `lock ${n('amount')} ${d('asset')} for ${Array.isArray(op['claimants']) ? op['claimants'].length : '?'} claimant(s)`,
    claimClaimableBalance: () => `claim balance ${d('balanceId')}`,
    liquidityPoolDeposit: () =>
      `deposit up to ${n('maxAmountA')} + ${n('maxAmountB')} into pool ${d('liquidityPoolId')}`,
    liquidityPoolWithdraw: () => `withdraw ${n('amount')} shares from pool ${d('liquidityPoolId')}`,
    manageData: () =>
      op['value'] === undefined || op['value'] === null ? `delete data "${d('name')}"` : `set data "${d('name')}"`,
    accountMerge: () => `merge the account into ${who('destination')}`,
    bumpSequence: () => `bump the sequence to ${d('bumpTo')}`,
    setOptions: () => `set options ${Object.keys(details).join(', ') || '(none)'}`,
  };
  const source = typeof op['source'] === 'string' ? op['source'] : undefined;
  return {
    index,
    type,
    ...(source ? { source } : {}),
    summary: summaries[type]?.() ?? `${type} (not supported by the local network)`,
    details,
  };
}
