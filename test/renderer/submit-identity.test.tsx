// Submit sends what is shown (issue #26): any change of the box drops the preview, the checks and
// the last result at once; the submit button (and Ctrl/⌘+Enter) acts only on the envelope whose
// preview is on screen, with its hash; the same for "Submit anyway", merged copies and detached
// signatures. Several copies pasted in one box are merged (issue #29), and after Inspect the focus
// is on the first thing to decide.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Inspection, SubmissionReport } from '../../shared/model';
import type { MergeReport } from '../../shared/signatures';
import { SubmitPage } from '../../renderer/src/features/submit/submit-page';
import { INSPECTED_AGAIN, INSPECTED_FIRST } from '../../renderer/src/features/submit/submit-identity';
import { useGlobalKeys } from '../../renderer/src/lib/keys';
import { ACCOUNT, FakeError, OTHER, fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const HASH_A = 'aa'.repeat(32);
const HASH_B = 'bb'.repeat(32);
const A = 'AAAAAgAAAAA'.padEnd(120, 'A');
const A_BY_OTHER = 'AAAAAgAAAAA'.padEnd(120, 'O');
const A_MERGED = 'AAAAAgAAAAA'.padEnd(120, 'M');
const B = 'AAAAAgAAAAA'.padEnd(120, 'B');
const SIGNATURE = `${'Q'.repeat(86)}==`;

/** Each envelope this test knows: its hash and how many of its signatures verify. */
const ENVELOPES: Record<string, { hash: string; signatures: number }> = {
  [A]: { hash: HASH_A, signatures: 1 },
  [A_BY_OTHER]: { hash: HASH_A, signatures: 1 },
  [A_MERGED]: { hash: HASH_A, signatures: 2 },
  [B]: { hash: HASH_B, signatures: 1 },
};

/** The source account as the core reads it: its sequence is used once a submission is in a ledger. */
let sequenceUsed = false;

function inspect(input: string): Inspection {
  const known = ENVELOPES[input];
  if (!known) throw new FakeError('invalid_input', 'not an envelope');
  return {
    envelopeType: 'v1',
    encoding: 'base64',
    envelopeXdr: input,
    hash: known.hash,
    networks: [
      { networkId: 'local', name: 'Local', passphrase: 'p', hash: known.hash, verifiedSignatures: known.signatures },
    ],
    signedFor: ['local'],
    warnings: [],
    source: ACCOUNT,
    sequence: '2',
    sequenceCheck: sequenceUsed
      ? { status: 'too_low', current: '2', message: 'Sequence 2 is already used' }
      : { status: 'ok', message: 'next' },
    fee: '100',
    timeBounds: null,
    memo: { type: 'none' },
    operations: [],
    signatures: [],
    json: {},
  };
}

/** A and its other copy (or a detached signature) merge into A_MERGED; `held` holds the lone envelope back. */
function merge(inputs: string[], detached: number, held: boolean): MergeReport {
  const more = inputs.length + detached > 1;
  const envelope = more && inputs[0] === A ? A_MERGED : inputs[0]!;
  const reasons = held && !more ? [{ code: 'threshold_short' as const, message: 'short by 1' }] : [];
  return {
    envelopeType: 'v1',
    envelope,
    hash: ENVELOPES[envelope]!.hash,
    networkId: 'local',
    networkName: 'Local',
    signatures: [],
    operations: [],
    requirements: [],
    readiness: { ready: reasons.length === 0, reasons },
    merged: inputs.length,
    added: detached,
    dropped: [],
  };
}

function Keys() {
  useGlobalKeys();
  return null;
}

/** `held`: the lone envelope is held back; `refuse`: the core answers hash_mismatch; `included`: in ledger 7 at once. */
function setup({
  held = false,
  refuse = false,
  included = false,
}: { held?: boolean; refuse?: boolean; included?: boolean } = {}) {
  sequenceUsed = false;
  const bridge = fakeBridge({
    'network:list': () => ({
      selectedId: 'local',
      profiles: [
        { id: 'local', name: 'Local', baseUrl: 'http://x', passphrase: 'p', dialect: 'ledger', builtIn: true },
      ],
    }),
    'tx:journal': () => ({ entries: [] }),
    'tx:inspect': ({ input }) => inspect(input),
    'signatures:merge': ({ inputs, detached }) => merge(inputs, detached?.length ?? 0, held),
    'tx:submit': ({ expectedHash }): SubmissionReport => {
      if (refuse) throw new FakeError('hash_mismatch', 'Not sent: this envelope’s hash is another.');
      if (included) {
        sequenceUsed = true;
        return {
          result: 'success',
          hash: expectedHash ?? '',
          ledger: 7,
          resultXdr: '',
          networkId: 'local',
          explanations: [],
          journalId: `j-${expectedHash}`,
          following: false,
        };
      }
      return {
        result: 'received',
        hash: expectedHash ?? '',
        resultXdr: '',
        networkId: 'local',
        explanations: [],
        journalId: `j-${expectedHash}`,
        following: false,
      };
    },
  });
  renderWith(
    bridge,
    <>
      <Keys />
      <SubmitPage />
    </>,
  );
  const submits = () => bridge.calls.filter((c) => c.channel === 'tx:submit').map((c) => c.args);
  return { bridge, submits };
}

const box = () => screen.getByRole('textbox', { name: /Signed transaction/ }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const pressInspect = () => fireEvent.click(screen.getByRole('button', { name: 'Inspect' }));
const ctrlEnter = (target: Element = document.body) => fireEvent.keyDown(target, { key: 'Enter', ctrlKey: true });
/** A paste as the browser makes it: the paste event, then the change it brings. */
function paste(text: string) {
  fireEvent.paste(box(), { clipboardData: { getData: () => text } });
  type(text);
}
/** Every control that would send something. */
const offersToSend = () => screen.queryAllByRole('button', { name: /^Submit (to |anyway)/ });

/** Asserts, without waiting, that nothing of an earlier inspection is on screen. */
function expectNothingShown() {
  expect(screen.queryByRole('region', { name: 'Transaction preview' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Signatures and thresholds' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Other signed copies' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Submission result' })).toBeNull();
  expect(offersToSend()).toEqual([]);
  expect(screen.queryByTestId('held-back')).toBeNull();
}

async function submitShown(hash: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
  const result = await screen.findByRole('region', { name: 'Submission result' });
  expect(within(result).getByRole('link', { name: hash })).toBeTruthy();
}

afterEach(cleanup);

describe('submit sends what is shown', () => {
  it('one character typed after Inspect removes the preview and the submit button; Ctrl+Enter says why', async () => {
    const { submits } = setup();
    type(A);
    pressInspect();
    await screen.findByRole('button', { name: 'Submit to Local' });
    type(`${A}x`);
    expectNothingShown();
    ctrlEnter(box());
    expect(screen.getByTestId('submit-refused').textContent).toBe(INSPECTED_AGAIN);
    expect(submits()).toEqual([]);
    // Inspect again: the refusal goes, and what is now in the box is what is checked.
    pressInspect();
    expect(screen.queryByTestId('submit-refused')).toBeNull();
    expect(await screen.findByTestId('inspect-result')).toBeTruthy();
    expect(offersToSend()).toEqual([]);
  });

  it('a paste over a submitted envelope clears its result at once, is inspected, and submit sends the pasted one', async () => {
    const { submits } = setup();
    paste(A);
    await submitShown(HASH_A);
    paste(B);
    // Read at once: nothing of A is left to click.
    expectNothingShown();
    await submitShown(HASH_B);
    expect(submits()).toEqual([
      { input: A, expectedHash: HASH_A },
      { input: B, expectedHash: HASH_B },
    ]);
  });

  it('a dropped file replacing a pasted envelope: submit sends the file’s', async () => {
    const { submits } = setup();
    paste(A);
    await submitShown(HASH_A);
    const file = Object.assign(new File([B], 'b.xdr'), { arrayBuffer: async () => new TextEncoder().encode(B).buffer });
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(box().value).toBe(B));
    expect(screen.queryByRole('region', { name: 'Submission result' })).toBeNull();
    await submitShown(HASH_B);
    expect(submits().at(-1)).toEqual({ input: B, expectedHash: HASH_B });
    expect(submits()).toHaveLength(2);
  });

  it('Ctrl+Enter submits what is inspected, and nothing when nothing is', async () => {
    const { submits } = setup();
    ctrlEnter();
    expect(screen.getByTestId('submit-refused').textContent).toMatch(/^Nothing to submit yet/);
    type(A);
    pressInspect();
    await screen.findByRole('button', { name: 'Submit to Local' });
    ctrlEnter();
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits()).toEqual([{ input: A, expectedHash: HASH_A }]);
  });

  it('Ctrl+Enter in the box before Inspect inspects what it holds, says so, and sends nothing until pressed again', async () => {
    const { submits } = setup();
    type(A);
    ctrlEnter(box());
    expect(screen.getByTestId('submit-refused').textContent).toBe(INSPECTED_FIRST);
    await screen.findByRole('button', { name: 'Submit to Local' });
    expect(submits()).toEqual([]);
    ctrlEnter(box());
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits()).toEqual([{ input: A, expectedHash: HASH_A }]);
  });

  it('once the submission is in a ledger, the preview reads the account again: its sequence is now used', async () => {
    const { bridge } = setup({ included: true });
    type(A);
    pressInspect();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    await screen.findByRole('region', { name: 'Submission result' });
    await waitFor(() => expect(screen.getByTestId('sequence-check').textContent).toContain('is already used'));
    expect(bridge.calls.filter((c) => c.channel === 'tx:inspect').length).toBeGreaterThanOrEqual(2);
  });

  it('merged copies and detached signatures belong to one inspection: a change of the box drops them', async () => {
    const { bridge, submits } = setup({ held: true });
    type(A);
    pressInspect();
    await screen.findByTestId('held-back');
    fireEvent.change(screen.getByRole('textbox', { name: 'Other signed copies' }), { target: { value: A_BY_OTHER } });
    fireEvent.click(screen.getByRole('button', { name: 'Add copies' }));
    const preview = await screen.findByRole('region', { name: 'Transaction preview' });
    // The preview is of the merged envelope, and counts its signatures.
    await waitFor(() =>
      expect(within(preview).getByTestId('detected-network').textContent).toBe('Local (2 signatures)'),
    );
    expect(within(preview).getByTestId('preview-of').textContent).toContain('merged');
    type(`${A} `);
    expectNothingShown();
    pressInspect();
    await screen.findByTestId('held-back');
    expect(bridge.calls.filter((c) => c.channel === 'signatures:merge').at(-1)?.args).toEqual({ inputs: [A] });
    // A detached signature, then the box changes: gone too.
    fireEvent.change(screen.getByRole('textbox', { name: 'Signer public key' }), { target: { value: OTHER } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Signature (base64)' }), { target: { value: SIGNATURE } });
    fireEvent.click(screen.getByRole('button', { name: 'Add detached signature' }));
    await screen.findByRole('button', { name: 'Submit to Local' });
    type(B);
    expectNothingShown();
    expect(submits()).toEqual([]);
  });

  it('"Submit anyway" sends the envelope shown, and is gone once the box changes', async () => {
    const { submits } = setup({ held: true });
    type(A);
    pressInspect();
    await screen.findByRole('button', { name: 'Submit anyway' });
    // Ctrl+Enter is the primary button's: held back, it says why and sends nothing.
    ctrlEnter();
    expect(screen.getByTestId('submit-refused').textContent).toMatch(/^Held back: short by 1\. "Submit anyway"/);
    expect(submits()).toEqual([]);
    type(B);
    expectNothingShown();
    expect(screen.queryByTestId('submit-refused')).toBeNull();
    pressInspect();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit anyway' }));
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits()).toEqual([{ input: B, expectedHash: HASH_B }]);
  });

  it('shows the core’s refusal of a hash that is not the one shown', async () => {
    setup({ refuse: true });
    type(A);
    pressInspect();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to Local' }));
    expect((await screen.findByText(/^Could not submit:/)).textContent).toContain('hash is another');
    expect(screen.queryByRole('region', { name: 'Submission result' })).toBeNull();
  });
});

describe('several copies pasted in one box', () => {
  it('are inspected as the first and merged with the others, and the merged envelope is sent', async () => {
    const { bridge, submits } = setup({ held: true });
    type(`${A}\r\n\r\n${A_BY_OTHER}\n`);
    pressInspect();
    await screen.findByRole('button', { name: 'Submit to Local' });
    expect(bridge.calls.find((c) => c.channel === 'tx:inspect')?.args).toEqual({ input: A });
    expect(bridge.calls.filter((c) => c.channel === 'signatures:merge').at(-1)?.args).toEqual({
      inputs: [A, A_BY_OTHER],
    });
    expect(screen.getByRole('region', { name: 'Other signed copies' }).textContent).toContain('1 more copy');
    const preview = screen.getByRole('region', { name: 'Transaction preview' });
    expect(within(preview).getByTestId('detected-network').textContent).toBe('Local (2 signatures)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit to Local' }));
    await screen.findByRole('region', { name: 'Submission result' });
    expect(submits()).toEqual([{ input: A_MERGED, expectedHash: HASH_A }]);
  });

  it('one a line are taken the same, and more than 20 are refused before anything is checked', async () => {
    const { bridge } = setup({ held: true });
    type(`${A}\n${A_BY_OTHER}`);
    pressInspect();
    await screen.findByRole('button', { name: 'Submit to Local' });
    type(Array.from({ length: 21 }, () => A).join('\n'));
    const before = bridge.calls.length;
    pressInspect();
    expect(screen.getByTestId('input-problem').textContent).toBe('At most 20 copies can be merged; this holds 21.');
    expect(bridge.calls.length).toBe(before);
  });
});

describe('focus after Inspect', () => {
  it('moves to the submit button once the checks answer', async () => {
    setup();
    type(A);
    pressInspect();
    const submit = await screen.findByRole('button', { name: 'Submit to Local' });
    await waitFor(() => expect(document.activeElement).toBe(submit));
  });

  it('moves to the held-back reason when the checks hold it back; Tab then reaches "Submit anyway"', async () => {
    setup({ held: true });
    type(A);
    pressInspect();
    const held = await screen.findByTestId('held-back');
    await waitFor(() => expect(document.activeElement).toBe(held));
    expect(held.getAttribute('aria-disabled')).toBe('true');
    expect(held.nextElementSibling?.textContent).toBe('Submit anyway');
  });

  it('stays in the box after a paste (the person may go on typing)', async () => {
    setup();
    box().focus();
    paste(A);
    await screen.findByRole('button', { name: 'Submit to Local' });
    expect(document.activeElement).toBe(box());
    act(() => undefined);
    expect(document.activeElement).toBe(box());
  });
});
