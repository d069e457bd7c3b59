// Submission: posts a signed envelope and turns either dialect's answer into one outcome. This
// service answers one of five results; Horizon answers the transaction resource, a
// `transaction_failed` / `transaction_malformed` problem, or a 504 after which the transaction may
// still land. After `received` (or a timeout) the core follows the hash until it is in a ledger,
// pushing `tx:status` events and completing the journal entry.
import { randomUUID } from 'node:crypto';
import { FeeBumpTransaction, Transaction } from '@stellar/stellar-base';
import { z } from 'zod';
import type { NetworkProfile } from '../../shared/ipc';
import { JournalEntry, type Explanation, type SubmissionReport, type TxStatus } from '../../shared/model';
import { exponentialDelay, sleep, type BackoffPolicy } from '../http/backoff';
import type { Emit } from '../app/dispatch';
import { CoreError } from '../app/errors';
import { parseEnvelope } from './envelope';
import { explainResult } from './explain';
import { HttpError, type HttpClient } from '../http/http';
import { hashPassphrase, interpretAsync, usesAsyncSubmission } from '../sources/horizon/submit-async';
import { interpret, safeDecode, type Result } from './submit-answer';
import { SettingsFile } from '../app/settings';
import { text, int, obj } from '../http/values';

const Journal = z.object({ entries: z.array(JournalEntry) });
const MAX_JOURNAL = 1000;

export interface FollowOptions {
  /** Give up following after this long (default 120 s). */
  timeoutMs?: number;
  /** First wait between look-ups (default 0.5 s); each next one is ×1.5, up to 5 s. */
  pollMs?: number;
}

export class Submissions {
  private readonly journal: SettingsFile<z.infer<typeof Journal>>;
  private readonly following = new Map<string, AbortController>();

  constructor(
    userDataDir: string,
    private readonly emit: Emit,
    private readonly follow: FollowOptions = {},
  ) {
    this.journal = new SettingsFile(userDataDir, 'journal.json', Journal, () => ({ entries: [] }));
  }

  entries(limit: number): JournalEntry[] {
    return this.journal.get().entries.slice(0, limit);
  }

  /**
   * Posts the envelope. With `expectedHash` (the hash the person was shown), an envelope whose hash
   * on this network is another is refused before anything is sent: the hash sent is the hash shown.
   */
  async submit(
    input: string,
    profile: NetworkProfile,
    http: HttpClient,
    signal?: AbortSignal,
    expectedHash?: string,
  ): Promise<SubmissionReport> {
    const parsed = parseEnvelope(input);
    const passphrase = await hashPassphrase(profile, http);
    const tx =
      parsed.envelope.switch().name === 'envelopeTypeTxFeeBump'
        ? new FeeBumpTransaction(parsed.envelope, passphrase)
        : new Transaction(parsed.envelope, passphrase);
    const localHash = tx.hash().toString('hex');
    if (expectedHash !== undefined && expectedHash.toLowerCase() !== localHash)
      throw new CoreError(
        'hash_mismatch',
        `Not sent: this envelope's hash on ${profile.name} is ${localHash}, not ${expectedHash.toLowerCase()} as shown. Inspect it again.`,
      );
    let response;
    const useAsync = await usesAsyncSubmission(profile, http);
    try {
      response = await http.postForm(
        useAsync ? '/transactions_async' : '/transactions',
        { tx: parsed.base64 },
        { signal, timeoutMs: 70_000 },
      );
    } catch (error) {
      if (error instanceof CoreError && (error.code === 'unreachable' || error.code === 'timeout')) {
        const result: Result = error.code === 'timeout' ? 'timeout' : 'connection_failed';
        const failed = { result, hash: localHash, resultXdr: '', message: error.message };
        return this.finish(profile, http, localHash, failed, []);
      }
      throw error;
    }
    const outcome = (useAsync ? interpretAsync : interpret)(response.status, response.body, localHash);
    return this.finish(
      profile,
      http,
      localHash,
      outcome.report,
      outcome.qualified,
      'applied' in outcome ? outcome.applied : undefined,
    );
  }

  /** Journals the submission under `sent`, the hash of the envelope posted, whatever the answer names. */
  private finish(
    profile: NetworkProfile,
    http: HttpClient,
    sent: string,
    report: Omit<SubmissionReport, 'networkId' | 'explanations' | 'journalId' | 'following'>,
    qualified: string[],
    applied?: boolean,
  ): SubmissionReport {
    // In a ledger (a ledger number came back) the fee was charged; refused at admission it was not.
    const inLedger = report.ledger !== undefined ? true : applied;
    const explanations: Explanation[] = report.transactionCode
      ? explainResult(
          { transaction: report.transactionCode, operations: report.operationCodes ?? [] },
          { qualified, applied: inLedger },
        )
      : [];
    const following = (report.result === 'received' || report.result === 'timeout') && report.hash !== '';
    const entry: JournalEntry = {
      id: randomUUID(),
      hash: sent,
      networkId: profile.id,
      submittedAt: new Date().toISOString(),
      result: report.result,
      ...(report.result === 'success'
        ? { finalState: 'success' as const }
        : report.result === 'failed'
          ? { finalState: 'failed' as const }
          : {}),
      ...(report.ledger !== undefined ? { ledger: report.ledger } : {}),
      ...(report.transactionCode ? { transactionCode: report.transactionCode } : {}),
      ...(report.operationCodes ? { operationCodes: report.operationCodes } : {}),
      ...(report.message ? { message: report.message.slice(0, 500) } : {}),
    };
    this.journal.update((journal) => ({ entries: [entry, ...journal.entries].slice(0, MAX_JOURNAL) }));
    if (following) void this.followHash(report.hash, profile, http, entry.id);
    return { ...report, networkId: profile.id, explanations, journalId: entry.id, following };
  }

  /** Looks a hash up once. */
  async status(hash: string, profile: NetworkProfile, http: HttpClient, signal?: AbortSignal): Promise<TxStatus> {
    const checkedAt = new Date().toISOString();
    const base = { hash, networkId: profile.id, checkedAt };
    try {
      const { body } = await http.getJson(`/transactions/${hash}`, { signal });
      const r = obj(body) ?? {};
      const resultXdr = text(r['result_xdr']);
      const decoded = resultXdr ? safeDecode(resultXdr) : null;
      const ledger = int(r['ledger']);
      return {
        ...base,
        state: r['successful'] === false ? 'failed' : 'success',
        ...(ledger !== undefined ? { ledger } : {}),
        ...(decoded
          ? {
              resultCodes: decoded.codes,
              explanations: explainResult(decoded.codes, { qualified: decoded.qualified, applied: true }),
            }
          : {}),
      };
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        return {
          ...base,
          state: this.following.has(hash) ? 'pending' : 'not_found',
          message: 'The transaction is not in a ledger (yet).',
        };
      }
      throw error;
    }
  }

  private async followHash(hash: string, profile: NetworkProfile, http: HttpClient, journalId: string): Promise<void> {
    this.following.get(hash)?.abort();
    const controller = new AbortController();
    this.following.set(hash, controller);
    const deadline = Date.now() + (this.follow.timeoutMs ?? 120_000);
    const polling: BackoffPolicy = { initialMs: this.follow.pollMs ?? 500, factor: 1.5, capMs: 5_000 };
    let last: TxStatus = { hash, networkId: profile.id, state: 'pending', checkedAt: new Date().toISOString() };
    this.emit('tx:status', last);
    try {
      for (let attempt = 1; Date.now() < deadline; attempt++) {
        await sleep(exponentialDelay(polling, attempt), controller.signal);
        try {
          last = await this.status(hash, profile, http, controller.signal);
        } catch (error) {
          if (controller.signal.aborted) return;
          last = {
            hash,
            networkId: profile.id,
            state: 'pending',
            checkedAt: new Date().toISOString(),
            message: (error as Error).message,
          };
        }
        if (last.state === 'success' || last.state === 'failed') break;
        this.emit('tx:status', last);
      }
      if (last.state !== 'success' && last.state !== 'failed') {
        last = {
          ...last,
          state: 'timeout',
          message: 'The transaction did not appear in a ledger in time. Check tx:status later, or look the hash up.',
        };
      }
      this.emit('tx:status', last);
      this.completeJournal(journalId, last);
    } catch {
      // aborted on close: the journal keeps the entry as `received`
    } finally {
      if (this.following.get(hash) === controller) this.following.delete(hash);
    }
  }

  private completeJournal(id: string, status: TxStatus): void {
    this.journal.update((journal) => ({
      entries: journal.entries.map((entry) =>
        entry.id === id
          ? {
              ...entry,
              finalState: status.state,
              ...(status.ledger !== undefined ? { ledger: status.ledger } : {}),
              ...(status.resultCodes
                ? { transactionCode: status.resultCodes.transaction, operationCodes: status.resultCodes.operations }
                : {}),
            }
          : entry,
      ),
    }));
  }

  /** Resolves when nothing is being followed (tests), or after the deadline. */
  async idle(deadlineMs = 60_000): Promise<void> {
    const end = Date.now() + deadlineMs;
    while (this.following.size > 0 && Date.now() < end) await sleep(50);
  }

  close(): void {
    for (const controller of this.following.values()) controller.abort();
    this.following.clear();
  }
}
