import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Inspection, SubmissionReport } from '../../shared/model';
import { SubmitPage } from '../../renderer/src/features/submit/submit-page';
import { useUi } from '../../renderer/src/lib/store';
import { ACCOUNT, FakeError, fakeBridge, type FakeHandlers } from './support/fake-bridge';
import { renderWith } from './support/render';

const HASH = 'ef'.repeat(32);
const ENVELOPE = 'AAAAAgAAAAB'.padEnd(200, 'A');

const networks: FakeHandlers['network:list'] = () => ({
  selectedId: 'local',
  profiles: [
    {
      id: 'local',
      name: 'Local',
      baseUrl: 'http://127.0.0.1:8000',
      passphrase: 'Ledgerscope Local Network ; 2026',
      dialect: 'ledger',
      builtIn: true,
    },
    {
      id: 'testnet',
      name: 'Testnet',
      baseUrl: 'https://horizon-testnet.stellar.org',
      passphrase: 'Test SDF Network ; September 2015',
      dialect: 'horizon',
      builtIn: true,
    },
  ],
});

function inspection(signedFor: string[]): Inspection {
  return {
    envelopeType: 'v1',
    encoding: 'base64',
    envelopeXdr: ENVELOPE,
    hash: HASH,
    networks: [
      {
        networkId: 'local',
        name: 'Local',
        passphrase: 'x',
        hash: HASH,
        verifiedSignatures: signedFor.includes('local') ? 1 : 0,
      },
      {
        networkId: 'testnet',
        name: 'Testnet',
        passphrase: 'y',
        hash: 'aa'.repeat(32),
        verifiedSignatures: signedFor.includes('testnet') ? 1 : 0,
      },
    ],
    signedFor,
    warnings: [],
    source: ACCOUNT,
    sequence: '257698037761',
    sequenceCheck: { status: 'ok', current: '257698037760', message: 'next in sequence' },
    fee: '100',
    timeBounds: { minTime: '0', maxTime: String(Math.floor(Date.now() / 1000) + 300) },
    memo: { type: 'text', value: 'rent' },
    operations: [{ index: 0, type: 'payment', summary: 'pay 12.5 XLM to GB…', details: { amount: '12.5' } }],
    signatures: [{ hint: 'abcd1234', signer: ACCOUNT }],
    json: { tx: { tx: { fee: 100 } } },
  };
}

function report(overrides: Partial<SubmissionReport>): SubmissionReport {
  return {
    result: 'received',
    hash: HASH,
    resultXdr: 'AAAAAAAAAGQAAAAAAAAAAA==',
    networkId: 'local',
    explanations: [],
    journalId: 'j1',
    following: true,
    ...overrides,
  };
}

function setup(handlers: FakeHandlers) {
  const bridge = fakeBridge({ 'network:list': networks, 'tx:journal': () => ({ entries: [] }), ...handlers });
  renderWith(bridge, <SubmitPage />);
  return bridge;
}

function paste(text: string) {
  const area = screen.getByRole('textbox', { name: /Signed transaction/ }) as HTMLTextAreaElement;
  fireEvent.change(area, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Inspect' }));
  return area;
}

afterEach(() => {
  cleanup();
  useUi.setState({ opened: null });
});

describe('submit panel', () => {
  it('refuses a secret key, forgets it and never sends it', async () => {
    const bridge = setup({});
    const area = paste(`S${ACCOUNT.slice(1)}`);
    expect(screen.getByTestId('input-problem').textContent).toContain('secret key');
    expect(area.value).toBe('');
    expect(bridge.calls.some((c) => c.channel === 'tx:inspect' || c.channel === 'tx:submit')).toBe(false);
  });

  it('explains garbage as malformed and offers nothing to submit', async () => {
    const bridge = setup({
      'tx:inspect': () => {
        throw new FakeError('invalid_input', 'not hex or base64 XDR of a TransactionEnvelope');
      },
    });
    paste('hello world');
    expect((await screen.findByTestId('inspect-result')).textContent).toBe('malformed');
    expect(screen.getByTestId('inspect-message').textContent).toContain('not hex or base64');
    expect(screen.getByRole('region', { name: 'Inspection problem' }).textContent).toContain(
      'not a transaction the network can read',
    );
    expect(screen.queryByRole('button', { name: /^Submit/ })).toBeNull();
    expect(bridge.calls.some((c) => c.channel === 'tx:submit')).toBe(false);
  });

  it('shows a malformed answer from the network with its explanation', async () => {
    setup({
      'tx:inspect': () => inspection(['local']),
      'tx:submit': () => report({ result: 'malformed', hash: '', resultXdr: '', following: false }),
    });
    paste(ENVELOPE);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    const panel = await screen.findByRole('region', { name: 'Submission result' });
    expect(within(panel).getByTestId('submit-result').textContent).toBe('malformed');
    expect(panel.textContent).toContain('not a transaction the network can read');
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('previews, submits, shows received and then the final success', async () => {
    const bridge = setup({
      'tx:inspect': () => inspection(['local']),
      'tx:submit': () => report({}),
      'tx:status': () => ({ hash: HASH, networkId: 'local', state: 'pending', checkedAt: new Date().toISOString() }),
    });
    paste(ENVELOPE);
    const preview = await screen.findByRole('region', { name: 'Transaction preview' });
    expect(within(preview).queryByTestId('network-warning')).toBeNull();
    expect(within(preview).getByTestId('sequence-check').textContent).toContain('257698037760');
    expect(within(preview).getByTestId('countdown').textContent).toMatch(/valid for [45] min/);
    expect(within(preview).getByText('pay 12.5 XLM to GB…')).toBeTruthy();
    // The button is offered once the signature checks answered (here: they could not be made).
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    const panel = await screen.findByRole('region', { name: 'Submission result' });
    expect(within(panel).getByTestId('submit-result').textContent).toBe('received');
    expect(within(panel).getByRole('link', { name: HASH }).getAttribute('href')).toBe(`#/tx/${HASH}`);
    expect(bridge.calls.find((c) => c.channel === 'tx:submit')?.args).toEqual({ input: ENVELOPE, expectedHash: HASH });
    act(() =>
      bridge.emit('tx:status', {
        hash: HASH,
        networkId: 'local',
        state: 'success',
        ledger: 60000042,
        checkedAt: new Date().toISOString(),
      }),
    );
    const final = await within(panel).findByTestId('final-state');
    expect(final.dataset.state).toBe('success');
    expect(final.textContent).toContain('60000042');
  });

  it('warns when the envelope is signed for another network and explains txBAD_AUTH', async () => {
    setup({
      'tx:inspect': () => inspection(['testnet']),
      'tx:submit': () =>
        report({
          result: 'failed',
          following: false,
          transactionCode: 'tx_bad_auth',
          explanations: [
            {
              code: 'tx_bad_auth',
              scope: 'transaction',
              title: 'Bad signatures',
              explanation: 'The signatures do not match this network.',
              fix: 'Sign for the selected network.',
            },
          ],
        }),
    });
    paste(ENVELOPE);
    const warning = await screen.findByTestId('network-warning');
    expect(warning.textContent).toContain('Signed for Testnet, not for the selected network (Local)');
    // The button is offered once the signature checks answered (here: they could not be made).
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    const panel = await screen.findByRole('region', { name: 'Submission result' });
    expect(within(panel).getByTestId('submit-result').textContent).toBe('failed');
    expect(within(panel).getByTestId('result-codes').textContent).toBe('txBAD_AUTH');
    expect(within(panel).getByTitle('tx_bad_auth')).toBeTruthy();
    expect(panel.textContent).toContain('Fix: Sign for the selected network.');
  });

  it('shows connection_failed plainly', async () => {
    setup({
      'tx:inspect': () => inspection(['local']),
      'tx:submit': () => report({ result: 'connection_failed', following: false, resultXdr: '' }),
    });
    paste(ENVELOPE);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    const panel = await screen.findByRole('region', { name: 'Submission result' });
    expect(within(panel).getByTestId('submit-result').textContent).toBe('connection_failed');
    expect(panel.textContent).toContain('could not reach its core node');
    await waitFor(() => expect(screen.queryByText('Waiting for the transaction to be in a ledger…')).toBeNull());
  });

  it('inspects a file the desktop shell opened, but never a secret key in one', async () => {
    useUi.getState().setOpened({ text: `${ENVELOPE}\n`, fileName: 'payment.xdr' });
    const bridge = setup({ 'tx:inspect': () => inspection(['local']) });
    expect(await screen.findByRole('region', { name: 'Transaction preview' })).toBeTruthy();
    expect(bridge.calls.find((c) => c.channel === 'tx:inspect')?.args).toEqual({ input: ENVELOPE });
    // The file name is untrusted text, isolated in its own element.
    expect(screen.getByText('payment.xdr').closest('p')!.textContent).toBe('Opened payment.xdr');
    act(() => useUi.getState().setOpened({ text: `S${ACCOUNT.slice(1)}`, fileName: 'oops.txt' }));
    expect((await screen.findByTestId('input-problem')).textContent).toContain('secret key');
    expect((screen.getByRole('textbox', { name: /Signed transaction/ }) as HTMLTextAreaElement).value).toBe('');
    expect(bridge.calls.some((c) => JSON.stringify(c.args).includes(ACCOUNT.slice(1)))).toBe(false);
  });
});
