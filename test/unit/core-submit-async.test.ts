// Horizon's asynchronous submission answers (the project's fixtures of POST /transactions_async)
// and the 504 transaction_submission_timeout whose extras.hash names the transaction to follow.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtInProfiles } from '../../core/networks/networks';
import { HttpClient } from '../../core/http/http';
import { hasAsyncLink, interpretAsync, usesAsyncSubmission } from '../../core/sources/horizon/submit-async';
import { interpret } from '../../core/submission/submit-answer';
import type { JsonValue } from '../../shared/json';

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/horizon/${name}`, import.meta.url), 'utf8')) as JsonValue;
const OURS = 'a'.repeat(64);

describe('POST /transactions_async answers', () => {
  it('follows PENDING and DUPLICATE by the served hash', () => {
    const pending = interpretAsync(201, read('submit/async-pending.json'), OURS).report;
    expect(pending).toMatchObject({
      result: 'received',
      hash: 'b237eceafe680fef7bf2cd1ac14de971c87d4af28d32cfdd2ae23d79149f0c4b',
    });
    expect(pending.message).toMatch(/PENDING/);
    expect(interpretAsync(409, read('submit/async-duplicate.json'), OURS).report).toMatchObject({
      result: 'received',
      message: expect.stringMatching(/DUPLICATE/),
    });
  });

  it('reads ERROR with its error_result_xdr as a refusal with codes', () => {
    const error = interpretAsync(400, read('submit/async-error.json'), OURS).report;
    expect(error).toMatchObject({
      result: 'failed',
      hash: 'b79b922c53a41a0e05a954f6568074d19537c40e3986981202ebc58eeddaa362',
      transactionCode: 'tx_failed',
    });
    expect(error.operationCodes?.length).toBeGreaterThan(0);
  });

  it('says TRY_AGAIN_LATER is not sent, and reads problem documents as the synchronous endpoint does', () => {
    expect(interpretAsync(503, read('submit/async-try-again-later.json'), OURS).report).toMatchObject({
      result: 'connection_failed',
      message: expect.stringMatching(/TRY_AGAIN_LATER/),
    });
    expect(interpretAsync(400, read('errors/transaction_malformed.json'), OURS).report.result).toBe('malformed');
    // A hostile hash is not followed: ours is.
    expect(interpretAsync(201, { tx_status: 'PENDING', hash: '../../etc/passwd' }, OURS).report.hash).toBe(OURS);
  });

  it('decides from the profile setting or the root resource links; the local network never', async () => {
    expect(hasAsyncLink({ _links: { transactions_async: { href: 'https://h.example/transactions_async' } } })).toBe(
      true,
    );
    expect(hasAsyncLink(read('root.json'))).toBe(false);
    expect(hasAsyncLink('nonsense')).toBe(false);
    const [local, testnet] = builtInProfiles('http://127.0.0.1:9');
    const unreachable = new HttpClient('http://127.0.0.1:9', { maxRetries: 0, timeoutMs: 500 });
    expect(await usesAsyncSubmission(local!, unreachable)).toBe(false);
    expect(await usesAsyncSubmission({ ...testnet!, submission: 'async' }, unreachable)).toBe(true);
    expect(await usesAsyncSubmission({ ...testnet!, submission: 'sync' }, unreachable)).toBe(false);
    expect(await usesAsyncSubmission(testnet!, unreachable)).toBe(false); // unreachable root: synchronous
    expect(await usesAsyncSubmission({ ...testnet!, submission: 'auto' }, unreachable)).toBe(false);
  });
});

describe('504 transaction_submission_timeout', () => {
  it('follows extras.hash when the server names it, else the hash computed here', () => {
    const timeout = interpret(504, read('errors/transaction_submission_timeout.json'), OURS).report;
    expect(timeout).toMatchObject({
      result: 'timeout',
      hash: 'b237eceafe680fef7bf2cd1ac14de971c87d4af28d32cfdd2ae23d79149f0c4b',
    });
    expect(timeout.message).toMatch(/not known yet/);
    expect(interpret(504, read('errors/timeout.json'), OURS).report.hash).toBe(OURS);
    expect(interpret(504, { type: 'transaction_submission_timeout', extras: { hash: 'zz' } }, OURS).report.hash).toBe(
      OURS,
    );
  });
});
