// The Submit page's submit buttons while the signature checks run (the "Submit anyway" click that
// did nothing): no button offers to send an envelope before its checks answer, a held-back
// envelope is sent once by "Submit anyway" however often it is clicked, and a re-check running in
// the background does not take the button away from under the click.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Inspection, SubmissionReport } from '../../shared/model';
import type { MergeReport } from '../../shared/signatures';
import { SubmitPage } from '../../renderer/src/features/submit/submit-page';
import { ACCOUNT, fakeBridge, type FakeHandlers } from './support/fake-bridge';
import { renderWith } from './support/render';

const HASH = 'cd'.repeat(32);
const ENVELOPE = 'AAAAAgAAAAB'.padEnd(200, 'A');
const COPY = 'AAAAAgAAAAC'.padEnd(200, 'B');
const MERGED = 'AAAAAgAAAAD'.padEnd(200, 'C');
const MISSING = `${ACCOUNT.slice(0, 6)}…${ACCOUNT.slice(-4)} does not exist on this network (transaction): the network would answer tx_no_source_account / op_no_source_account.`;

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
  sequenceCheck: { status: 'unknown', message: 'the account does not exist' },
  fee: '100',
  timeBounds: null,
  memo: { type: 'none' },
  operations: [],
  signatures: [],
  json: {},
} as Inspection;

/** The source account is missing (held back), or, with a second copy merged, everything is met. */
function mergeReport(inputs: string[]): MergeReport {
  const merged = inputs.length > 1;
  return {
    envelopeType: 'v1',
    envelope: merged ? MERGED : ENVELOPE,
    hash: HASH,
    networkId: 'local',
    networkName: 'Local',
    signatures: [
      {
        part: 'inner',
        index: 0,
        hint: 'abcd0000',
        signature: 'x',
        status: 'valid',
        signer: ACCOUNT,
        signerType: 'ed25519_public_key',
        weights: [],
        duplicate: false,
      },
    ],
    operations: [],
    dropped: [],
    merged: inputs.length,
    added: 0,
    requirements: [
      {
        account: ACCOUNT,
        part: 'inner',
        level: 'low',
        neededBy: ['transaction'],
        status: merged ? 'met' : 'no_account',
        needed: 0,
        weight: 0,
        short: 0,
        couldSign: [],
      },
    ],
    readiness: merged
      ? { ready: true, reasons: [] }
      : { ready: false, reasons: [{ code: 'no_account', message: MISSING }] },
  };
}

const report: SubmissionReport = {
  result: 'timeout',
  hash: HASH,
  resultXdr: '',
  networkId: 'local',
  explanations: [],
  journalId: 'j',
  following: false,
};

/** An answer the test releases when it chooses. */
function deferred<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

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
    'signatures:merge': ({ inputs }) => mergeReport(inputs),
    'tx:submit': () => report,
    ...extra,
  });
  const { client } = renderWith(bridge, <SubmitPage />);
  fireEvent.change(screen.getByRole('textbox', { name: /Signed transaction/ }), { target: { value: ENVELOPE } });
  fireEvent.click(screen.getByRole('button', { name: 'Inspect' }));
  const submits = () => bridge.calls.filter((c) => c.channel === 'tx:submit');
  return { bridge, client, submits };
}

/** Every enabled button whose name offers to send the envelope. */
const offersToSend = () =>
  screen.queryAllByRole('button', { name: /^Submit (to |anyway)/ }).filter((b) => !(b as HTMLButtonElement).disabled);

afterEach(cleanup);

describe('submit buttons while the signatures are checked', () => {
  it('offers no submit until the checks answer, then holds back, and "Submit anyway" sends once', async () => {
    const merge = deferred<MergeReport>();
    const { bridge, submits } = setup({ 'signatures:merge': () => merge.promise });
    await screen.findByRole('region', { name: 'Transaction preview' });
    await waitFor(() => expect(bridge.calls.some((c) => c.channel === 'signatures:merge')).toBe(true));
    // The checks have not answered: nothing may offer to send (it would turn into "Held back").
    expect(offersToSend()).toEqual([]);
    const busy = screen.getByRole('button', { name: 'Checking signatures…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    merge.release(mergeReport([ENVELOPE]));
    const held = (await screen.findByTestId('held-back')) as HTMLButtonElement;
    expect(held.getAttribute('aria-disabled')).toBe('true');
    expect(held.textContent).toBe(`Held back: ${MISSING}`);
    expect(submits()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit anyway' }));
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits().map((c) => c.args)).toEqual([{ input: ENVELOPE, expectedHash: HASH }]);
  });

  it('sends once when "Submit anyway" is clicked twice before the page shows "Submitting…"', async () => {
    const answer = deferred<SubmissionReport>();
    const { submits } = setup({ 'tx:submit': () => answer.promise });
    await screen.findByTestId('held-back');
    const anyway = screen.getByRole('button', { name: 'Submit anyway' });
    fireEvent.click(anyway);
    fireEvent.click(anyway);
    expect(((await screen.findByRole('button', { name: 'Submitting…' })) as HTMLButtonElement).disabled).toBe(true);
    answer.release(report);
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits().map((c) => c.args)).toEqual([{ input: ENVELOPE, expectedHash: HASH }]);
    // Settled, the same envelope may be sent again on purpose (resubmitting is safe).
    fireEvent.click(screen.getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(submits()).toHaveLength(2));
  });

  it('a re-check running in the background leaves the button as it was: the click sends the merged envelope once', async () => {
    let next: Promise<MergeReport> | null = null;
    const { bridge, client, submits } = setup({ 'signatures:merge': ({ inputs }) => next ?? mergeReport(inputs) });
    await screen.findByTestId('held-back');
    fireEvent.change(screen.getByRole('textbox', { name: 'Other signed copies' }), { target: { value: COPY } });
    fireEvent.click(screen.getByRole('button', { name: 'Add copies' }));
    await screen.findByRole('button', { name: 'Submit to Local' });
    // The same inputs are checked again (a refetch) and that answer is slow.
    const slow = deferred<MergeReport>();
    next = slow.promise;
    const merges = bridge.calls.filter((c) => c.channel === 'signatures:merge').length;
    void client.refetchQueries({ queryKey: ['signatures:merge'] });
    await waitFor(() => expect(bridge.calls.filter((c) => c.channel === 'signatures:merge')).toHaveLength(merges + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Submit to Local' }));
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits().map((c) => c.args)).toEqual([{ input: MERGED, expectedHash: HASH }]);
    slow.release(mergeReport([ENVELOPE, COPY]));
  });
});
