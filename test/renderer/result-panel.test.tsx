import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Explanation, SubmissionReport, TxStatus } from '../../shared/model';
import { ResultPanel } from '../../renderer/src/features/submit/result-panel';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

const HASH = 'cd'.repeat(32);
const APPLIED_TX: Explanation = {
  code: 'tx_success',
  scope: 'transaction',
  title: 'Succeeded',
  explanation: 'Every operation of the transaction was applied.',
  fix: 'Nothing to do.',
};
const APPLIED_OP: Explanation = {
  code: 'op_success',
  scope: 'operation',
  operationIndex: 0,
  title: 'Succeeded',
  explanation: 'The operation was applied.',
  fix: 'Nothing to do.',
};

const received: SubmissionReport = {
  result: 'received',
  hash: HASH,
  resultXdr: 'AAAAAAAAAGQAAAAAAAAAAA==',
  networkId: 'local',
  transactionCode: 'tx_success',
  operationCodes: ['op_success'],
  explanations: [APPLIED_TX, APPLIED_OP],
  journalId: 'j1',
  following: true,
};

function occurrences(text: string): number {
  return document.body.textContent!.split(text).length - 1;
}

afterEach(cleanup);

describe('the received panel', () => {
  it('never says an operation was applied before the ledger closes', () => {
    renderWith(fakeBridge({}), <ResultPanel report={received} />);
    const panel = screen.getByRole('region', { name: 'Submission result' });
    expect(panel.textContent).not.toMatch(/was applied\./);
    expect(panel.textContent).toContain('Checked on arrival, not yet applied:');
    expect(screen.getByTestId('result-codes').textContent).toBe('txSUCCESS · opSUCCESS');
  });

  it('says it once the ledger has it, and no sentence twice', () => {
    const final: TxStatus = {
      hash: HASH,
      networkId: 'local',
      state: 'success',
      ledger: 60_000_010,
      resultCodes: { transaction: 'tx_success', operations: ['op_success'] },
      explanations: [APPLIED_TX, APPLIED_OP],
      checkedAt: '2026-11-01T00:00:00Z',
    };
    renderWith(fakeBridge({}), <ResultPanel report={received} final={final} />);
    expect(occurrences('Every operation of the transaction was applied.')).toBe(1);
    expect(occurrences('The operation was applied.')).toBe(1);
    expect(screen.queryByText(/not yet applied/)).toBeNull();
    const sentences = screen
      .getByRole('region', { name: 'Submission result' })
      .textContent!.split(/(?<=\.)\s+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 20);
    expect(new Set(sentences).size).toBe(sentences.length);
  });
});
