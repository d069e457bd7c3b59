// The service's answer to a submission, in either dialect, read as one outcome: the local
// service's {hash, result, submission_result}, Horizon's transaction resource, and Horizon's
// problems (transaction_failed, transaction_malformed, timeouts, service_unavailable), with the
// result codes decoded from the result XDR. Shared by the synchronous (submit.ts) and asynchronous
// (submit-async.ts) submission.
import type { JsonValue } from '../../shared/json';
import { isJsonObject } from '../../shared/json';
import { SUBMISSION_RESULTS, type SubmissionReport } from '../../shared/model';
import { CoreError } from '../app/errors';
import { obj, text, int } from '../http/values';
import { decodeResult } from './xdr';

export type Result = (typeof SUBMISSION_RESULTS)[number];

export function safeDecode(resultXdr: string) {
  try {
    return decodeResult(resultXdr);
  } catch {
    return null;
  }
}

export interface Interpreted {
  report: Omit<SubmissionReport, 'networkId' | 'explanations' | 'journalId' | 'following'>;
  qualified: string[];
  /**
   * Whether the transaction reached a ledger: false for the local service's `failed` (refused at
   * admission), true with a ledger number; absent for Horizon's transaction_failed problem, which
   * answers both a refusal and a transaction applied in a ledger that failed (docs/design.md).
   */
  applied?: boolean;
}

/** One outcome from either dialect's answer. */
export function interpret(status: number, body: JsonValue, localHash: string): Interpreted {
  const r = isJsonObject(body) ? body : {};
  const result = text(r['result']);
  // This service: {hash, result, submission_result}.
  if (result && (SUBMISSION_RESULTS as readonly string[]).includes(result)) {
    const resultXdr = text(r['submission_result']) ?? '';
    const out = withCodes(result as Result, text(r['hash']) || localHash, resultXdr, messageFor(r));
    return result === 'failed' ? { ...out, applied: false } : out;
  }
  // Horizon success: the transaction resource.
  if (status >= 200 && status < 300 && text(r['hash'])) {
    const ledger = int(r['ledger']);
    const out = withCodes(
      r['successful'] === false ? 'failed' : 'success',
      text(r['hash'])!,
      text(r['result_xdr']) ?? '',
      undefined,
    );
    if (ledger !== undefined) out.report.ledger = ledger;
    return out;
  }
  const type = (text(r['type']) ?? '').split('/').pop();
  const extras = obj(r['extras']) ?? {};
  const detail = text(r['detail']);
  if (type === 'transaction_failed') {
    const out = withCodes('failed', text(extras['hash']) ?? localHash, text(extras['result_xdr']) ?? '', detail);
    const codes = obj(extras['result_codes']);
    if (!out.report.transactionCode && codes) {
      out.report.transactionCode = text(codes['transaction']) ?? 'tx_failed';
      out.report.operationCodes = Array.isArray(codes['operations'])
        ? codes['operations'].map((c) => text(c) ?? '')
        : [];
    }
    return out;
  }
  if (type === 'transaction_malformed' || (status === 400 && type === 'bad_request')) {
    return {
      report: {
        result: 'malformed',
        hash: '',
        resultXdr: '',
        message: detail ?? 'The server could not decode the transaction.',
      },
      qualified: [],
    };
  }
  if (status === 504 || type === 'timeout' || type === 'transaction_submission_timeout') {
    // Horizon names the hash it submitted (extras.hash, #5328); older ones do not: ours, computed for this network.
    const served = text(extras['hash'])?.toLowerCase();
    const hash = served && /^[0-9a-f]{64}$/.test(served) ? served : localHash;
    return {
      report: {
        result: 'timeout',
        hash,
        resultXdr: '',
        message:
          'The outcome is not known yet: the server stopped waiting before the transaction reached a ledger. It may still be applied; following its hash.',
      },
      qualified: [],
    };
  }
  if (status === 503 || type === 'service_unavailable') {
    return {
      report: {
        result: 'connection_failed',
        hash: localHash,
        resultXdr: '',
        message: `The network is busy or unreachable${detail ? `: ${detail}` : ''}. Try again shortly.`,
      },
      qualified: [],
    };
  }
  throw new CoreError(
    status === 429 ? 'rate_limited' : 'server_error',
    `Submission answered ${status}${detail ? `: ${detail}` : ''}.`,
    { status },
  );
}

export function withCodes(result: Result, hash: string, resultXdr: string, message: string | undefined): Interpreted {
  const decoded = resultXdr ? safeDecode(resultXdr) : null;
  return {
    report: {
      result,
      hash,
      resultXdr,
      ...(decoded
        ? {
            transactionCode: decoded.codes.transaction,
            operationCodes: decoded.codes.operations,
            resultJson: decoded.json,
          }
        : {}),
      ...(message ? { message } : {}),
    },
    qualified: decoded?.qualified ?? [],
  };
}

/**
 * What the service said beyond its result, if anything: its own detail. The result itself is worded
 * by whoever shows it (the renderer's outcome text, the command line's result), so the core adds
 * no sentence of its own that would say the same thing twice.
 */
function messageFor(r: Record<string, JsonValue>): string | undefined {
  return text(r['detail']) ?? text(r['message']);
}
