// Multisig on the real local network (core + service) through the channel map: a demo account
// gets two extra signers and a medium threshold of 2 (set_options signed with its demo secret
// key, in this test only: the app never sees one), then copies of a payment each signed once are
// merged and the merged envelope is submitted and applied; a detached signature added by key.
import { Asset, Keypair, Operation, TransactionBuilder, type Transaction } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account as AccountRecord, SubmissionReport, TxStatus } from '../../shared/model';
import type { MergeReport, SignatureReport } from '../../shared/signatures';
import { startNetwork, type DemoAccount, type RunningNetwork } from '../support/network';
import { accountSequence, signedTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

let net: RunningNetwork;
let app: CoreFixture;
let alice: DemoAccount;
let bob: DemoAccount;
let carol: DemoAccount;
let dave: DemoAccount;

beforeAll(async () => {
  net = await startNetwork({ startLedger: 60_000_000, closeIntervalMs: 200 });
  const named = (name: string) => net.demoAccounts.find((a) => a.name === name)!;
  [alice, bob, carol, dave] = [named('alice'), named('bob'), named('carol'), named('dave')];
  app = startCore(net.serviceUrl, { follow: { pollMs: 100, timeoutMs: 30_000 } });
});

afterAll(async () => {
  await app?.close();
  await net?.stop();
});

const secret = (account: DemoAccount) => Keypair.fromSecret(account.secretKey);

async function unsigned(
  from: DemoAccount,
  ...operations: ReturnType<typeof Operation.payment>[]
): Promise<Transaction> {
  const sequence = await accountSequence(net.serviceUrl, from.publicKey);
  return signedTx(Keypair.fromPublicKey(from.publicKey), operations, {
    passphrase: net.passphrase,
    sequence,
    fee: '200',
    signers: [],
  });
}

function signedBy(tx: Transaction, ...accounts: DemoAccount[]): string {
  const copy = TransactionBuilder.fromXDR(tx.toXDR(), net.passphrase) as Transaction;
  copy.sign(...accounts.map(secret));
  return copy.toXDR();
}

async function submitted(envelope: string): Promise<TxStatus> {
  const report = await app.call<SubmissionReport>('tx:submit', { input: envelope });
  expect(report.result, report.message).toBe('received');
  return waitFor(`final status of ${report.hash}`, () =>
    app.events
      .filter((e) => e.channel === 'tx:status')
      .map((e) => e.payload as TxStatus)
      .find((s) => s.hash === report.hash && s.state !== 'pending'),
  );
}

describe('multisig through the signatures channels', () => {
  it('gives alice two extra signers and a medium threshold of 2', async () => {
    const setup = await unsigned(
      alice,
      Operation.setOptions({ signer: { ed25519PublicKey: bob.publicKey, weight: 1 } }),
      Operation.setOptions({ signer: { ed25519PublicKey: carol.publicKey, weight: 1 } }),
      Operation.setOptions({ masterWeight: 1, lowThreshold: 1, medThreshold: 2, highThreshold: 2 }),
    );
    expect(await submitted(signedBy(setup, alice))).toMatchObject({ state: 'success' });
    const account = await app.call<AccountRecord>('account:get', { id: alice.publicKey });
    expect(account.thresholds).toEqual({ low: 1, med: 2, high: 2 });
    expect(account.signers.map((s) => [s.key, s.weight, s.type]).sort()).toEqual(
      [
        [alice.publicKey, 1, 'ed25519_public_key'],
        [bob.publicKey, 1, 'ed25519_public_key'],
        [carol.publicKey, 1, 'ed25519_public_key'],
      ].sort(),
    );
  });

  it('merges two copies each signed once and the merged one is applied', async () => {
    const tx = await unsigned(
      alice,
      Operation.payment({ destination: dave.publicKey, asset: Asset.native(), amount: '2.5' }),
    );
    const copies = [signedBy(tx, alice), signedBy(tx, bob)];
    const { reports } = await app.call<{ reports: SignatureReport[] }>('signatures:inspect', { inputs: copies });
    for (const [i, report] of reports.entries()) {
      expect(report.networkId).toBe('local');
      expect(report.signatures).toMatchObject([
        {
          status: 'valid',
          signer: i === 0 ? alice.publicKey : bob.publicKey,
          weights: [{ account: alice.publicKey, weight: 1 }],
        },
      ]);
      const med = report.requirements.find((r) => r.level === 'med')!;
      expect(med).toMatchObject({ status: 'short', needed: 2, weight: 1, short: 1 });
      expect(med.couldSign.map((c) => c.key)).toContain(carol.publicKey);
      expect(report.readiness.reasons.map((r) => r.code)).toEqual(['threshold_short']);
    }
    const merged = await app.call<MergeReport>('signatures:merge', { inputs: copies });
    expect(merged).toMatchObject({
      merged: 2,
      hash: tx.hash().toString('hex'),
      readiness: { ready: true, reasons: [] },
      dropped: [],
    });
    expect(merged.signatures.map((s) => s.signer).sort()).toEqual([alice.publicKey, bob.publicKey].sort());
    const final = await submitted(merged.envelope);
    expect(final).toMatchObject({ state: 'success', hash: tx.hash().toString('hex') });
    // Submitted once, its sequence is used: a second look holds it back.
    const again = await app.call<{ reports: SignatureReport[] }>('signatures:inspect', { inputs: [merged.envelope] });
    expect(again.reports[0]!.readiness.reasons.map((r) => r.code)).toContain('sequence_used');
  });

  it('adds a detached signature by key, drops a signature no threshold needs, and the result is applied', async () => {
    const tx = await unsigned(
      alice,
      Operation.payment({ destination: dave.publicKey, asset: Asset.native(), amount: '1' }),
    );
    const detached = { publicKey: carol.publicKey, signature: secret(carol).sign(tx.hash()).toString('base64') };
    const stranger = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 77));
    const copy = TransactionBuilder.fromXDR(signedBy(tx, alice), net.passphrase) as Transaction;
    copy.sign(stranger);
    const merged = await app.call<MergeReport>('signatures:merge', { inputs: [copy.toXDR()], detached: [detached] });
    expect(merged).toMatchObject({ added: 1, readiness: { ready: true } });
    expect(merged.signatures.map((s) => s.signer).sort()).toEqual([alice.publicKey, carol.publicKey].sort());
    expect(merged.dropped).toEqual([
      { part: 'inner', hint: stranger.signatureHint().toString('hex'), reason: 'unknown_signer' },
    ]);
    const exported = await app.call<{ text: string }>('signatures:export', { input: merged.envelope, format: 'sep7' });
    expect(exported.text).toMatch(/^web\+stellar:tx\?xdr=.+&network_passphrase=/);
    expect(await submitted(exported.text)).toMatchObject({ state: 'success' });
  });

  it('refuses a copy of another transaction with the reason', async () => {
    const one = await unsigned(
      alice,
      Operation.payment({ destination: dave.publicKey, asset: Asset.native(), amount: '1' }),
    );
    const two = await unsigned(
      alice,
      Operation.payment({ destination: dave.publicKey, asset: Asset.native(), amount: '2' }),
    );
    await expect(app.call('signatures:merge', { inputs: [signedBy(one, alice), signedBy(two, bob)] })).rejects.toThrow(
      /merge_refused: Envelope 2 is a different transaction/,
    );
  });
});
