// The result panel states what a failure cost: applied in a ledger (a ledger number came back),
// the fee was charged and the sequence used; refused at submission, nothing was.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubmissionReport } from '../../shared/model';
import { ResultPanel } from '../../renderer/src/features/submit/result-panel';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

afterEach(cleanup);

const failed: SubmissionReport = {
  result: 'failed',
  hash: 'ab'.repeat(32),
  resultXdr: '',
  transactionCode: 'tx_failed',
  operationCodes: ['op_underfunded'],
  networkId: 'testnet',
  explanations: [],
  journalId: 'j1',
  following: false,
};

describe('what a failed submission cost', () => {
  it('applied in a ledger: the fee was charged and the sequence used', () => {
    renderWith(fakeBridge({}), <ResultPanel report={{ ...failed, ledger: 52_417_905 }} />);
    const panel = screen.getByRole('region', { name: 'Submission result' });
    expect(panel.textContent).toContain(
      'applied in ledger 52417905 and failed: its fee was charged and its sequence number used',
    );
    expect(panel.textContent).not.toContain('nothing was charged');
  });

  it('refused at submission: nothing was charged, the sequence not used', () => {
    renderWith(fakeBridge({}), <ResultPanel report={failed} />);
    const panel = screen.getByRole('region', { name: 'Submission result' });
    expect(panel.textContent).toContain('nothing was charged and its sequence number was not used');
    expect(panel.textContent).not.toContain('fee was charged');
  });
});
