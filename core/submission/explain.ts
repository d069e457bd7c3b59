// Looks result codes up in the explanation tables. Accepts every spelling a user may paste:
// Horizon's (tx_bad_seq, op_underfunded, tx_no_source_account), stellar-core's (txBAD_SEQ,
// opNO_ACCOUNT, PAYMENT_UNDERFUNDED) and js-xdr's (txBadSeq, paymentUnderfunded). What a failed
// transaction cost depends on whether it reached a ledger: applied and failed, the fee was
// charged (and, for tx_failed, its sequence number used); refused at submission, nothing was.
import type { ResultCodes, Explanation } from '../../shared/model';
import { INNER_CODES, OPERATION_CODES, TRANSACTION_CODES, type Entry } from './result-texts';
import { codeByQualified, qualifiedFor, SPELLING_ALIASES } from './result-codes';

/** Canonical snake-case spelling of a pasted code. */
export function canonicalCode(code: string): string {
  const trimmed = code.trim();
  const core = /^(tx|op)([A-Z][A-Z_]*)$/.exec(trimmed);
  if (core) return `${core[1]}_${core[2]!.toLowerCase()}`;
  if (/^[A-Z][A-Z0-9_]*$/.test(trimmed)) return trimmed.toLowerCase();
  return trimmed.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Own entries only: a pasted "__proto__" or "constructor" must not reach Object.prototype. */
function own<T>(table: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Horizon's spelling of any spelling: aliases, then the XDR member's Horizon code. */
function horizonCode(canonical: string): string {
  return own(SPELLING_ALIASES, canonical) ?? codeByQualified(canonical)?.horizon ?? canonical;
}

function build(code: string, entry: Entry, scope: Explanation['scope'], operationIndex?: number): Explanation {
  const [title, explanation, fix] = entry;
  return { code, scope, ...(operationIndex === undefined ? {} : { operationIndex }), title, explanation, fix };
}

const UNKNOWN: Entry = [
  'Unknown code',
  'Ledgerscope has no explanation for this code.',
  'Look the code up in the network documentation (Stellar "List of Operations" result codes).',
];

export interface ExplainOptions {
  /** The type-qualified XDR code (payment_underfunded), when decoded from a result. */
  qualified?: string | undefined;
  /** The operation's type (path_payment_strict_send), when known. */
  operationType?: string | undefined;
  operationIndex?: number | undefined;
  /** true: the transaction is in a ledger; false: refused at submission; absent: not known. */
  applied?: boolean | undefined;
}

/** What a transaction code means for the fee and the sequence number. */
function charged(code: string, applied: boolean | undefined): string {
  if (code === 'tx_success' || code === 'tx_fee_bump_inner_success') return '';
  const usedSequence = code === 'tx_failed' || code === 'tx_fee_bump_inner_failed';
  if (applied === true)
    return usedSequence
      ? ' It was applied in a ledger, so the fee was charged and its sequence number was used.'
      : ' It was included in a ledger, so the fee was charged.';
  if (applied === false)
    return ' The network refused it before it reached a ledger: no fee was charged and the sequence number was not used.';
  return usedSequence
    ? ' If it was applied in a ledger, the fee was charged and the sequence number used; if it was refused at submission (no ledger), nothing was charged.'
    : ' Refused at submission, nothing was charged and the sequence number was not used; had it been included in a ledger, the fee would have been charged.';
}

function explainTransaction(code: string, canonical: string, applied: boolean | undefined): Explanation | undefined {
  const [outer = '', inner] = canonical.split(':');
  const outerCode = horizonCode(outer);
  const entry = own(TRANSACTION_CODES, outerCode);
  if (!entry) return undefined;
  const innerEntry = inner === undefined ? undefined : own(TRANSACTION_CODES, horizonCode(inner));
  const text = innerEntry ? `${entry[1]} Inner: ${innerEntry[1]}` : entry[1];
  return build(
    code,
    [entry[0], text + charged(outerCode, applied), innerEntry ? innerEntry[2] : entry[2]],
    'transaction',
  );
}

/** Explains one code; the operation's type (or its qualified XDR code) picks the type-specific text. */
export function explainCode(code: string, options: ExplainOptions = {}): Explanation {
  const canonical = canonicalCode(code);
  const tx = explainTransaction(code, canonical, options.applied);
  if (tx) return tx;
  const horizon = horizonCode(canonical);
  const byType = options.operationType ? qualifiedFor(options.operationType, horizon) : undefined;
  const found =
    own(INNER_CODES, options.qualified) ??
    own(INNER_CODES, byType) ??
    own(INNER_CODES, canonical) ??
    own(OPERATION_CODES, horizon);
  if (found) return build(code, found, 'operation', options.operationIndex);
  return build(code, UNKNOWN, canonical.startsWith('tx') ? 'transaction' : 'operation', options.operationIndex);
}

export interface ResultContext {
  /** Type-qualified operation codes (payment_underfunded), from a decoded result. */
  qualified?: string[];
  /** The operations' types, in order, when known (from the envelope). */
  operationTypes?: string[];
  /** Whether the transaction is in a ledger (see ExplainOptions.applied). */
  applied?: boolean | undefined;
}

/** Explanations of a whole result: the transaction code, then every operation that did not succeed. */
export function explainResult(codes: ResultCodes, context: ResultContext | string[] = {}): Explanation[] {
  const { qualified = [], operationTypes = [], applied } = Array.isArray(context) ? { qualified: context } : context;
  const out = [explainCode(codes.transaction, { applied })];
  codes.operations.forEach((code, index) => {
    if (code === 'op_success' || code === 'op_inner') return;
    out.push(
      explainCode(code, { qualified: qualified[index], operationType: operationTypes[index], operationIndex: index }),
    );
  });
  return out;
}

export function allExplanations(): Explanation[] {
  return [
    ...Object.entries(TRANSACTION_CODES).map(([code, entry]) => build(code, entry, 'transaction')),
    ...Object.entries(OPERATION_CODES).map(([code, entry]) => build(code, entry, 'operation')),
    ...Object.entries(INNER_CODES).map(([code, entry]) => build(code, entry, 'operation')),
  ];
}
