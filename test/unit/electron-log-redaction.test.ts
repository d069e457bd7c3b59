// Log redaction (core/app/log-redaction.ts): no secret key and no envelope signature reaches a
// log file; everything else stays readable. Rotation of the log files (electron/logging.ts's rotate).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, Asset, Keypair, Operation, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { describe, expect, test } from 'vitest';
import { REDACTED_SECRET, redactLogData, redactText } from '../../core/app/log-redaction';

const PASSPHRASE = 'Ledgerscope Local Network ; 2026';
const signer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const other = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2));

function signedEnvelope(signers = [signer]): xdr.TransactionEnvelope {
  const tx = new TransactionBuilder(new Account(signer.publicKey(), '1'), { fee: '100', networkPassphrase: PASSPHRASE })
    .addOperation(Operation.payment({ destination: other.publicKey(), asset: Asset.native(), amount: '1' }))
    .setTimeout(0)
    .build();
  signers.forEach((keypair) => tx.sign(keypair));
  return tx.toEnvelope();
}
const signatureBase64 = (envelope: xdr.TransactionEnvelope) =>
  envelope.v1().signatures()[0]!.signature().toString('base64');
const signatureHex = (envelope: xdr.TransactionEnvelope) => envelope.v1().signatures()[0]!.signature().toString('hex');

describe('secret keys', () => {
  test('anything shaped like a seed is removed, in any context', () => {
    const secret = signer.secret();
    for (const line of [
      secret,
      `demo account secret=${secret};`,
      `{"secret":"${secret}"}`,
      `"${secret}"`,
      `${secret}${other.secret()}`,
    ]) {
      const redacted = redactText(line);
      expect(redacted).not.toMatch(/S[A-Z2-7]{55}/);
      expect(redacted).toContain(REDACTED_SECRET);
    }
  });
  test('public keys, hashes and ordinary text stay', () => {
    const line = `payment from ${signer.publicKey()} in tx ${'ab'.repeat(32)} SUCCESS`;
    expect(redactText(line)).toBe(line);
  });
});

describe('signed envelopes', () => {
  test('base64: the envelope stays, its signatures go', () => {
    const envelope = signedEnvelope([signer, other]);
    const line = `POST /transactions tx=${envelope.toXDR('base64')} -> 201`;
    const redacted = redactText(line);
    expect(redacted).not.toContain(signatureBase64(envelope));
    expect(redacted).toContain('[2 signatures redacted]');
    const kept = /tx=(\S+?)\[/.exec(redacted)![1]!;
    const decoded = xdr.TransactionEnvelope.fromXDR(kept, 'base64');
    expect(decoded.v1().signatures()).toHaveLength(0);
    expect(decoded.v1().tx().toXDR('base64')).toBe(envelope.v1().tx().toXDR('base64'));
  });
  test('hex, as the service writes it', () => {
    const envelope = signedEnvelope();
    const redacted = redactText(`envelope_xdr=${envelope.toXDR('hex')}`);
    expect(redacted).not.toContain(signatureHex(envelope));
    expect(redacted).toContain('[1 signature redacted]');
  });
  test('URL-encoded, as in the core’s /tx?blob=', () => {
    const envelope = signedEnvelope();
    const redacted = redactText(`GET /tx?blob=${encodeURIComponent(envelope.toXDR('base64'))} 200`);
    expect(redacted).not.toContain(encodeURIComponent(signatureBase64(envelope)));
    expect(redacted).not.toContain(signatureBase64(envelope));
    expect(redacted).toContain('signature redacted');
  });
  test('fee bumps lose the outer and the inner signatures', () => {
    const inner = TransactionBuilder.fromXDR(signedEnvelope().toXDR('base64'), PASSPHRASE);
    const bump = TransactionBuilder.buildFeeBumpTransaction(other, '200', inner as never, PASSPHRASE);
    bump.sign(other);
    const envelope = bump.toEnvelope();
    const redacted = redactText(envelope.toXDR('base64'));
    expect(redacted).toContain('[2 signatures redacted]');
    expect(redacted).not.toContain(envelope.feeBump().signatures()[0]!.signature().toString('base64'));
  });
  test('signature fields of decoded JSON are cut', () => {
    const redacted = redactText(
      '{"signatures":[{"hint":"abcd","signature":"c2lnbmF0dXJl"}],"signature":"ZZZZ","memo":"hi"}',
    );
    expect(redacted).not.toContain('c2lnbmF0dXJl');
    expect(redacted).not.toContain('ZZZZ');
    expect(redacted).toContain('"memo":"hi"');
  });
  test('unsigned envelopes and other long blobs are left alone', () => {
    const unsigned = signedEnvelope([]).toXDR('base64');
    expect(redactText(unsigned)).toBe(unsigned);
    const blob = 'Q'.repeat(200);
    expect(redactText(blob)).toBe(blob);
  });
});

describe('redactLogData', () => {
  test('objects and errors are rendered, then redacted', () => {
    const secret = signer.secret();
    const [text, object, error] = redactLogData(['seed', { account: { secret } }, new Error(`bad seed ${secret}`)]);
    expect(text).toBe('seed');
    expect(object).toContain(REDACTED_SECRET);
    expect(error).toMatch(/^Error: bad seed \[secret key redacted\]/);
    expect([object, error].join()).not.toContain(secret);
  });
});

describe('rotation', () => {
  test('main.log becomes main.1.log, older ones shift, the oldest beyond three is dropped', async () => {
    const { rotate } = await import('../../electron/log-rotation');
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-logs-'));
    try {
      const log = join(dir, 'main.log');
      for (const [name, text] of [
        ['main.log', 'now'],
        ['main.1.log', 'one'],
        ['main.2.log', 'two'],
        ['main.3.log', 'three'],
      ])
        writeFileSync(join(dir, name!), text!);
      rotate(log);
      expect(existsSync(log)).toBe(false);
      expect(['main.1.log', 'main.2.log', 'main.3.log'].map((name) => readFileSync(join(dir, name), 'utf8'))).toEqual([
        'now',
        'one',
        'two',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
