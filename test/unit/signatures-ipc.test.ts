// The signatures channels through the real dispatcher and app core (an unreachable network, so
// accounts stay unknown): sizes and counts are limited, secret keys refused without an echo,
// garbage explained, and export writes only inside the export directory.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../core/app/app';
import { createDispatcher } from '../../core/app/dispatch';
import { requestChannels } from '../../shared/ipc';
import { A, B, payment, signed } from './signatures-support';

const userDataDir = mkdtempSync(join(tmpdir(), 'ledgerscope-sig-ipc-'));
const exportDir = join(userDataDir, 'exports');
const core = createAppCore({
  userDataDir,
  localUrl: 'http://127.0.0.1:9',
  host: 'web',
  version: 'test',
  healthIntervalMs: 0,
  exportDir,
  http: { timeoutMs: 2_000, maxRetries: 0 },
});
const dispatch = createDispatcher(core.handlers);
afterAll(() => core.close());

const SECRET = A.secret();
const envelope = signed(payment(), A);

async function failure(channel: string, args: unknown) {
  const reply = await dispatch(channel, args);
  if (reply.ok) throw new Error(`${channel} answered ok`);
  return reply.error;
}

describe('signatures channels', () => {
  it('checks an envelope and answers within the schema, accounts unknown when the network is down', async () => {
    const reply = await dispatch('signatures:inspect', { inputs: [envelope] });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(requestChannels['signatures:inspect'].result.safeParse(reply.value).success).toBe(true);
    const {
      reports: [report],
    } = reply.value as {
      reports: { signatures: { status: string; signer?: string }[]; readiness: { reasons: { code: string }[] } }[];
    };
    expect(report!.signatures).toMatchObject([{ status: 'valid', signer: A.publicKey() }]);
    expect(report!.readiness.reasons.map((r) => r.code)).toContain('accounts_unknown');
  });

  it.each([
    ['no inputs', { inputs: [] }, /inputs/],
    ['21 inputs', { inputs: Array.from({ length: 21 }, () => envelope) }, /inputs/],
    ['an input over 200 kB', { inputs: ['A'.repeat(200_001)] }, /inputs\.0/],
    ['a number', { inputs: [42] }, /inputs\.0/],
    ['an extra field', { inputs: [envelope], extra: 1 }, /arguments|extra/i],
    [
      'a detached key that is no key',
      { inputs: [envelope], detached: [{ publicKey: 'G123', signature: 'AAAA' }] },
      /detached\.0\.publicKey/,
    ],
    [
      'a detached signature that is no base64',
      { inputs: [envelope], detached: [{ publicKey: B.publicKey(), signature: '%%%' }] },
      /detached\.0\.signature/,
    ],
  ])('refuses %s', async (_name, args, where) => {
    const channel = 'detached' in args ? 'signatures:merge' : 'signatures:inspect';
    const error = await failure(channel, args);
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toMatch(where);
  });

  it('refuses a secret key anywhere without echoing it', async () => {
    for (const args of [
      { inputs: [SECRET] },
      { inputs: [envelope], detached: [{ publicKey: SECRET, signature: 'AAAA' }] },
      { inputs: [`${envelope}\n${SECRET}`] },
    ]) {
      const error = await failure('signatures:merge', args);
      expect(error.code).toBe('secret_key_refused');
      expect(JSON.stringify(error)).not.toContain(SECRET.slice(1, 20));
    }
  });

  it('explains garbage, and names which envelope it was', async () => {
    expect((await failure('signatures:inspect', { inputs: ['bm90IGFuIGVudmVsb3Bl'] })).code).toBe('invalid_input');
    const second = await failure('signatures:merge', { inputs: [envelope, 'zz!!'] });
    expect(second).toMatchObject({ code: 'invalid_input' });
    expect(second.message).toMatch(/^Envelope 2: /);
  });

  it('exports as SEP-7 with the local passphrase, and writes a file only in the export directory', async () => {
    const reply = await dispatch('signatures:export', { input: envelope, format: 'sep7', fileName: 'signed.txt' });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const value = reply.value as { text: string; path: string };
    expect(value.text).toMatch(/^web\+stellar:tx\?xdr=[^&]+&network_passphrase=Ledgerscope%20Local/);
    expect(value.path).toBe(join(exportDir, 'signed.txt'));
    expect(readFileSync(value.path, 'utf8')).toBe(`${value.text}\n`);
    for (const fileName of ['../escape.txt', '..', '.hidden', 'a/b']) {
      const error = await failure('signatures:export', { input: envelope, format: 'hex', fileName });
      expect(['invalid_arguments', 'invalid_input']).toContain(error.code);
    }
    expect(existsSync(join(userDataDir, 'escape.txt'))).toBe(false);
    expect((await failure('signatures:export', { input: envelope, format: 'pdf' })).code).toBe('invalid_arguments');
  });
});
