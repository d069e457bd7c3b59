// Submission through the channel map against the real local network (core + service): every
// outcome, the follow-up until the ledger, the journal, and inspection against live accounts.
import { Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTNET_PASSPHRASE } from '../../core/networks/networks';
import type { Inspection, JournalEntry, SubmissionReport, TxStatus } from '../../shared/model';
import { startNetwork, type DemoAccount, type RunningNetwork } from '../support/network';
import { accountSequence, signedTx } from '../support/signed-tx';
import { startCore, type CoreFixture } from './app-support';
import { waitFor } from '../support/wait';

let net: RunningNetwork;
let app: CoreFixture;
let alice: DemoAccount;
let bob: DemoAccount;
let carol: DemoAccount;

beforeAll(async () => {
  net = await startNetwork({ startLedger: 60_000_000, closeIntervalMs: 200 });
  const named = (name: string) => net.demoAccounts.find((a) => a.name === name)!;
  [alice, bob, carol] = [named('alice'), named('bob'), named('carol')];
  app = startCore(net.serviceUrl, { follow: { pollMs: 100, timeoutMs: 30_000 } });
});

afterAll(async () => {
  await app?.close();
  await net?.stop();
});

async function build(
  from: DemoAccount,
  operation: ReturnType<typeof Operation.payment>,
  options: { passphrase?: string; sequence?: string } = {},
) {
  const sequence = options.sequence ?? (await accountSequence(net.serviceUrl, from.publicKey));
  return signedTx(Keypair.fromSecret(from.secretKey), [operation], {
    passphrase: options.passphrase ?? net.passphrase,
    sequence,
  }).toXDR();
}

const pay = (to: DemoAccount, amount = '1.5') =>
  Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount });

function finalStatus(hash: string) {
  return waitFor(`final status of ${hash}`, () =>
    app.events
      .filter((e) => e.channel === 'tx:status')
      .map((e) => e.payload as TxStatus)
      .find((s) => s.hash === hash && s.state !== 'pending'),
  );
}

describe('tx:submit against the local network', () => {
  it('received, then followed into a ledger: success, journal completed', async () => {
    const envelope = await build(alice, pay(bob));
    const inspection = await app.call<Inspection>('tx:inspect', { input: envelope });
    expect(inspection).toMatchObject({ signedFor: ['local'], sequenceCheck: { status: 'ok' }, warnings: [] });
    const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
    expect(report).toMatchObject({ result: 'received', hash: inspection.hash, following: true, networkId: 'local' });
    const final = await finalStatus(report.hash);
    expect(final).toMatchObject({
      state: 'success',
      resultCodes: { transaction: 'tx_success', operations: ['op_success'] },
    });
    expect(final.ledger).toBeGreaterThan(60_000_000);
    const now = await app.call<TxStatus>('tx:status', { hash: report.hash });
    expect(now).toMatchObject({ state: 'success', ledger: final.ledger });
    await app.core.submissions.idle();
    const { entries } = await app.call<{ entries: JournalEntry[] }>('tx:journal', {});
    expect(entries.find((e) => e.id === report.journalId)).toMatchObject({
      result: 'received',
      finalState: 'success',
      ledger: final.ledger,
      hash: report.hash,
    });
    // The same envelope again: already finished, nothing applied twice.
    const again = await app.call<SubmissionReport>('tx:submit', { input: envelope });
    expect(again).toMatchObject({ result: 'already_finished', hash: report.hash, following: false });
  });

  it('failed: signed for another network (tx_bad_auth), with the explanation and fix', async () => {
    const envelope = await build(alice, pay(bob), { passphrase: TESTNET_PASSPHRASE });
    const inspection = await app.call<Inspection>('tx:inspect', { input: envelope });
    expect(inspection.signedFor).toEqual(['testnet']);
    expect(inspection.warnings.join(' ')).toMatch(/Testnet, but Local is selected/);
    const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
    expect(report).toMatchObject({ result: 'failed', transactionCode: 'tx_bad_auth', following: false });
    expect(report.explanations[0]).toMatchObject({ code: 'tx_bad_auth', title: 'Bad signature or wrong network' });
    expect(report.resultJson).toBeTruthy();
  });

  it('failed: a used sequence number (tx_bad_seq), which inspection predicted', async () => {
    const current = BigInt(await accountSequence(net.serviceUrl, carol.publicKey));
    const envelope = await build(carol, pay(bob), { sequence: String(current - 1n) });
    expect((await app.call<Inspection>('tx:inspect', { input: envelope })).sequenceCheck.status).toBe('too_low');
    const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
    expect(report).toMatchObject({ result: 'failed', transactionCode: 'tx_bad_seq' });
    expect(report.explanations[0]!.fix).toMatch(/sequence/);
  });

  it('failed or failed-when-applied: an underfunded payment ends with op_underfunded explained', async () => {
    const envelope = await build(bob, pay(carol, '900000000'));
    const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
    expect(['failed', 'received']).toContain(report.result);
    const codes =
      report.result === 'failed' ? report.operationCodes : (await finalStatus(report.hash)).resultCodes?.operations;
    expect(codes).toEqual(['op_underfunded']);
    const explained = report.result === 'failed' ? report.explanations : (await finalStatus(report.hash)).explanations;
    expect(explained?.find((e) => e.code === 'op_underfunded')).toMatchObject({
      scope: 'operation',
      operationIndex: 0,
      title: 'Not enough funds',
    });
  });

  it('failed: an operation the local network does not support (op_not_supported)', async () => {
    const sequence = await accountSequence(net.serviceUrl, carol.publicKey);
    const offer = Operation.manageSellOffer({
      selling: Asset.native(),
      buying: new Asset('USD', bob.publicKey),
      amount: '1',
      price: '1',
    });
    const tx = signedTx(Keypair.fromSecret(carol.secretKey), [offer], { passphrase: net.passphrase, sequence });
    const report = await app.call<SubmissionReport>('tx:submit', { input: tx.toXDR() });
    expect(report).toMatchObject({ result: 'failed', operationCodes: ['op_not_supported'] });
    expect(report.explanations.find((e) => e.code === 'op_not_supported')?.explanation).toMatch(/does not support/);
  });

  it('connection_failed while the core is down, then received once it is back', async () => {
    const envelope = await build(carol, pay(alice));
    await net.killCore();
    try {
      const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
      // The result says it all: the service sent no detail, and the core adds no sentence restating it.
      expect(report).toMatchObject({ result: 'connection_failed', following: false });
      expect(report.message).toBeUndefined();
    } finally {
      await net.startCore();
    }
    const retried = await waitFor('the core to accept again', async () => {
      const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
      return report.result === 'received' || report.result === 'already_finished' ? report : undefined;
    });
    expect((await finalStatus(retried.hash)).state).toBe('success');
  });

  it('submits a fee-bump (outer fee paid by another account) and follows it', async () => {
    const sequence = await accountSequence(net.serviceUrl, carol.publicKey);
    const inner = signedTx(Keypair.fromSecret(carol.secretKey), [pay(bob, '0.5')], {
      passphrase: net.passphrase,
      sequence,
    });
    const bump = TransactionBuilder.buildFeeBumpTransaction(
      Keypair.fromSecret(bob.secretKey),
      '200',
      inner,
      net.passphrase,
    );
    bump.sign(Keypair.fromSecret(bob.secretKey));
    const inspection = await app.call<Inspection>('tx:inspect', { input: bump.toXDR() });
    expect(inspection).toMatchObject({
      envelopeType: 'fee_bump',
      feeSource: bob.publicKey,
      source: carol.publicKey,
      signedFor: ['local'],
      sequenceCheck: { status: 'ok' },
    });
    const report = await app.call<SubmissionReport>('tx:submit', { input: bump.toXDR() });
    expect(report.hash).toBe(bump.hash().toString('hex'));
    const outcome = report.following ? (await finalStatus(report.hash)).state : report.result;
    expect(outcome).toBe('success');
  });

  it('says when a hash is not known', async () => {
    expect(await app.call<TxStatus>('tx:status', { hash: 'ab'.repeat(32) })).toMatchObject({
      state: 'not_found',
      networkId: 'local',
    });
    expect(await app.dispatch('tx:status', { hash: 'xyz' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });

  it('sends only the envelope whose hash is the one shown: another hash is refused and nothing reaches the network', async () => {
    const before = BigInt(await accountSequence(net.serviceUrl, carol.publicKey));
    const journal = (await app.call<{ entries: JournalEntry[] }>('tx:journal', { limit: 1000 })).entries.length;
    const envelope = await build(carol, pay(alice, '0.25'));
    const { hash } = await app.call<Inspection>('tx:inspect', { input: envelope });
    const other = await app.call<Inspection>('tx:inspect', { input: await build(bob, pay(alice, '0.25')) });
    const refused = await app.dispatch('tx:submit', { input: envelope, expectedHash: other.hash });
    expect(refused).toMatchObject({ ok: false, error: { code: 'hash_mismatch' } });
    expect(refused.ok ? '' : refused.error.message).toContain(hash);
    expect((await app.call<TxStatus>('tx:status', { hash })).state).toBe('not_found');
    expect(BigInt(await accountSequence(net.serviceUrl, carol.publicKey))).toBe(before);
    expect((await app.call<{ entries: JournalEntry[] }>('tx:journal', { limit: 1000 })).entries.length).toBe(journal);
    // The hash shown (any case): sent, journalled under it, applied once.
    const report = await app.call<SubmissionReport>('tx:submit', { input: envelope, expectedHash: hash.toUpperCase() });
    expect(report).toMatchObject({ result: 'received', hash });
    expect((await finalStatus(hash)).state).toBe('success');
    expect(BigInt(await accountSequence(net.serviceUrl, carol.publicKey))).toBe(before + 1n);
    const { entries } = await app.call<{ entries: JournalEntry[] }>('tx:journal', {});
    expect(entries[0]).toMatchObject({ id: report.journalId, hash });
  });

  it('refuses garbage and secrets locally, sending nothing', async () => {
    const before = (await app.call<{ entries: JournalEntry[] }>('tx:journal', { limit: 1000 })).entries.length;
    expect(await app.dispatch('tx:submit', { input: 'not an envelope!' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await app.dispatch('tx:submit', { input: alice.secretKey })).toMatchObject({
      ok: false,
      error: { code: 'secret_key_refused' },
    });
    expect(
      await app.dispatch('tx:submit', { input: JSON.stringify({ tx: 'AAAA', seed: bob.secretKey }) }),
    ).toMatchObject({ ok: false, error: { code: 'secret_key_refused' } });
    expect((await app.call<{ entries: JournalEntry[] }>('tx:journal', { limit: 1000 })).entries.length).toBe(before);
  });
});
