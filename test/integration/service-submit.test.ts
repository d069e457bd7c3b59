// POST /transactions against a real local network (docs/design.md "Submission"): each of the five
// outcomes, with envelopes built and signed by @stellar/stellar-base with the demo accounts' keys.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../network/service/server';
import { type RunningNetwork, startNetwork } from '../support/network';
import { waitFor } from '../support/wait';
import { openSse, recordIds } from '../support/sse';
import { resultCode, submit } from '../support/service-tx';
import { paymentTx } from '../support/signed-tx';

let net: RunningNetwork;

beforeAll(async () => {
  net = await startNetwork({ historyOps: 200, startLedger: 60_000_000, closeIntervalMs: 250 });
});

afterAll(async () => {
  await net?.stop();
});

const account = (i: number) => net.demoAccounts[i]!;

async function payments(id: string): Promise<{ transaction_hash: string; paging_token: string }[]> {
  const response = await fetch(`${net.serviceUrl}/accounts/${id}/payments?order=desc&limit=20`);
  return ((await response.json()) as { _embedded: { records: { transaction_hash: string; paging_token: string }[] } })
    ._embedded.records;
}

describe('received', () => {
  it.each([
    ['json', 'hex', 1],
    ['urlencoded', 'base64', 2],
    ['multipart', 'base64', 3],
  ] as const)(
    'accepts a %s body with a %s envelope; the payment lands in history and on open streams',
    async (form, encoding, from) => {
      const receiver = account(from + 4).publicKey;
      const stream = await openSse(`${net.serviceUrl}/accounts/${receiver}/payments?cursor=now`);
      try {
        await stream.waitFor((frames) => frames.some((f) => f.event === 'open'));
        const tx = await paymentTx(net.serviceUrl, account(from), receiver, { passphrase: net.passphrase });
        const hash = tx.hash().toString('hex');
        const reply = await submit(net.serviceUrl, tx.toEnvelope().toXDR(encoding), form);
        expect(reply.status).toBe(201);
        expect(reply.body).toMatchObject({
          hash,
          result: 'received',
          _links: { transaction: { href: `${net.serviceUrl}/transactions/${hash}` } },
        });
        expect(() => xdr.TransactionResult.fromXDR(reply.body.submission_result as string, 'hex')).not.toThrow();
        await waitFor(
          'the payment in the listing',
          async () => (await payments(receiver)).some((r) => r.transaction_hash === hash),
          15_000,
        );
        await stream.waitFor((frames) => frames.some((f) => f.data?.includes(hash)), 15_000);
        expect(recordIds(stream.frames)).toHaveLength(1);
        const again = await submit(net.serviceUrl, tx.toEnvelope().toXDR('base64'));
        expect(again.status).toBe(200);
        expect(again.body).toMatchObject({ hash, result: 'already_finished' });
        expect(resultCode(again.body.submission_result as string)).toBe('txSuccess');
      } finally {
        stream.close();
      }
    },
  );

  it('accepts a fee-bump envelope and reports the fee bump hash', async () => {
    const inner = await paymentTx(net.serviceUrl, account(4), account(9).publicKey, { passphrase: net.passphrase });
    const feeSource = Keypair.fromSecret(account(5).secretKey);
    const bump = TransactionBuilder.buildFeeBumpTransaction(feeSource, '200', inner, net.passphrase);
    bump.sign(feeSource);
    const reply = await submit(net.serviceUrl, bump.toEnvelope().toXDR('base64'), 'json');
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ hash: bump.hash().toString('hex'), result: 'received' });
    await waitFor(
      'the fee bump in history',
      async () => (await fetch(`${net.serviceUrl}/transactions/${reply.body.hash}`)).status === 200,
      15_000,
    );
  });
});

describe('failed and malformed', () => {
  it.each([
    ['a wrong network passphrase', { passphrase: 'Test SDF Network ; September 2015' }, 'txBadAuth'],
    ['a bad sequence', { sequence: '1' }, 'txBadSeq'],
    ['a fee below the base fee', { fee: '1' }, 'txInsufficientFee'],
  ])('refuses %s as failed with the core result', async (_name, options, code) => {
    const tx = await paymentTx(net.serviceUrl, account(6), account(7).publicKey, {
      passphrase: net.passphrase,
      ...options,
    });
    const reply = await submit(net.serviceUrl, tx.toEnvelope().toXDR('base64'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ result: 'failed', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(resultCode(reply.body.submission_result as string)).toBe(code);
  });

  it('answers malformed for garbage, for base64 that is no envelope and for a truncated envelope', async () => {
    const tx = await paymentTx(net.serviceUrl, account(6), account(7).publicKey, { passphrase: net.passphrase });
    const envelope = tx.toEnvelope().toXDR('base64');
    for (const text of [
      'garbage text ☃',
      'aGVsbG8gd29ybGQ=',
      envelope.slice(0, envelope.length - 12),
      tx.toEnvelope().toXDR('hex').slice(0, 100),
    ]) {
      const reply = await submit(net.serviceUrl, text, 'json');
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ hash: '', result: 'malformed', submission_result: '' });
    }
  });
});

describe('the core unreachable, busy or slow', () => {
  it('answers already_finished from history with the core stopped, connection_failed for new ones', async () => {
    const tx = await paymentTx(net.serviceUrl, account(8), account(2).publicKey, { passphrase: net.passphrase });
    expect((await submit(net.serviceUrl, tx.toEnvelope().toXDR('base64'))).status).toBe(201);
    const hash = tx.hash().toString('hex');
    await waitFor(
      'the transaction in history',
      async () => (await fetch(`${net.serviceUrl}/transactions/${hash}`)).status === 200,
      15_000,
    );
    await net.killCore();
    try {
      const finished = await submit(net.serviceUrl, tx.toEnvelope().toXDR('hex'));
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({
        hash,
        result: 'already_finished',
        _links: { transaction: { href: `${net.serviceUrl}/transactions/${hash}` } },
      });
      const fresh = await paymentTx(net.serviceUrl, account(8), account(2).publicKey, { passphrase: net.passphrase });
      const failed = await submit(net.serviceUrl, fresh.toEnvelope().toXDR('base64'));
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({
        hash: fresh.hash().toString('hex'),
        result: 'connection_failed',
        submission_result: '',
      });
    } finally {
      await net.startCore();
    }
    const after = await paymentTx(net.serviceUrl, account(8), account(2).publicKey, { passphrase: net.passphrase });
    expect((await submit(net.serviceUrl, after.toEnvelope().toXDR('base64'))).status).toBe(201);
  });

  it('maps TRY_AGAIN_LATER to a 503 problem with Retry-After, and a silent core to connection_failed', async () => {
    let mode: 'busy' | 'silent' = 'busy';
    const fake: Server = createServer((request, response) => {
      if (mode === 'busy') response.end(JSON.stringify({ status: 'TRY_AGAIN_LATER' }));
      // silent: never answers
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const coreUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    const service = await startService({ dataDir: net.dataDir, port: 0, coreUrl, coreTimeoutMs: 300 });
    try {
      const tx = await paymentTx(net.serviceUrl, account(3), account(2).publicKey, { passphrase: net.passphrase });
      const busy = await submit(service.url, tx.toEnvelope().toXDR('base64'));
      expect(busy.status).toBe(503);
      expect(busy.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(busy.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(busy.body).toMatchObject({ type: 'service_unavailable', status: 503 });
      mode = 'silent';
      const started = Date.now();
      const silent = await submit(service.url, tx.toEnvelope().toXDR('base64'));
      expect(silent.status).toBe(503);
      expect(silent.body).toMatchObject({ result: 'connection_failed' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await service.close();
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
