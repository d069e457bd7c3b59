// The row drawer asks operation:get for the record's raw text when it opens (rows do not carry
// it), and lays the server's text out for reading without losing a digit.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import { prettyRaw } from '../../renderer/src/lib/format';
import { fakeBridge, FakeError, operationHandler, payment } from './support/fake-bridge';
import { renderWith } from './support/render';

afterEach(cleanup);

const BIG = '257698037760004097';

describe('prettyRaw', () => {
  it('lays compact text out with every digit of big integers and exact decimals kept', () => {
    const text = `{"id":${BIG},"amount_f":0.10000000000000000555,"list":[],"obj":{},"s":"a,b:{c}","nested":{"n":[1,-2e3]}}`;
    const shown = prettyRaw(text);
    expect(shown).toContain(`"id": ${BIG}`);
    expect(shown).toContain('"amount_f": 0.10000000000000000555');
    expect(shown).toContain('"s": "a,b:{c}"');
    expect(shown.split('\n').length).toBeGreaterThan(5);
    expect(JSON.parse(shown.replace(BIG, '1'))).toMatchObject({ list: [], obj: {}, nested: { n: [1, -2000] } });
  });

  it('shows text the server laid out already exactly as it came, and non-JSON as it is', () => {
    const horizon = `{\n  "id": "${BIG}",\n  "amount":   "1.0000000"\n}`;
    expect(prettyRaw(horizon)).toBe(horizon);
    expect(prettyRaw('{"id": 1,')).toBe('{"id": 1,');
    expect(prettyRaw('')).toBe('');
  });
});

describe('DetailDrawer', () => {
  it('fetches the raw text when opened and copies the exact server text', async () => {
    const { raw: _raw, ...row } = payment(4);
    const bridge = fakeBridge({ 'operation:get': operationHandler(10) });
    renderWith(bridge, <DetailDrawer op={row} onClose={() => undefined} />);
    const drawer = screen.getByRole('dialog');
    await waitFor(() => expect(drawer.querySelector('pre.raw')?.textContent).toContain(`"id": ${row.id}`));
    expect(bridge.calls).toEqual([{ channel: 'operation:get', args: { id: row.id } }]);
    // What is copied is the server's text itself, not the laid-out one.
    expect(screen.getByRole('button', { name: /^Copy raw JSON/ }).getAttribute('title')).toBe(
      `Copy raw JSON: ${payment(4).raw}`,
    );
  });

  it('says why when the record cannot be fetched', async () => {
    const { raw: _raw, ...row } = payment(4);
    const bridge = fakeBridge({
      'operation:get': () => {
        throw new FakeError('not_found', 'Operation was not found on Local.');
      },
    });
    renderWith(bridge, <DetailDrawer op={row} onClose={() => undefined} />);
    expect(await screen.findByText('Operation was not found on Local.')).toBeTruthy();
    expect(screen.getByRole('dialog').querySelector('pre.raw')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Copy raw JSON/ })).toBeNull();
  });
});
