// A 504 on submission is not a failure: the result says the outcome is not yet known while the
// host follows the hash, then shows the final state.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultPanel } from '../../renderer/src/features/submit/result-panel';
import type { SubmissionReport, TxStatus } from '../../shared/model';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const HASH = 'b237eceafe680fef7bf2cd1ac14de971c87d4af28d32cfdd2ae23d79149f0c4b';
const report: SubmissionReport = {
  result: 'timeout',
  hash: HASH,
  resultXdr: '',
  message: 'The outcome is not known yet: the server stopped waiting before the transaction reached a ledger.',
  networkId: 'testnet',
  explanations: [],
  journalId: 'j1',
  following: true,
};

afterEach(cleanup);

describe('a submission timeout', () => {
  it('says the outcome is not yet known, not failed, then shows the final state', () => {
    const { rerender } = renderWith(fakeBridge({}), <ResultPanel report={report} />);
    const badge = screen.getByTestId('submit-result');
    expect(badge.classList.contains('pending')).toBe(true);
    expect(badge.classList.contains('bad')).toBe(false);
    expect(screen.getByLabelText('Submission result').textContent).toContain('Outcome not yet known');
    // The core's message says the same thing: the panel does not say it twice.
    expect(screen.getByLabelText('Submission result').textContent).not.toContain('The outcome is not known yet');
    expect(screen.getByRole('status').textContent).toContain('Waiting for the transaction to be in a ledger');
    const final: TxStatus = {
      hash: HASH,
      networkId: 'testnet',
      state: 'success',
      ledger: 52426906,
      checkedAt: new Date().toISOString(),
    };
    rerender(<ResultPanel report={report} final={final} />);
    expect(screen.getByTestId('final-state').dataset['state']).toBe('success');
    expect(screen.getByTestId('final-state').textContent).toContain('Final: success');
  });
});
