// Issue #36: "Remove network" whose removal the core refuses left an unhandled rejection and said
// nothing. The refusal is now said in the network's row, and nothing is left unhandled (vitest
// fails a run with an unhandled rejection).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsPage } from '../../renderer/src/features/settings/settings-page';
import { fakeBridge, FakeError } from './support/fake-bridge';
import { renderWith } from './support/render';

afterEach(cleanup);

const networks = () => ({
  selectedId: 'mine',
  profiles: [
    {
      id: 'local',
      name: 'Local',
      baseUrl: 'http://127.0.0.1:8000',
      passphrase: 'p',
      dialect: 'ledger' as const,
      builtIn: true,
    },
    {
      id: 'mine',
      name: 'Mine',
      baseUrl: 'http://127.0.0.1:9000',
      passphrase: 'q',
      dialect: 'ledger' as const,
      builtIn: false,
    },
  ],
});

describe('removing a network', () => {
  it('says why the core refused, in its row, and leaves no rejection unhandled', async () => {
    const bridge = fakeBridge({
      'network:list': networks,
      'network:remove': () => {
        throw new FakeError('invalid_input', 'Mine is the selected network: select another first.');
      },
    });
    renderWith(bridge, <SettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Mine' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'not removed: Mine is the selected network: select another first.',
      ),
    );
    expect(bridge.calls.filter((c) => c.channel === 'network:remove')).toEqual([
      { channel: 'network:remove', args: { id: 'mine' } },
    ]);
  });
});
