// POST /transactions (docs/design.md "Submission"): decode the envelope (hex or base64), answer
// `already_finished` from history without the core, else forward it to the core's /tx and map the
// core's status onto the five outcomes. The core is given a bounded time to answer.
import { FeeBumpTransaction, type Transaction, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { ProblemError } from './problem';
import type { Store } from './queries';
import { hex } from './records';

export type SubmissionResultName = 'malformed' | 'already_finished' | 'received' | 'failed' | 'connection_failed';

export interface SubmissionReply {
  status: number;
  body: string;
}

const STATUS: Record<SubmissionResultName, number> = {
  malformed: 400,
  already_finished: 200,
  received: 201,
  failed: 400,
  connection_failed: 503,
};

/** Seconds a client is asked to wait when the core's queue is full. */
const QUEUE_FULL_RETRY_AFTER = '5';

export interface SubmitOptions {
  coreUrl: string;
  coreTimeoutMs: number;
}

/** `base`: the absolute base of the `_links.transaction` href (links.ts), when there is one. */
function reply(result: SubmissionResultName, hash: string, submissionResult: string, base?: string): SubmissionReply {
  const links = base !== undefined ? `,"_links":{"transaction":{"href":"${base}/transactions/${hash}"}}` : '';
  const body = `{"hash":"${hash}","result":"${result}","submission_result":"${submissionResult}"${links}}`;
  return { status: STATUS[result], body };
}

/** Hex or base64 text to a whole, decodable envelope; undefined when it is neither. */
export function decodeEnvelope(text: string): xdr.TransactionEnvelope | undefined {
  const trimmed = text.trim();
  const candidates: Buffer[] = [];
  if (/^(?:[0-9a-fA-F]{2})+$/.test(trimmed)) candidates.push(Buffer.from(trimmed, 'hex'));
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && trimmed.length % 4 === 0)
    candidates.push(Buffer.from(trimmed, 'base64'));
  for (const bytes of candidates) {
    try {
      return xdr.TransactionEnvelope.fromXDR(bytes);
    } catch {
      // try the other encoding
    }
  }
  return undefined;
}

/** What the admission check accepted, when the core reports no result of its own. */
function admissionResult(tx: Transaction | FeeBumpTransaction, baseFee: bigint): string {
  const inner = tx instanceof FeeBumpTransaction ? tx.innerTransaction : tx;
  const ops = BigInt(inner.operations.length);
  const fee = (value: bigint, max: bigint) => xdr.Int64.fromString(`${value < max ? value : max}`);
  const ext = new xdr.TransactionResultExt(0);
  let result: xdr.TransactionResult;
  if (tx instanceof FeeBumpTransaction) {
    const innerResult = new xdr.InnerTransactionResult({
      feeCharged: xdr.Int64.fromString('0'),
      result: xdr.InnerTransactionResultResult.txSuccess([]),
      ext: new xdr.InnerTransactionResultExt(0),
    });
    const pair = new xdr.InnerTransactionResultPair({ transactionHash: inner.hash(), result: innerResult });
    result = new xdr.TransactionResult({
      feeCharged: fee(baseFee * (ops + 1n), BigInt(tx.fee)),
      result: xdr.TransactionResultResult.txFeeBumpInnerSuccess(pair),
      ext,
    });
  } else {
    result = new xdr.TransactionResult({
      feeCharged: fee(baseFee * ops, BigInt(tx.fee)),
      result: xdr.TransactionResultResult.txSuccess([]),
      ext,
    });
  }
  return result.toXDR('hex');
}

interface CoreAnswer {
  status: string;
  error?: string;
}

async function askCore(options: SubmitOptions, base64: string): Promise<CoreAnswer | undefined> {
  try {
    const response = await fetch(`${options.coreUrl.replace(/\/+$/, '')}/tx?blob=${encodeURIComponent(base64)}`, {
      signal: AbortSignal.timeout(options.coreTimeoutMs),
    });
    const answer = (await response.json()) as CoreAnswer;
    return typeof answer?.status === 'string' ? answer : undefined;
  } catch {
    return undefined;
  }
}

export async function submitTransaction(
  store: Store,
  options: SubmitOptions,
  tx: string,
  base: string,
): Promise<SubmissionReply> {
  const envelope = decodeEnvelope(tx);
  if (!envelope) return reply('malformed', '', '');
  const passphrase = store.meta('network_passphrase') ?? '';
  let transaction: Transaction | FeeBumpTransaction;
  try {
    transaction = TransactionBuilder.fromXDR(envelope, passphrase);
  } catch {
    return reply('malformed', '', '');
  }
  const hash = transaction.hash().toString('hex');
  const known = store.transactionByHash(hash);
  if (known) return reply('already_finished', hash, hex(known.result_xdr as string), base);

  const answer = await askCore(options, envelope.toXDR('base64'));
  const coreResult = answer?.error ? hex(answer.error) : '';
  switch (answer?.status) {
    case 'PENDING':
      return reply(
        'received',
        hash,
        coreResult || admissionResult(transaction, BigInt(store.meta('base_fee') ?? '100')),
        base,
      );
    case 'DUPLICATE': {
      const landed = store.transactionByHash(hash);
      return reply('already_finished', hash, landed ? hex(landed.result_xdr as string) : coreResult, base);
    }
    case 'ERROR':
      return reply('failed', hash, coreResult);
    case 'TRY_AGAIN_LATER':
      throw new ProblemError(
        'service_unavailable',
        'The core node is not accepting transactions right now (its queue is full); try again later.',
        { hash },
        { 'Retry-After': QUEUE_FULL_RETRY_AFTER },
      );
    default:
      return reply('connection_failed', hash, '');
  }
}
