// The workbench's filters in the address: a round trip keeps every value, and hostile values are
// reported and ignored, never thrown and never passed to the core.
import { describe, expect, it } from 'vitest';
import { HistoryFilter } from '../../shared/history';
import {
  counterpartyByName,
  amountProblem,
  dayToMillis,
  filterText,
  formProblems,
  readWorkbench,
} from '../../renderer/src/lib/history-filters';
import { href, parseHash } from '../../renderer/src/lib/router';
import { ACCOUNT, OTHER } from './support/fake-bridge';

const ISSUED = `USD:${OTHER}`;

describe('workbench filters in the address', () => {
  it('round-trips every filter through the hash, exactly', () => {
    const values = {
      type: 'payment,path_payment_strict_send',
      asset: ISSUED,
      cp: OTHER,
      dir: 'out',
      min: '0.0000001',
      max: '922337203685.4775807',
      from: '2026-11-01',
      to: '2026-11-30',
      memo: 'invoice #42 & co=1?',
      status: 'failed',
      sort: '-amount',
      by: 'week',
      view: 'analyse',
    };
    const route = parseHash(href('history', ACCOUNT, values));
    expect(route).toMatchObject({ name: 'history', id: ACCOUNT });
    const state = readWorkbench(route.params);
    expect(state.problems).toEqual([]);
    expect(state.filter).toEqual({
      types: ['payment', 'path_payment_strict_send'],
      asset: ISSUED,
      counterparty: OTHER,
      direction: 'out',
      minAmount: '0.0000001',
      maxAmount: '922337203685.4775807',
      from: Date.UTC(2026, 10, 1),
      // The last day is included: the core's bound is the next midnight, exclusive.
      to: Date.UTC(2026, 11, 1),
      memo: 'invoice #42 & co=1?',
      status: 'failed',
    });
    expect(state).toMatchObject({ sort: '-amount', period: 'week', view: 'analyse' });
    // What the core receives is what its own schema accepts.
    expect(HistoryFilter.parse(state.filter)).toEqual(state.filter);
    // The form shows the same text back.
    expect(filterText(route.params)).toMatchObject({ min: '0.0000001', memo: 'invoice #42 & co=1?', cp: OTHER });
  });

  it('an empty address is the whole history, newest first', () => {
    expect(readWorkbench(new URLSearchParams(''))).toEqual({
      filter: {},
      sort: '-time',
      period: 'day',
      view: 'rows',
      problems: [],
    });
  });

  const hostile: [string, string, RegExp][] = [
    ['min', '1e5', /^Min amount “1e5” is not a non-negative decimal/],
    ['min', '0.00000001', /more than 7 decimals/],
    ['max', '-1', /not a non-negative decimal/],
    ['max', 'NaN', /not a non-negative decimal/],
    ['max', '99999999999999999999', /too large/],
    ['min', '922337203685.4775808', /too large/],
    ['asset', '<script>alert(1)</script>', /not an asset/],
    ['asset', 'USD:GNOTANISSUER', /not an asset/],
    ['cp', 'G123', /not an account id/],
    ['cp', OTHER.slice(0, -1) + (OTHER.endsWith('A') ? 'B' : 'A'), /not an account id/],
    ['type', "payment,'); DROP TABLE ops;--", /not a comma-separated list/],
    ['dir', 'sideways', /not "in" or "out"/],
    ['from', '2026-02-30', /not a day/],
    ['to', 'yesterday', /not a day/],
    ['status', 'maybe', /not "successful"/],
    ['sort', 'amount; drop', /not time, -time/],
    ['by', 'year', /not day, week or month/],
    ['memo', 'x'.repeat(10_000), /longer than 200 characters/],
  ];
  it.each(
    hostile.map(
      ([name, value, message]) =>
        [
          name,
          value.length > 40 ? `${value.slice(0, 20)}… (${value.length} characters)` : value,
          value,
          message,
        ] as const,
    ),
  )('ignores %s=%s with a clear message', (name, _shown, value, message) => {
    const params = new URLSearchParams({ [name]: value, asset: name === 'asset' ? value : 'XLM' });
    const state = readWorkbench(params);
    expect(state.problems.join('\n')).toMatch(message);
    expect(state.problems.join('\n')).toMatch(/ignored/);
    // Nothing of the bad value reaches the filter; the rest of the address still applies.
    expect(JSON.stringify(state.filter)).not.toContain(value.slice(0, 20));
    if (name !== 'asset') expect(state.filter.asset).toBe('XLM');
    expect(() => HistoryFilter.parse(state.filter)).not.toThrow();
  });

  it('survives addresses that are not even well-formed', () => {
    // A bad escape in the path is read as written (it used to throw out of the router).
    expect(parseHash('#/history/%ZZ')).toMatchObject({ name: 'history', id: '%ZZ' });
    for (const hash of [
      '#/history/' + ACCOUNT + '?min=%E0%A4%A&max=%',
      '#/history/%ZZ',
      '#/history/' + ACCOUNT + '?&&=&min&max==1',
      '#/history/?' + 'a=b&'.repeat(5000),
    ]) {
      const state = readWorkbench(parseHash(hash).params);
      expect(() => HistoryFilter.parse(state.filter)).not.toThrow();
    }
  });

  it('drops an empty amount or date range and says why', () => {
    const state = readWorkbench(
      new URLSearchParams({ min: '5', max: '4.9999999', from: '2026-11-02', to: '2026-11-01' }),
    );
    expect(state.filter).toEqual({});
    expect(state.problems).toEqual([
      'The amount range 5 – 4.9999999 is empty (Min amount is above Max amount); it was ignored.',
      'The date range 2026-11-02 – 2026-11-01 is empty (From day is after To day); it was ignored.',
    ]);
    // Equal bounds are one exact amount, to the stroop.
    expect(readWorkbench(new URLSearchParams({ min: '1.0000001', max: '1.0000001' })).filter).toEqual({
      minAmount: '1.0000001',
      maxAmount: '1.0000001',
    });
  });

  it('checks amounts as text, never as floats', () => {
    expect(amountProblem('0.1234567')).toBeNull();
    expect(amountProblem('922337203685.4775807')).toBeNull();
    expect(amountProblem('0.12345678')).toMatch(/more than 7 decimals/);
    expect(amountProblem('ten')).toMatch(/not a non-negative decimal/);
    expect(amountProblem('1,000')).toMatch(/not a non-negative decimal/);
    expect(amountProblem(' 1')).toMatch(/not a non-negative decimal/);
    expect(amountProblem('Infinity')).toMatch(/not a non-negative decimal/);
    expect(dayToMillis('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(dayToMillis('2023-02-29')).toBeNull();
  });

  it('gives the form one message per bad field', () => {
    const problems = formProblems({
      type: '',
      asset: '',
      cp: '',
      dir: '',
      min: '1.00000001',
      max: 'lots',
      from: '',
      to: '',
      memo: '',
      status: '',
    });
    expect(Object.keys(problems).sort()).toEqual(['max', 'min']);
    expect(problems.min).toMatch(/more than 7 decimals/);
  });
});

// Issue #36: the Counterparty filter answered `"cp" = "alice" is not an account id (G…)`.
describe('a counterparty by name', () => {
  const book = [
    { account: OTHER, label: 'alice' },
    { account: ACCOUNT, label: 'Alice (treasury)' },
  ];
  const text = (cp: string) => ({ ...filterText(new URLSearchParams('')), cp });
  it('takes a name or the start of an id from the address book, and lists an ambiguous one', () => {
    expect(counterpartyByName(text('alice'), book)).toEqual({ text: text(OTHER) });
    expect(counterpartyByName(text(ACCOUNT.slice(0, 8).toLowerCase()), book)).toEqual({ text: text(ACCOUNT) });
    expect(counterpartyByName(text(OTHER), book)).toEqual({ text: text(OTHER) });
    expect(counterpartyByName(text('ali'), book).problem).toBe(
      'Counterparty “ali” matches 2 accounts: alice, Alice (treasury); type more of it.',
    );
    // No name: the field's own problem, in its label's words.
    expect(counterpartyByName(text('nobody'), book)).toEqual({ text: text('nobody') });
    expect(formProblems(text('nobody')).cp).toBe(
      'Counterparty “nobody” is not an account id (G…), a name in the address book or the start of an id there.',
    );
  });
});
