// A ledger's transactions (ledger:transactions) and a transaction's decoded signatures
// (transaction:get) through the channel map, against the real query service over a real store.
import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger, LedgerTransaction, TransactionDetail } from '../../shared/model';
import { paymentOp } from '../support/service-store';
import { START_LEDGER, startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';

let service: ServiceFixture;
let app: CoreFixture;
let mixedLedger: number;
let mixedHashes: string[];
const signer = Keypair.random();
let signed: { envelope: string; signature: string };

type Listed = { records: LedgerTransaction[]; truncated: boolean };

function signedEnvelope(): { envelope: string; signature: string } {
  const tx = new TransactionBuilder(new Account(signer.publicKey(), '41'), {
    fee: '100',
    networkPassphrase: 'Test ; ledger transactions',
  })
    .addOperation(Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1' }))
    .setTimeout(0)
    .build();
  tx.sign(signer);
  return { envelope: tx.toEnvelope().toXDR('base64'), signature: tx.signatures[0]!.signature().toString('base64') };
}

beforeAll(async () => {
  service = await startSyntheticService({ ledgers: 3, perLedger: 10, failEvery: 7 });
  const [a, b] = service.accounts as [string, string];
  signed = signedEnvelope();
  mixedLedger = service.nextLedger++;
  mixedHashes = service.store.appendLedger(mixedLedger, [
    { source: a, successful: true, ops: [paymentOp(a, b, 5n), paymentOp(a, b, 6n)] },
    { source: b, successful: false, ops: [paymentOp(b, a, 7n)] },
    { source: signer.publicKey(), successful: true, ops: [paymentOp(a, b, 8n)], envelope: signed.envelope },
  ]);
  app = startCore(service.url);
});

afterAll(async () => {
  await app?.close();
  await service?.close();
});

describe('ledger:transactions', () => {
  it('lists every transaction of a ledger in application order, failed ones included', async () => {
    const listed = await app.call<Listed>('ledger:transactions', { sequence: mixedLedger });
    expect(listed.truncated).toBe(false);
    expect(listed.records.map((r) => r.hash)).toEqual(mixedHashes);
    expect(listed.records.map((r) => [r.operationCount, r.successful, r.ledger])).toEqual([
      [2, true, mixedLedger],
      [1, false, mixedLedger],
      [1, true, mixedLedger],
    ]);
    expect(listed.records[1]!.sourceAccount).toBe(service.accounts[1]);
    expect(listed.records[0]!.feeCharged).toMatch(/^\d+$/);
  });

  it('matches the ledger header count, and a limit truncates', async () => {
    const ledger = await app.call<Ledger>('ledger:get', { sequence: START_LEDGER });
    const listed = await app.call<Listed>('ledger:transactions', { sequence: String(START_LEDGER) });
    expect(listed.records).toHaveLength(ledger.transactionCount);
    expect(listed.records.filter((r) => !r.successful)).toHaveLength(ledger.failedTransactionCount ?? 0);
    const two = await app.call<Listed>('ledger:transactions', { sequence: START_LEDGER, limit: 2 });
    expect(two).toMatchObject({ truncated: true });
    expect(two.records.map((r) => r.hash)).toEqual(listed.records.slice(0, 2).map((r) => r.hash));
  });

  it('answers not_found for a ledger not closed, and invalid_arguments for bad input', async () => {
    expect(await app.dispatch('ledger:transactions', { sequence: mixedLedger + 50 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    for (const bad of [
      { sequence: 'abc' },
      { sequence: 0 },
      { sequence: '1'.repeat(11) },
      { sequence: 5, limit: 201 },
      { sequence: 5, limit: 0 },
      { sequence: 5, extra: true },
      {},
    ]) {
      expect(await app.dispatch('ledger:transactions', bad)).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
    }
  });
});

describe('transaction:get signatures', () => {
  it('decodes hint and signature from the envelope and names the source whose key hint matches', async () => {
    const tx = await app.call<TransactionDetail>('transaction:get', { hash: mixedHashes[2] });
    expect(tx.envelopeSignatures).toEqual([
      {
        hint: signer.signatureHint().toString('hex'),
        signature: signed.signature,
        part: 'transaction',
        hintMatches: signer.publicKey(),
      },
    ]);
  });

  it('leaves them out when the envelope does not decode', async () => {
    const tx = await app.call<TransactionDetail>('transaction:get', { hash: mixedHashes[0] });
    expect(tx.envelopeSignatures).toBeUndefined();
  });
});
