import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GotoForm } from '../../renderer/src/components/goto-box';
import { ACCOUNT, FakeError, fakeBridge, payment, type FakeHandlers } from './support/fake-bridge';
import { renderWith } from './support/render';
import { useFederationStore } from '../../renderer/src/lib/federation';
import { useUi } from '../../renderer/src/lib/store';

const HASH = 'ab'.repeat(32);
const OP_ID = ((60_000_123n << 32n) | (2n << 12n) | 1n).toString();
const BALANCE = `00000000${'cd'.repeat(32)}`;
const notFound = () => {
  throw new FakeError('not_found', 'not found');
};

function goto(text: string, handlers: FakeHandlers) {
  const bridge = fakeBridge(handlers);
  renderWith(bridge, <GotoForm networkName="Local" />);
  const input = screen.getByRole('textbox');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
  return { bridge, input: input as HTMLInputElement };
}

beforeEach(() => {
  window.location.hash = '#/explore';
});
afterEach(cleanup);

describe('go-to box', () => {
  it('opens the account a federation address names, remembering the address and its memo (SEP-2)', async () => {
    const answer = { address: 'alice*localhost', account: ACCOUNT, memo: { type: 'id' as const, value: '7' } };
    const { bridge } = goto(' Alice*LocalHost ', { 'conventions:federation': () => answer });
    await waitFor(() => expect(window.location.hash).toBe(`#/account/${ACCOUNT}`));
    expect(bridge.calls).toEqual([{ channel: 'conventions:federation', args: { address: 'Alice*LocalHost' } }]);
    expect(useFederationStore.getState().reached[`${useUi.getState().networkId ?? ''} ${ACCOUNT}`]).toEqual(answer);
    cleanup();
    window.location.hash = '#/explore';
    goto('nobody*localhost', {
      'conventions:federation': () => {
        throw new FakeError('not_found', "localhost's federation server knows no nobody*localhost.");
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('goto-message').textContent).toBe(
        "localhost's federation server knows no nobody*localhost.",
      ),
    );
    expect(window.location.hash).toBe('#/explore');
  });

  it('opens an account', async () => {
    const { bridge } = goto(` ${ACCOUNT} `, { 'account:get': () => ({ id: ACCOUNT }) as never });
    await waitFor(() => expect(window.location.hash).toBe(`#/account/${ACCOUNT}`));
    expect(bridge.calls[0]).toEqual({ channel: 'account:get', args: { id: ACCOUNT } });
  });

  it('opens a ledger and an operation id above 2^53 without losing digits', async () => {
    goto('60000000', { 'ledger:get': () => ({}) as never });
    await waitFor(() => expect(window.location.hash).toBe('#/ledger/60000000'));
    cleanup();
    const { bridge } = goto(OP_ID, { 'operation:get': () => payment(1) });
    await waitFor(() => expect(window.location.hash).toBe(`#/op/${OP_ID}`));
    expect(bridge.calls[0]?.args).toEqual({ id: OP_ID });
  });

  it('tries 64 hex characters as a transaction, then as a liquidity pool', async () => {
    const { bridge } = goto(HASH.toUpperCase(), {
      'transaction:get': notFound,
      'liquidity-pool:get': () => ({}) as never,
    });
    await waitFor(() => expect(window.location.hash).toBe(`#/pool/${HASH}`));
    expect(bridge.calls.map((c) => c.channel)).toEqual(['transaction:get', 'liquidity-pool:get']);
  });

  it('opens a transaction when the hash names one', async () => {
    const { bridge } = goto(HASH, { 'transaction:get': () => ({}) as never, 'liquidity-pool:get': notFound });
    await waitFor(() => expect(window.location.hash).toBe(`#/tx/${HASH}`));
    expect(bridge.calls).toHaveLength(1);
  });

  it('opens a claimable balance', async () => {
    goto(BALANCE, { 'claimable-balance:get': () => ({}) as never });
    await waitFor(() => expect(window.location.hash).toBe(`#/cb/${BALANCE}`));
  });

  it('says which id is unknown', async () => {
    goto(HASH, { 'transaction:get': notFound, 'liquidity-pool:get': notFound });
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe(`Unknown: no transaction or liquidity pool ${HASH} on Local.`);
    expect(window.location.hash).toBe('#/explore');
  });

  it('says why a malformed id is not recognised, without asking the host', async () => {
    const { bridge } = goto('GABC', {});
    expect((await screen.findByRole('alert')).textContent).toContain('Not recognised');
    cleanup();
    goto(`${ACCOUNT.slice(0, 55)}A`, {});
    expect((await screen.findByRole('alert')).textContent).toContain('checksum is wrong');
    cleanup();
    goto('abc123', {});
    expect((await screen.findByRole('alert')).textContent).toContain('hexadecimal of 6 characters');
    expect(bridge.calls).toHaveLength(0);
  });

  it('refuses a secret key and clears it from the box', async () => {
    const secret = `S${ACCOUNT.slice(1)}`;
    const { input, bridge } = goto(secret, {});
    expect((await screen.findByRole('alert')).textContent).toContain('secret key');
    expect(input.value).toBe('');
    expect(bridge.calls).toHaveLength(0);
  });

  it('reports a host failure as such, not as unknown', async () => {
    goto(ACCOUNT, {
      'account:get': () => {
        throw new FakeError('unreachable', 'the network is unreachable');
      },
    });
    // One retry (a second later) before the failure is reported.
    expect((await screen.findByRole('alert', undefined, { timeout: 4000 })).textContent).toContain(
      'Could not look up account',
    );
  });
});
