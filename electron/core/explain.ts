// Looks result codes up in the explanation table. Accepts every spelling a user may paste:
// Horizon's (tx_bad_seq, op_underfunded), stellar-core's (txBAD_SEQ, opNOT_SUPPORTED,
// PAYMENT_UNDERFUNDED) and js-xdr's (txBadSeq, paymentUnderfunded).
import type { ResultCodes, Explanation } from '../../shared/model';
import { INNER_CODES, OPERATION_CODES, TRANSACTION_CODES, type Entry } from './explain-table';

/** Canonical snake-case spelling of a pasted code. */
export function canonicalCode(code: string): string {
  const trimmed = code.trim();
  const core = /^(tx|op)([A-Z][A-Z_]*)$/.exec(trimmed);
  if (core) return `${core[1]}_${core[2]!.toLowerCase()}`;
  if (/^[A-Z][A-Z0-9_]*$/.test(trimmed)) return trimmed.toLowerCase();
  return trimmed.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Own entries only: a pasted "__proto__" or "constructor" must not reach Object.prototype. */
function own(table: Record<string, Entry>, key: string | undefined): Entry | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
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

/** Explains one code; `qualified` (payment_underfunded) picks the operation-specific text. */
export function explainCode(code: string, options: { qualified?: string; operationIndex?: number } = {}): Explanation {
  const canonical = canonicalCode(code);
  const txCode = canonical.split(':')[0]!;
  const txEntry = own(TRANSACTION_CODES, txCode);
  if (txEntry) {
    const inner = canonical.includes(':') ? own(TRANSACTION_CODES, canonical.split(':')[1]) : undefined;
    const entry = txEntry;
    return build(code, inner ? [entry[0], `${entry[1]} Inner: ${inner[1]}`, inner[2]] : entry, 'transaction');
  }
  const scope = 'operation';
  const found = own(INNER_CODES, options.qualified) ?? own(OPERATION_CODES, canonical) ?? own(INNER_CODES, canonical);
  if (found) return build(code, found, scope, options.operationIndex);
  // A short Horizon code without its operation (op_underfunded): the first operation that has it.
  if (canonical.startsWith('op_')) {
    const suffix = canonical.slice(3);
    const match = Object.keys(INNER_CODES).find((key) => key.endsWith(`_${suffix}`) || (suffix === 'already_exists' && key.endsWith('_already_exist')));
    if (match) return build(code, INNER_CODES[match]!, scope, options.operationIndex);
  }
  return build(code, UNKNOWN, canonical.startsWith('tx') ? 'transaction' : scope, options.operationIndex);
}

/** Explanations of a whole result: the transaction code, then every operation that did not succeed. */
export function explainResult(codes: ResultCodes, qualified: string[] = []): Explanation[] {
  const out = [explainCode(codes.transaction)];
  codes.operations.forEach((code, index) => {
    if (code === 'op_success' || code === 'op_inner') return;
    out.push(explainCode(code, { qualified: qualified[index], operationIndex: index }));
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
