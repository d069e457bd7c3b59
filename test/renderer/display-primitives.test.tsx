// The renderer's display primitives (issues #26, #28, #29): untrusted text isolated with its hidden
// characters drawn as marked code points, labels that cannot pass for ids, one id rule in three
// forms, one amount component, and addresses that name no entity answered with a sentence.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DetailDrawer } from '../../renderer/src/components/detail-drawer';
import { Fee } from '../../renderer/src/components/fee';
import { IdLink } from '../../renderer/src/components/id-link';
import { IdText } from '../../renderer/src/components/id-text';
import { Money } from '../../renderer/src/components/money';
import { Untrusted } from '../../renderer/src/components/untrusted';
import { EntityPage } from '../../renderer/src/features/explore/entity-page';
import { call } from '../../renderer/src/lib/bridge';
import { reloadLabels, useLabelStore } from '../../renderer/src/lib/labels';
import { ACCOUNT, FakeError, OTHER, fakeBridge, payment } from './support/fake-bridge';
import { renderWith } from './support/render';

const HIDDEN = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x200b, 0x200c, 0x200d,
  0x2060, 0xfeff,
];

beforeEach(() => useLabelStore.getState().replace([]));
afterEach(cleanup);

describe('untrusted text', () => {
  it.each(HIDDEN.map((code) => [`U+${code.toString(16).toUpperCase()}`, code]))(
    '%s shows as a visible marker inside an isolating element, and acts on nothing',
    (label, code) => {
      const { container } = render(<Untrusted text={`Al${String.fromCharCode(code as number)}ice`} />);
      const isolate = container.querySelector('bdi.untrusted')!;
      expect(isolate).not.toBeNull();
      expect(isolate.textContent).toBe(`Al⟨${label}⟩ice`);
      const marker = isolate.querySelector('.ctl')!;
      expect(marker.textContent).toBe(`⟨${label}⟩`);
      expect(marker.getAttribute('title')).toMatch(new RegExp(`^${label.replace('+', '\\+')} `));
      // The character itself is gone from the page: it cannot reorder or hide anything.
      expect(container.textContent).not.toContain(String.fromCharCode(code as number));
    },
  );

  it('keeps a reversing label from turning "carol → frank" around', async () => {
    const bridge = fakeBridge({ 'labels:list': () => ({ labels: [{ account: OTHER, label: '\u202eecilA kcab' }] }) });
    renderWith(
      bridge,
      <p data-testid="line">
        <IdLink kind="account" id={ACCOUNT} /> → <IdLink kind="account" id={OTHER} />
      </p>,
    );
    await act(() => reloadLabels());
    const link = screen.getByRole('link', { name: '⟨U+202E⟩ecilA kcab' });
    expect(link.querySelector('bdi.untrusted')).not.toBeNull();
    expect(link.getAttribute('title')).toBe(`⟨U+202E⟩ecilA kcab (${OTHER})`);
    expect(screen.getByTestId('line').textContent).not.toContain('\u202e');
  });

  it('marks a stored label that looks like an id, so it is not read as one', async () => {
    const bridge = fakeBridge({ 'labels:list': () => ({ labels: [{ account: OTHER, label: 'GD5UHQ…FP7N' }] }) });
    renderWith(bridge, <IdLink kind="account" id={OTHER} />);
    await act(() => reloadLabels());
    const marked = screen.getByTitle('A name from your address book that looks like an id');
    expect(marked.textContent).toBe('“GD5UHQ…FP7N”');
  });

  it('isolates a memo in the drawer', () => {
    const op = { ...payment(0), transaction: { memo: '\u202egnp.exe' } } as never;
    renderWith(fakeBridge({}), <DetailDrawer op={op} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('⟨U+202E⟩gnp.exe');
    expect(dialog.textContent).not.toContain('\u202e');
  });
});

describe('ids', () => {
  const BALANCE = `00000000${'c0ffee'.repeat(10)}abcd`;

  it('abbreviated: the whole id is in the page, its abbreviation the one rule', () => {
    const { container } = render(<IdText id={ACCOUNT} />);
    const text = container.querySelector('.idt')!;
    expect(text.getAttribute('data-abbr')).toBe('GCFIRY…XVYOJR');
    expect(text.textContent).toBe(ACCOUNT);
    expect(text.querySelector('.idt-tail')!.textContent).toBe('XVYOJR');
  });

  it('a claimable balance is abbreviated one way, its type prefix hidden but kept', () => {
    const { container } = render(<IdText id={BALANCE} />);
    expect(container.querySelector('.idt')!.getAttribute('data-abbr')).toBe('c0ffee…eeabcd');
    expect(container.querySelector('.idt-type')!.textContent).toBe('00000000');
    expect(container.textContent).toBe(BALANCE);
  });

  it('grouped: four characters a group, all of them', () => {
    const { container } = render(<IdText id={ACCOUNT} form="grouped" />);
    const groups = [...container.querySelectorAll('.grp')].map((g) => g.textContent);
    expect(groups[0]).toBe('GCFI');
    expect(groups).toHaveLength(14);
    expect(groups.join('')).toBe(ACCOUNT);
  });

  it('full and grouped ids in the drawer; every copy button holds the whole id', () => {
    renderWith(fakeBridge({}), <DetailDrawer op={payment(0)} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelectorAll('.idt-grouped').length).toBeGreaterThan(0);
    for (const button of within(dialog).getAllByRole('button', { name: /^Copy G/ }))
      expect(button.getAttribute('aria-label')).toMatch(/^Copy G[A-Z2-7]{55}$/);
  });
});

describe('amounts', () => {
  it('one component: grouped, seven decimals, its code untrusted; shares; a direction', () => {
    render(
      <>
        <span data-testid="a">
          <Money amount="10000000" currency={{ code: 'USD', issuer: OTHER }} />
        </span>
        <span data-testid="b">
          <Money amount="1648.833641" shares />
        </span>
        <span data-testid="c">
          <Money amount="5" currency={{ code: 'U\u200bSD', issuer: OTHER }} direction="out" />
        </span>
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('10,000,000.0000000 USD');
    expect(screen.getByTestId('b').textContent).toBe('1,648.8336410 shares');
    const out = screen.getByTestId('c').querySelector('.money')!;
    expect(out.textContent).toBe('5.0000000 U⟨U+200B⟩SD');
    expect(out.className).toBe('money money-out');
    expect(out.getAttribute('title')).toBe('sent: 5.0000000 U⟨U+200B⟩SD');
  });

  it('a fee in XLM with seven decimals, its stroops on hover', () => {
    render(<Fee stroops="1200" />);
    const fee = screen.getByText('0.0001200 XLM');
    expect(fee.getAttribute('title')).toBe('1,200 stroops');
  });
});

describe('addresses that name no entity', () => {
  it('#/ledger/abc: a sentence and a way back, no channel name or pattern, and nothing asked', () => {
    const bridge = fakeBridge({});
    renderWith(bridge, <EntityPage kind="ledger" id="abc" />);
    const alert = screen.getByTestId('bad-route');
    expect(alert.textContent).toContain('This address does not name a ledger');
    expect(alert.textContent).toContain('a ledger is a number from 1 to 4,294,967,295');
    expect(alert.textContent).not.toMatch(/ledger:get|\/\^|\\d/);
    expect(within(alert).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Explore' }).getAttribute('href')).toBe('#/explore');
    expect(bridge.calls).toEqual([]);
  });

  it('#/account/GABC: "an account", not "a account"', () => {
    renderWith(fakeBridge({}), <EntityPage kind="account" id="GABC" />);
    expect(screen.getByTestId('bad-route').textContent).toContain('This address does not name an account');
  });

  it.each([
    ['ledger', '0'],
    ['ledger', '4294967296'],
    ['tx', 'ab'.repeat(31)],
    ['account', 'GABC'],
    ['cb', 'ab'.repeat(36)],
    ['op', '12x'],
  ] as const)('#/%s/%s is refused before it is asked for', (kind, id) => {
    const bridge = fakeBridge({});
    renderWith(bridge, <EntityPage kind={kind} id={id} />);
    expect(screen.getByTestId('bad-route')).toBeTruthy();
    expect(bridge.calls).toEqual([]);
  });

  it('a 100,000-character id is shown shortened, with its length', () => {
    const id = 'G'.repeat(100_000);
    const { container } = renderWith(fakeBridge({}), <EntityPage kind="account" id={id} />);
    expect(container.textContent!.length).toBeLessThan(600);
    expect(screen.getByTestId('bad-route').textContent).toContain('(100,000 characters)');
  });

  it('a ledger at the bounds is asked for', () => {
    for (const id of ['1', '4294967295']) {
      const bridge = fakeBridge({ 'ledger:get': () => new Promise(() => undefined) });
      renderWith(bridge, <EntityPage kind="ledger" id={id} />);
      expect(screen.queryByTestId('bad-route')).toBeNull();
      cleanup();
    }
  });

  it("a refusal of the host's schema reads as a sentence, without the channel or its pattern", async () => {
    const bridge = fakeBridge({
      'ledger:get': () => {
        throw new FakeError(
          'invalid_arguments',
          'Invalid sequence for ledger:get: Invalid string: must match pattern /^\\d{1,10}$/.',
        );
      },
      'labels:set': () => {
        throw new FakeError('invalid_arguments', 'Invalid label for labels:set: a label cannot look like an id.');
      },
    });
    renderWith(bridge, <span />);
    await expect(call('ledger:get', { sequence: '1' })).rejects.toMatchObject({
      message: 'The sequence given is not valid here.',
      code: 'invalid_arguments',
    });
    await expect(call('labels:set', { account: ACCOUNT, label: 'x' })).rejects.toMatchObject({
      message: 'A label cannot look like an id.',
    });
    fireEvent.click(document.body);
  });
});
