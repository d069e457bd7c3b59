// A home domain's stellar.toml claim beside an asset or account (issue 40.2): the domain's word,
// isolated as untrusted text, "verified" only when the core says so, the reason otherwise, its age
// and a Refresh that reads it again; the currency's image never loaded.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TomlClaim as Claim } from '../../shared/ipc-conventions';
import { TomlClaim } from '../../renderer/src/components/toml-claim';
import { DrawerMoves } from '../../renderer/src/components/drawer-moves';
import { ACCOUNT, OTHER, fakeBridge, payment } from './support/fake-bridge';
import { renderWith } from './support/render';

afterEach(cleanup);

const asset = { asset: { code: 'USD', issuer: OTHER } };
const claimOf = (over: Partial<Claim>): Claim => ({
  account: OTHER,
  domain: 'localhost',
  fetchedAt: Date.now() - 3 * 60_000,
  orgName: 'Ledgerscope local network',
  verified: false,
  ...over,
});

describe('TomlClaim', () => {
  it('names a verified asset by its toml, according to its domain, with its age and a Refresh', async () => {
    let reads = 0;
    const bridge = fakeBridge({
      'conventions:toml': ({ refresh }) => {
        reads++;
        return claimOf({
          verified: true,
          fetchedAt: refresh ? Date.now() : Date.now() - 3 * 60_000,
          currency: {
            code: 'USD',
            name: 'Demo US dollar',
            desc: 'Worth nothing.',
            image: 'https://img.example/usd.png',
          },
        });
      },
    });
    const { container } = renderWith(bridge, <TomlClaim subject={asset} />);
    const claim = await screen.findByTestId('toml-claim');
    expect(claim.textContent).toContain('“Demo US dollar” of “Ledgerscope local network” — according to localhost');
    expect(claim.textContent).toContain('✓ verified');
    expect(claim.dataset.verified).toBe('true');
    expect(claim.textContent).toContain('read 3m ago');
    expect(claim.textContent).toContain('Worth nothing.');
    // The image is said, never loaded.
    expect(screen.getByTestId('toml-image').textContent).toContain('img.example');
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('toml-claim').textContent).toContain('read 0s ago'));
    expect(bridge.calls.filter((c) => c.channel === 'conventions:toml').map((c) => c.args)).toEqual([
      { subject: asset, refresh: false },
      { subject: asset, refresh: true },
    ]);
    expect(reads).toBe(2);
  });

  it('says why a claim is not verified, and draws bidi and zero-width characters as code points', async () => {
    const bridge = fakeBridge({
      'conventions:toml': () =>
        claimOf({
          account: ACCOUNT,
          orgName: 'Evil\u202Egnp.exe\u200B Bank',
          reason: "localhost's stellar.toml does not list GCFI…YOJR among its accounts or as the issuer of a currency.",
        }),
    });
    renderWith(bridge, <TomlClaim subject={{ account: ACCOUNT }} />);
    const claim = await screen.findByTestId('toml-claim');
    expect(claim.dataset.verified).toBe('false');
    expect(claim.textContent).not.toContain('✓');
    expect(claim.textContent).toContain('not verified: localhost');
    expect(claim.textContent).toContain('Evil⟨U+202E⟩gnp.exe⟨U+200B⟩ Bank');
    expect(claim.textContent).not.toContain('\u202E');
    // Each untrusted part is isolated.
    expect(claim.querySelector('bdi.toml-name')?.textContent).toBe('Evil⟨U+202E⟩gnp.exe⟨U+200B⟩ Bank');
  });

  it('in a balance row says nothing when no home domain is set, and the reason on a detail page', async () => {
    const none = claimOf({
      domain: null,
      fetchedAt: null,
      orgName: undefined,
      reason: 'The issuer GCAT…I55U sets no home domain, so no stellar.toml speaks for it.',
    });
    const bridge = fakeBridge({ 'conventions:toml': () => none });
    const { client } = renderWith(bridge, <TomlClaim compact subject={asset} />);
    await waitFor(() => expect(client.getQueryState(['conventions:toml', '', `USD:${OTHER}`])?.status).toBe('success'));
    expect(screen.queryByTestId('toml-claim')).toBeNull();
    cleanup();
    renderWith(bridge, <TomlClaim subject={asset} />);
    const claim = await screen.findByTestId('toml-claim');
    expect(claim.textContent).toBe(
      'not verified: The issuer GCAT…I55U sets no home domain, so no stellar.toml speaks for it.',
    );
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    await act(async () => undefined);
  });

  it("names a moved asset in the drawer by its issuer's toml, and asks for it by that exact code and issuer", async () => {
    const bridge = fakeBridge({
      'conventions:toml': () => claimOf({ verified: true, currency: { code: 'USD', name: 'Demo US dollar' } }),
    });
    renderWith(bridge, <DrawerMoves op={payment(0)} viewer={ACCOUNT} />);
    const claim = await screen.findByTestId('toml-claim');
    expect(claim.textContent).toBe('“Demo US dollar” — according to localhost ✓ verified');
    expect(bridge.calls.map((c) => c.args)).toEqual([{ subject: asset, refresh: false }]);
  });

  it('says whose domain could not be read without claiming anything for it', async () => {
    const bridge = fakeBridge({
      'conventions:toml': () =>
        claimOf({
          orgName: undefined,
          reason: "nowhere.example's stellar.toml could not be read: no address is known for nowhere.example.",
          domain: 'nowhere.example',
        }),
    });
    renderWith(bridge, <TomlClaim compact subject={asset} />);
    const claim = await screen.findByTestId('toml-claim');
    expect(claim.textContent).toBe(
      "home domain nowhere.example: not verified: nowhere.example's stellar.toml could not be read: no address is known for nowhere.example.",
    );
  });
});
