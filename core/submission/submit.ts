// Submission: posts a signed envelope and turns either dialect's answer into one outcome. This
// service answers one of five results; Horizon answers the transaction resource, a
// `transaction_failed` / `transaction_malformed` problem, or a 504 after which the transaction may
// still land. After `received` (or a timeout) the core follows the hash until it is in a ledger,
// pushing `tx:status` events and completing the journal entry.
import { randomUUID } from 'node:crypto';
import { FeeBumpTransaction, Transaction } from '@stellar/stellar-base';
import { z } from 'zod';
import { JournalEntry, type Explanation, type SubmissionReport, type TxStatus } from '../../shared/model';
import { exponentialDelay, sleep, type BackoffPolicy } from '../http/backoff';
import type { Emit } from '../app/dispatch';
import { CoreError } from '../app/errors';
import { parseEnvelope } from './envelope';
import { explainResult } from './explain';
import { need, type Source } from '../sources/source';
import { safeDecode } from './submit-answer';
import { SettingsFile } from '../app/settings';

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
  async submit(input: string, source: Source, signal?: AbortSignal, expectedHash?: string): Promise<SubmissionReport> {
    const { profile } = source;
    const submission = need(source.submission);
    const parsed = parseEnvelope(input);
    const passphrase = await submission.passphrase(signal);
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
    // The source sends it and reads its answer (an unreachable server is `connection_failed`, a timeout `timeout`).
    const outcome = await submission.send(parsed.base64, localHash, signal);
    return this.finish(source, localHash, outcome.report, outcome.qualified, outcome.applied);
  }

  /** Journals the submission under `sent`, the hash of the envelope posted, whatever the answer names. */
  private finish(
    source: Source,
    sent: string,
    report: Omit<SubmissionReport, 'networkId' | 'explanations' | 'journalId' | 'following'>,
    qualified: string[],
    applied?: boolean,
  ): SubmissionReport {
    const { profile } = source;
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
    if (following) void this.followHash(report.hash, source, entry.id);
    return { ...report, networkId: profile.id, explanations, journalId: entry.id, following };
  }

  /** Looks a hash up once. */
  async status(hash: string, source: Source, signal?: AbortSignal): Promise<TxStatus> {
    const checkedAt = new Date().toISOString();
    const base = { hash, networkId: source.profile.id, checkedAt };
    const landed = await need(source.submission).lookup(hash, signal);
    if (landed === null) {
      return {
        ...base,
        state: this.following.has(hash) ? 'pending' : 'not_found',
        message: 'The transaction is not in a ledger (yet).',
      };
    }
    const decoded = landed.resultXdr ? safeDecode(landed.resultXdr) : null;
    return {
      ...base,
      state: landed.successful ? 'success' : 'failed',
      ...(landed.ledger !== undefined ? { ledger: landed.ledger } : {}),
      ...(decoded
        ? {
            resultCodes: decoded.codes,
            explanations: explainResult(decoded.codes, { qualified: decoded.qualified, applied: true }),
          }
        : {}),
    };
  }

  private async followHash(hash: string, source: Source, journalId: string): Promise<void> {
    const { profile } = source;
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
          last = await this.status(hash, source, controller.signal);
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
