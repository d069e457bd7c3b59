// The network form: the submission endpoint is a profile setting, and a save the host refuses
// (a passphrase the server contradicts) shows the host's message, both passphrases in it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkForm, type Draft } from '../../renderer/src/features/settings/network-form';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

afterEach(cleanup);

describe('network form', () => {
  it('saves the chosen submission endpoint and shows a refused save as an alert', async () => {
    const saved: Draft[] = [];
    const refusal =
      'The server at https://h.example says its network passphrase is "Test SDF Network ; September 2015", but this profile says "Mine".';
    const onSave = vi.fn(async (draft: Draft) => {
      saved.push(draft);
      throw new Error(refusal);
    });
    renderWith(fakeBridge({}), <NetworkForm onSave={onSave} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://h.example' } });
    fireEvent.change(screen.getByLabelText('Passphrase'), { target: { value: 'Mine' } });
    expect((screen.getByLabelText(/Submission/) as HTMLSelectElement).value).toBe('auto');
    fireEvent.change(screen.getByLabelText(/Submission/), { target: { value: 'async' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
    expect(saved).toEqual([{ name: 'Mine', baseUrl: 'https://h.example', passphrase: 'Mine', submission: 'async' }]);
  });
});
