// Issue #36: `reconcile busy` exited 2. The command line takes an account as an id, a name in the
// address book or the start of an id (shared/name-lookup.ts, the go-to box's reading); several
// accounts are listed, never guessed, and none is said (a usage error: exit 2).
import { Keypair } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { accountOf, resolveAccountOrId } from '../../cli/account-names';
import { parseHistoryCommand } from '../../cli/history-args';
import { UsageError } from '../../cli/usage-error';

const [busy, quiet, alice] = [Keypair.random(), Keypair.random(), Keypair.random()].map((k) => k.publicKey()) as [
  string,
  string,
  string,
];
const book = [
  { account: busy, label: 'busy' },
  { account: quiet, label: 'business' },
  { account: alice, label: 'alice' },
];

describe('an account on the command line', () => {
  it('is an id, a name, or the unique start of an id', () => {
    expect(accountOf(book, alice, '<account>')).toBe(alice);
    expect(accountOf(book, 'busy', '<account>')).toBe(busy);
    expect(accountOf(book, 'ALICE', '<account>')).toBe(alice);
    expect(accountOf(book, alice.slice(0, 12), '<account>')).toBe(alice);
  });

  it('lists the accounts an ambiguous text matches, and says when none does', () => {
    expect(() => accountOf(book, 'bus', '<account>')).toThrow(UsageError);
    expect(() => accountOf(book, 'busi', '--counterparty')).not.toThrow();
    expect(() => accountOf(book, 'bu', '<account>')).toThrow(
      /^<account> "bu" matches 2 accounts: busy \(G…|^<account> "bu" matches 2 accounts: business/,
    );
    expect(() => accountOf(book, 'nobody', '--counterparty')).toThrow(
      /^--counterparty "nobody" is not an account id .*, a name in the address book, or the start of an account id there$/,
    );
  });

  it('is parsed as typed and resolved when the command runs; text no name can be is refused at once', () => {
    expect(parseHistoryCommand('reconcile', ['busy'])).toMatchObject({ kind: 'reconcile', account: 'busy' });
    expect(parseHistoryCommand('totals', ['busy', '--by', 'asset', '--counterparty', 'alice'])).toMatchObject({
      account: 'busy',
      filter: { counterparty: 'alice' },
    });
    expect(() => parseHistoryCommand('reconcile', ['bad\u0007name'])).toThrow(UsageError);
    expect(() => parseHistoryCommand('reconcile', ['  '])).toThrow(UsageError);
  });

  it('where a command takes any id (payments, operations, stream, export), passes an id on unread and reads the rest as resolveAccount does', async () => {
    const unread = () => {
      throw new Error('the address book was read');
    };
    const noFederation = {
      resolve: () => Promise.reject(new Error('a federation server was asked')),
      say: () => {},
    };
    await expect(resolveAccountOrId(unread, alice, '<account>', noFederation)).resolves.toBe(alice);
    const muxed = 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ';
    await expect(resolveAccountOrId(unread, muxed, '<account>', noFederation)).resolves.toBe(muxed);
    await expect(resolveAccountOrId(() => book, 'alice', '<account>', noFederation)).resolves.toBe(alice);
    await expect(resolveAccountOrId(() => book, 'bu', '--account', noFederation)).rejects.toThrow(
      /^--account "bu" matches 2 accounts/,
    );
    const said: string[] = [];
    const federation = {
      resolve: async (address: string) => ({ address, account: alice }),
      say: (line: string) => void said.push(line),
    };
    await expect(resolveAccountOrId(unread, 'alice*example.com', '<account>', federation)).resolves.toBe(alice);
    expect(said).toEqual([`alice*example.com is ${alice}\n`]);
  });
});
