// The drawer of a contract call reads as a call: `transfer(from: G…, to: G…, amount: 500)`, each
// account a link, the amount's exact digits, beside it what the transfer moved of which asset, the
// return value only where the record has one, and the base64 parameters one click away. A data
// entry shows its value as text (isolated) when printable, else as hex, its base64 one click away.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { xdr } from '@stellar/stellar-base';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import { detailsCell } from '../../renderer/src/components/operation-cells';
import type { Operation } from '../../shared/model';
import { address, dataRecord, FROM, i128, invokeRecord, TO, transferChange } from '../support/contract-records';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';

afterEach(cleanup);

const read = (record: Record<string, unknown>): Operation => normalizeOperation(record as never);

function drawer(op: Operation) {
  const { raw: _raw, ...row } = op;
  renderWith(fakeBridge({ 'operation:get': () => op }), <DetailDrawer op={row} onClose={() => undefined} />);
  return screen.getByRole('dialog');
}

/** What a person reads: the text without the copy and label buttons' glyphs. */
function readText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('button').forEach((button) => button.remove());
  return copy.textContent ?? '';
}

// An id in the page holds all its characters (CSS shortens the head): the text reads whole.
const short = (id: string) => id;

describe('a contract call in the drawer', () => {
  const transfer = () =>
    read(
      invokeRecord({
        args: [address(FROM), address(TO), i128(500n)],
        balanceChanges: [transferChange('0.0000500')],
      }),
    );

  it('reads transfer(from: G…, to: G…, amount: 500), the accounts as links', () => {
    const dialog = drawer(transfer());
    const call = within(dialog).getByTestId('contract-call');
    expect(readText(call)).toBe(`transfer(from: ${short(FROM)}, to: ${short(TO)}, amount: 500)`);
    const links = within(call).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`#/account/${FROM}`, `#/account/${TO}`]);
    expect(within(call).getByText('500').getAttribute('title')).toBe('i128');
  });

  it('shows what the transfer moved of which asset, beside the call', () => {
    const dialog = drawer(transfer());
    expect(readText(within(dialog).getByTestId('contract-moved'))).toBe(
      `transfer 0.0000500 USDX from ${short(FROM)} to ${short(TO)}`,
    );
  });

  it('keeps the base64 parameters one click away, exactly as written', () => {
    const op = transfer();
    const dialog = drawer(op);
    const raw = within(dialog).getByTestId('raw-parameters') as HTMLDetailsElement;
    expect(raw.open).toBe(false);
    fireEvent.click(within(raw).getByText(/^Raw parameters/));
    expect(raw.open).toBe(true);
    if (op.type !== 'invoke_host_function') throw new Error(op.type);
    for (const p of op.parameters) expect(raw.textContent).toContain(p.value);
    expect(raw.textContent).toContain(i128(500n).toXDR('base64'));
    // The record's field list does not repeat what the call shows.
    expect(within(dialog).queryByText('Parameters')).toBeNull();
    expect(within(dialog).queryByText('Arguments')).toBeNull();
  });

  it('shows a return value only where the record has one', () => {
    expect(within(drawer(transfer())).queryByTestId('contract-returned')).toBeNull();
    cleanup();
    const op = read(invokeRecord({ fn: 'balance', args: [address(FROM)], returns: i128(-(1n << 127n)) }));
    const dialog = drawer(op);
    expect(readText(within(dialog).getByTestId('contract-call'))).toBe(`balance(id: ${short(FROM)})`);
    expect(within(dialog).getByTestId('contract-returned').textContent).toBe(
      '-170141183460469231731687303715884105728',
    );
  });

  it('an unknown function: positional values; strings isolated; what was cut is said', () => {
    const op = read(
      invokeRecord({
        fn: 'swap',
        args: [
          xdr.ScVal.scvString('\u202eevil'),
          xdr.ScVal.scvVec(Array.from({ length: 1200 }, (_, i) => xdr.ScVal.scvU32(i))),
        ],
      }),
    );
    const call = within(drawer(op)).getByTestId('contract-call');
    // The budget (1000 values) pays for the contract, the function, the string and the vec: 996 items shown.
    expect(readText(call)).toMatch(/^swap\(“\u202eevil”, \[0, 1, 2, .*, 995, … 204 more\]\)$/);
    expect(call.querySelector('bdi:not(.mono)')?.textContent).toBe('\u202eevil');
  });
});

describe('a data entry', () => {
  it('printable: the text, isolated, and its base64 one click away', () => {
    const op = read(dataRecord('note', Buffer.from('שלום, world')));
    const dialog = drawer(op);
    const value = within(dialog).getByTestId('data-value');
    expect(value.querySelector('bdi')?.textContent).toBe('שלום, world');
    expect(readText(value)).toBe('שלום, world (text)');
    const raw = within(dialog).getByTestId('raw-value') as HTMLDetailsElement;
    expect(raw.open).toBe(false);
    expect(raw.textContent).toContain(Buffer.from('שלום, world').toString('base64'));
  });

  it('binary: hex, said to be bytes; and the table cell shows the same reading', () => {
    const op = read(dataRecord('key', Buffer.from([0, 1, 0xff])));
    expect(readText(within(drawer(op)).getByTestId('data-value'))).toBe('0x0001ff (bytes, not text)');
    cleanup();
    renderWith(fakeBridge({}), <div data-testid="cell">{detailsCell(op)}</div>);
    expect(screen.getByTestId('cell').textContent).toBe('key = 0x0001ff');
  });

  it('deleted: says so, with no raw value to open', () => {
    const dialog = drawer(read(dataRecord('gone', null)));
    expect(readText(within(dialog).getByTestId('data-value'))).toBe('(deleted) ');
    expect(within(dialog).queryByTestId('raw-value')).toBeNull();
  });
});
