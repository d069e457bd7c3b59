// The Submit page's signature work (issue #14): each signature's status, thresholds met or short,
// more signed copies and a detached signature merged, the held-back reason with "submit anyway",
// and export; secret keys never leave the page.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Inspection, SubmissionReport } from '../../shared/model';
import type { MergeReport } from '../../shared/signatures';
import { SubmitPage } from '../../renderer/src/features/submit/submit-page';
import { ACCOUNT, OTHER, fakeBridge, type FakeHandlers } from './support/fake-bridge';
import { renderWith } from './support/render';

const HASH = 'ab'.repeat(32);
const ENVELOPE = 'AAAAAgAAAAB'.padEnd(200, 'A');
const COPY = 'AAAAAgAAAAC'.padEnd(200, 'B');
const MERGED = 'AAAAAgAAAAD'.padEnd(200, 'C');
const SIGNATURE = `${'Q'.repeat(86)}==`;

const inspection = {
  envelopeType: 'v1',
  encoding: 'base64',
  envelopeXdr: ENVELOPE,
  hash: HASH,
  networks: [],
  signedFor: ['local'],
  warnings: [],
  source: ACCOUNT,
  sequence: '2',
  sequenceCheck: { status: 'ok', message: 'next' },
  fee: '100',
  timeBounds: null,
  memo: { type: 'none' },
  operations: [],
  signatures: [],
  json: {},
} as Inspection;

function mergeReport(copies: number, detached: number): MergeReport {
  const signers = [ACCOUNT, ...(copies > 1 ? [OTHER] : []), ...(detached ? [OTHER] : [])];
  const ready = signers.length > 1;
  return {
    envelopeType: 'v1',
    envelope: ready ? MERGED : ENVELOPE,
    hash: HASH,
    networkId: 'local',
    networkName: 'Local',
    signatures: [
      ...signers.map((signer, index) => ({
        part: 'inner' as const,
        index,
        hint: 'abcd0000',
        signature: 'x',
        status: 'valid' as const,
        signer,
        signerType: 'ed25519_public_key' as const,
        weights: [{ account: ACCOUNT, weight: 1 }],
        duplicate: false,
      })),
      {
        part: 'inner',
        index: signers.length,
        hint: 'deadbeef',
        signature: 'y',
        status: 'unknown_signer',
        weights: [],
        duplicate: false,
      },
    ],
    operations: [{ index: 0, type: 'payment', source: ACCOUNT, level: 'med' }],
    requirements: [
      {
        account: ACCOUNT,
        part: 'inner',
        level: 'med',
        neededBy: ['operation 1 (payment)'],
        status: ready ? 'met' : 'short',
        needed: 2,
        weight: signers.length,
        short: ready ? 0 : 1,
        couldSign: ready ? [] : [{ key: OTHER, type: 'ed25519_public_key', weight: 1 }],
      },
    ],
    readiness: ready
      ? { ready: true, reasons: [] }
      : {
          ready: false,
          reasons: [{ code: 'threshold_short', message: 'operation 1 (payment) needs weight 2 and has 1: short by 1' }],
        },
    merged: copies,
    added: detached,
    dropped: [{ part: 'inner', hint: 'deadbeef', reason: 'unknown_signer' }],
  };
}

const report: SubmissionReport = {
  result: 'received',
  hash: HASH,
  resultXdr: '',
  networkId: 'local',
  explanations: [],
  journalId: 'j',
  following: false,
};

function setup(extra: FakeHandlers = {}) {
  const bridge = fakeBridge({
    'network:list': () => ({
      selectedId: 'local',
      profiles: [
        {
          id: 'local',
          name: 'Local',
          baseUrl: 'http://127.0.0.1:8000',
          passphrase: 'p',
          dialect: 'ledger',
          builtIn: true,
        },
      ],
    }),
    'tx:journal': () => ({ entries: [] }),
    'tx:inspect': ({ input }) => ({ ...inspection, envelopeXdr: input }),
    'signatures:merge': ({ inputs, detached }) => mergeReport(inputs.length, detached?.length ?? 0),
    'tx:submit': () => report,
    ...extra,
  });
  renderWith(bridge, <SubmitPage />);
  fireEvent.change(screen.getByRole('textbox', { name: /Signed transaction/ }), { target: { value: ENVELOPE } });
  fireEvent.click(screen.getByRole('button', { name: 'Inspect' }));
  return bridge;
}

afterEach(cleanup);

describe('submit page signatures', () => {
  it('shows each signature, the short threshold, holds submission back and allows "submit anyway"', async () => {
    const bridge = setup();
    const panel = await screen.findByRole('region', { name: 'Signatures and thresholds' });
    const rows = within(within(panel).getByRole('table', { name: 'Signature status' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.dataset.status)).toEqual(['valid', 'unknown_signer']);
    expect(rows[1]!.textContent).toContain('hint deadbeef');
    const need = within(panel).getByRole('list', { name: 'Thresholds' });
    expect(need.textContent).toContain('short by 1');
    expect(need.textContent).toContain(`could still sign: ${OTHER.slice(0, 6)}`);
    expect(within(panel).getByRole('list', { name: 'Dropped signatures' }).textContent).toContain(
      'not a signer of these accounts',
    );
    const held = screen.getByTestId('held-back') as HTMLButtonElement;
    expect(held.getAttribute('aria-disabled')).toBe('true');
    expect(held.textContent).toContain('short by 1');
    expect(screen.queryByRole('button', { name: 'Submit to Local' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit anyway' }));
    await screen.findByRole('region', { name: 'Submission result' });
    expect(bridge.calls.find((c) => c.channel === 'tx:submit')?.args).toEqual({ input: ENVELOPE, expectedHash: HASH });
  });

  it('merges another signed copy and submits the merged envelope', async () => {
    const bridge = setup();
    await screen.findByTestId('held-back');
    fireEvent.change(screen.getByRole('textbox', { name: 'Other signed copies' }), { target: { value: COPY } });
    fireEvent.click(screen.getByRole('button', { name: 'Add copies' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    await screen.findByRole('region', { name: 'Submission result' });
    expect(bridge.calls.filter((c) => c.channel === 'signatures:merge').at(-1)?.args).toEqual({
      inputs: [ENVELOPE, COPY],
    });
    expect(bridge.calls.find((c) => c.channel === 'tx:submit')?.args).toEqual({ input: MERGED, expectedHash: HASH });
  });

  it('adds a detached signature, and refuses a secret key pasted into the form without sending it', async () => {
    const bridge = setup();
    await screen.findByTestId('held-back');
    const secret = `S${ACCOUNT.slice(1)}`;
    fireEvent.change(screen.getByRole('textbox', { name: 'Signer public key' }), { target: { value: secret } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Signature (base64)' }), { target: { value: SIGNATURE } });
    fireEvent.click(screen.getByRole('button', { name: 'Add detached signature' }));
    expect(screen.getByTestId('copies-problem').textContent).toContain('secret key');
    expect((screen.getByRole('textbox', { name: 'Signer public key' }) as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByRole('textbox', { name: 'Signer public key' }), { target: { value: OTHER } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Signature (base64)' }), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add detached signature' }));
    expect(screen.getByTestId('copies-problem').textContent).toContain('64 bytes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Signature (base64)' }), { target: { value: SIGNATURE } });
    fireEvent.click(screen.getByRole('button', { name: 'Add detached signature' }));
    expect(await screen.findByRole('button', { name: 'Submit to Local' })).toBeTruthy();
    expect(bridge.calls.filter((c) => c.channel === 'signatures:merge').at(-1)?.args).toEqual({
      inputs: [ENVELOPE],
      detached: [{ publicKey: OTHER, signature: SIGNATURE }],
    });
    expect(bridge.calls.some((c) => JSON.stringify(c.args).includes(secret.slice(1, 30)))).toBe(false);
  });

  it('exports the envelope as a SEP-7 URI formed by the core', async () => {
    const uri = `web+stellar:tx?xdr=${encodeURIComponent(ENVELOPE)}&network_passphrase=p`;
    const bridge = setup({
      'signatures:export': ({ format }) => ({ text: format === 'sep7' ? uri : ENVELOPE, hash: HASH }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy SEP-7 URI' }));
    const shown = await screen.findByTestId('export-text');
    expect(shown.textContent).toBe(uri);
    expect(shown.dataset.format).toBe('sep7');
    expect(bridge.calls.find((c) => c.channel === 'signatures:export')?.args).toEqual({
      input: ENVELOPE,
      format: 'sep7',
    });
  });

  it('takes several dropped files as the envelope and more signed copies to merge', async () => {
    const bridge = setup();
    await screen.findByTestId('held-back');
    // jsdom's File has no arrayBuffer(); a browser's has.
    const file = (text: string, name: string) =>
      Object.assign(new File([text], name), { arrayBuffer: async () => new TextEncoder().encode(text).buffer });
    const files = [file(ENVELOPE, 'alice.xdr'), file(COPY, 'bob.xdr')];
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files } });
    expect(await screen.findByRole('button', { name: 'Submit to Local' })).toBeTruthy();
    expect(bridge.calls.filter((c) => c.channel === 'signatures:merge').at(-1)?.args).toEqual({
      inputs: [ENVELOPE, COPY],
    });
  });

  it('keeps the plain flow when the signatures cannot be checked', async () => {
    const bridge = setup({
      'signatures:merge': () => {
        throw new Error('the network is unreachable');
      },
    });
    expect((await screen.findByTestId('merge-problem')).textContent).toContain('unreachable');
    fireEvent.click(screen.getByRole('button', { name: 'Submit to Local' }));
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.channel === 'tx:submit')?.args).toEqual({
        input: ENVELOPE,
        expectedHash: HASH,
      }),
    );
  });
});
