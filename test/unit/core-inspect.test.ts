// Inspection of real envelopes: the project's testnet fixture (test/fixtures/horizon/), and envelopes of every kind (v0, v1,
// fee-bump) built and signed here with @stellar/stellar-base, in every input form a user pastes.
import { readFileSync } from 'node:fs';
import { Account, Asset, Keypair, Memo, Operation, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../core/app/dispatch';
import { CoreError } from '../../core/app/errors';
import { inspectEnvelope, type AccountInfo } from '../../core/submission/inspect';
import { builtInProfiles, LOCAL_PASSPHRASE } from '../../core/networks/networks';
import { Inspection } from '../../shared/model';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/horizon/submit/success.json', import.meta.url), 'utf8'),
) as { envelope_xdr: string; hash: string };
const profiles = builtInProfiles('http://127.0.0.1:9');
const [local, testnet] = profiles as [(typeof profiles)[0], (typeof profiles)[0]];

const source = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7));
const other = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 9));

function localPayment(sequence = '40', signer = source) {
  const tx = new TransactionBuilder(new Account(source.publicKey(), sequence), {
    fee: '100',
    networkPassphrase: LOCAL_PASSPHRASE,
  })
    .addOperation(Operation.payment({ destination: other.publicKey(), asset: Asset.native(), amount: '12.5' }))
    .addOperation(Operation.changeTrust({ asset: new Asset('USD', other.publicKey()), limit: '1000' }))
    .addMemo(Memo.text('rent'))
    .setTimeout(0)
    .build();
  tx.sign(signer);
  return tx;
}

const inspect = (
  input: string,
  options: { selected?: typeof local; loadAccount?: (id: string) => Promise<AccountInfo | null> } = {},
) =>
  inspectEnvelope(input, {
    profiles,
    selected: options.selected ?? local,
    ...(options.loadAccount ? { loadAccount: options.loadAccount } : {}),
  });

describe('tx:inspect over the real testnet envelope', () => {
  it('detects that it is signed for Testnet and warns when Local is selected', async () => {
    const result = await inspect(fixture.envelope_xdr);
    expect(Inspection.safeParse(result).success).toBe(true);
    expect(result.signedFor).toEqual(['testnet']);
    expect(result.networks.find((n) => n.networkId === 'testnet')?.hash).toBe(fixture.hash);
    expect(result.warnings.some((w) => w.includes('verify for Testnet, but Local is selected'))).toBe(true);
    expect(result).toMatchObject({
      envelopeType: 'v1',
      encoding: 'base64',
      source: 'GB3RT2Z5CHW7277UMW67HV7N5ZW3PGOIGMOC4C5AGKEXEFQW6YZACAZD',
      fee: '100',
      memo: { type: 'text', value: 'Ledgerscope fixture' },
    });
    expect(result.operations[0]).toMatchObject({
      type: 'payment',
      summary: 'pay 25.5000000 XLM to GATKBQK6NXP5TCZMVVMDTAZPJFXQX5BDEMHBLZ6E2AU4XSNB33TFOQYS',
    });
    expect(result.signatures).toEqual([
      { hint: '16f63201', signer: 'GB3RT2Z5CHW7277UMW67HV7N5ZW3PGOIGMOC4C5AGKEXEFQW6YZACAZD' },
    ]);
  });

  it("names the destination by the address book's name, its whole id kept beside it", async () => {
    const destination = 'GATKBQK6NXP5TCZMVVMDTAZPJFXQX5BDEMHBLZ6E2AU4XSNB33TFOQYS';
    const named = await inspectEnvelope(fixture.envelope_xdr, {
      profiles,
      selected: testnet,
      nameOf: (account) => (account === destination ? 'Bob (treasury)' : undefined),
    });
    expect(named.operations[0]?.summary).toBe(`pay 25.5000000 XLM to Bob (treasury) (${destination})`);
    const unnamed = await inspectEnvelope(fixture.envelope_xdr, {
      profiles,
      selected: testnet,
      nameOf: () => undefined,
    });
    expect(unnamed.operations[0]?.summary).toBe(`pay 25.5000000 XLM to ${destination}`);
  });

  it('gives no network warning when Testnet is selected, and reports the hash the server will use', async () => {
    const result = await inspect(fixture.envelope_xdr, { selected: testnet });
    expect(result.hash).toBe(fixture.hash);
    expect(result.warnings.some((w) => w.includes('is selected'))).toBe(false);
    expect(result.warnings.some((w) => w.includes('expired'))).toBe(true);
  });

  it('accepts hex, base64, SEP-7 and JSON forms of the same envelope', async () => {
    const hex = Buffer.from(fixture.envelope_xdr, 'base64').toString('hex');
    const wrapped = fixture.envelope_xdr.replace(/(.{40})/g, '$1\n');
    const forms = [
      hex,
      hex.toUpperCase(),
      `  ${wrapped}  `,
      `web+stellar:tx?xdr=${encodeURIComponent(fixture.envelope_xdr)}&callback=url%3Ahttps%3A%2F%2Fexample.com`,
      `web+stellar:tx?callback=x&xdr=${fixture.envelope_xdr}`, // raw base64: "+" and "/" unencoded
      JSON.stringify(fixture),
      JSON.stringify({ tx: fixture.envelope_xdr }),
      JSON.stringify({ xdr: hex }),
      JSON.stringify({ transaction: { envelope_xdr: fixture.envelope_xdr } }),
    ];
    for (const form of forms) {
      const result = await inspect(form);
      expect(result.envelopeXdr).toBe(fixture.envelope_xdr);
      expect(result.signedFor).toEqual(['testnet']);
    }
    expect((await inspect(hex)).encoding).toBe('hex');
  });
});

describe('tx:inspect over envelopes built here', () => {
  it('reads a v1 envelope signed for Local, with its sequence checked against the account', async () => {
    const tx = localPayment('40');
    const load = (sequence: string) => async () => ({ sequence, signers: [source.publicKey()] });
    const ok = await inspect(tx.toXDR(), { loadAccount: load('40') });
    expect(ok).toMatchObject({
      envelopeType: 'v1',
      signedFor: ['local'],
      sequence: '41',
      sequenceCheck: { status: 'ok', current: '40' },
      warnings: [],
    });
    expect(ok.operations.map((op) => op.summary)).toEqual([
      `pay 12.5000000 XLM to ${other.publicKey()}`,
      `trust USD:${other.publicKey()} up to 1,000.0000000`,
    ]);
    expect((await inspect(tx.toXDR(), { loadAccount: load('41') })).sequenceCheck.status).toBe('too_low');
    expect((await inspect(tx.toXDR(), { loadAccount: load('10') })).sequenceCheck.status).toBe('ahead');
    expect((await inspect(tx.toXDR(), { loadAccount: async () => null })).sequenceCheck.status).toBe('no_account');
    const broken = await inspect(tx.toXDR(), {
      loadAccount: async () => {
        throw new Error('offline');
      },
    });
    expect(broken.sequenceCheck).toMatchObject({ status: 'unknown', message: expect.stringContaining('offline') });
  });

  it('reports no network when the signer is not the source', async () => {
    const result = await inspect(localPayment('40', other).toXDR());
    expect(result.signedFor).toEqual([]);
    expect(result.warnings[0]).toMatch(/No signature verifies/);
  });

  it('explains a time bound too far in the future for a date (uint64 allows it)', async () => {
    const tx = new TransactionBuilder(new Account(source.publicKey(), '40'), {
      fee: '100',
      networkPassphrase: LOCAL_PASSPHRASE,
      timebounds: { minTime: '18446744073709551615', maxTime: '0' },
    })
      .addOperation(Operation.bumpSequence({ bumpTo: '41' }))
      .build();
    tx.sign(source);
    const result = await inspect(tx.toXDR());
    expect(result.timeBounds).toEqual({ minTime: '18446744073709551615', maxTime: '0' });
    expect(result.warnings).toContain(
      'The transaction is not valid before 18446744073709551615 s after 1970: it would fail with tx_too_early.',
    );
  });

  it('reads a v0 envelope', async () => {
    const v1 = localPayment().toEnvelope().v1();
    const inner = v1.tx();
    const v0 = new xdr.TransactionV0({
      sourceAccountEd25519: source.rawPublicKey(),
      fee: inner.fee(),
      seqNum: inner.seqNum(),
      timeBounds: null,
      memo: inner.memo(),
      operations: inner.operations(),
      ext: new xdr.TransactionV0Ext(0),
    });
    const unsigned = xdr.TransactionEnvelope.envelopeTypeTxV0(
      new xdr.TransactionV0Envelope({ tx: v0, signatures: [] }),
    );
    const tx = TransactionBuilder.fromXDR(unsigned, LOCAL_PASSPHRASE);
    tx.sign(source);
    const result = await inspect(tx.toXDR());
    expect(result).toMatchObject({
      envelopeType: 'v0',
      source: source.publicKey(),
      signedFor: ['local'],
      timeBounds: null,
    });
  });

  it('reads a fee-bump: outer fee, fee source, inner fee, both signatures', async () => {
    const inner = localPayment();
    const bump = TransactionBuilder.buildFeeBumpTransaction(other, '500', inner, LOCAL_PASSPHRASE);
    bump.sign(other);
    const result = await inspect(bump.toXDR());
    expect(result).toMatchObject({
      envelopeType: 'fee_bump',
      feeSource: other.publicKey(),
      innerFee: '200',
      fee: '1500',
      source: source.publicKey(),
      signedFor: ['local'],
    });
    expect(result.signatures.map((s) => s.signer)).toEqual([other.publicKey(), source.publicKey()]);
    expect(result.networks.find((n) => n.networkId === 'local')?.verifiedSignatures).toBe(2);
  });
});

describe('tx:inspect refuses what is not a signed envelope', () => {
  const refused = async (input: string, code: string, message?: RegExp) => {
    const error = await inspect(input).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe(code);
    if (message) expect((error as CoreError).message).toMatch(message);
  };

  it('gives an actionable message for each malformed input', async () => {
    await refused('hello, there!', 'invalid_input', /neither hexadecimal nor base64/);
    await refused('AAAA', 'invalid_input', /not a TransactionEnvelope/);
    await refused(fixture.envelope_xdr.slice(0, 80), 'invalid_input');
    await refused(
      `${Buffer.from(fixture.envelope_xdr, 'base64').toString('hex')}00000000`,
      'invalid_input',
      /not a TransactionEnvelope/,
    );
    await refused('{"nothing": 1}', 'invalid_input', /holds no envelope/);
    await refused('{not json', 'invalid_input', /not valid JSON/);
    await refused('web+stellar:pay?destination=G', 'invalid_input', /SEP-7/);
    await refused('web+stellar:tx?callback=x', 'invalid_input', /no "xdr"/);
    await refused('A'.repeat(399_999), 'invalid_input');
    await refused(
      `{"tx": ${JSON.stringify('0'.repeat(10))}, "a": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
      'invalid_input',
    );
  });

  it('refuses a secret key anywhere, on any channel, without echoing it', async () => {
    const secret = source.secret();
    await refused(secret, 'secret_key_refused', /never needs/);
    await refused(JSON.stringify({ tx: fixture.envelope_xdr, secret }), 'secret_key_refused');
    const dispatch = createDispatcher({} as never);
    for (const [channel, args] of [
      ['tx:inspect', { input: secret }],
      ['tx:submit', { input: `web+stellar:tx?xdr=${secret}` }],
      ['network:add', { name: secret, baseUrl: 'https://example.com', passphrase: 'x' }],
      ['stream:watch', { account: secret.toLowerCase() }],
    ] as const) {
      const reply = await dispatch(channel, args);
      expect(reply).toMatchObject({ ok: false, error: { code: 'secret_key_refused' } });
      expect(JSON.stringify(reply)).not.toContain(secret);
    }
    // An S… string that is not a valid seed (bad checksum) is not a secret: it goes on to validation.
    const notSecret = `S${'A'.repeat(55)}`;
    expect(await dispatch('tx:inspect', { input: 5 as unknown as string, other: notSecret })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });
});
