// The demo network's own use of the ecosystem's conventions (issue 40), set up in one ledger after
// the generated history so that the history itself stays as it was: the issuers and an "exchange"
// account name `localhost` as their home domain (SEP-1: the service serves a stellar.toml for them),
// the exchange asks for a memo with the data entry `config.memo_required` = `1` (SEP-29), and
// `demo-directory.json`, public keys only, tells the service whom its federation endpoint knows (SEP-2).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Asset } from '../validator/model';
import { type FastKeypair, namedKeypair } from './keys';
import type { HistoryWriter } from './writer';

/** The demo accounts' home domain: the local service, read over plain HTTP by an app that allows it. */
export const DEMO_HOME_DOMAIN = 'localhost';
/** The exchange's federation record asks senders for this memo (an id memo, as exchanges use). */
export const EXCHANGE_MEMO = '1234';
const EXCHANGE_FUNDING = 1_000_000_000n;

export interface DemoCurrency {
  code: string;
  issuer: string;
  name: string;
  desc: string;
}

/** What the service's stellar.toml and federation endpoint serve; no secret key. */
export interface DemoDirectory {
  homeDomain: string;
  orgName: string;
  federation: { name: string; account: string; memoType?: 'id' | 'text'; memo?: string }[];
  currencies: DemoCurrency[];
}

const CURRENCY_TEXT: Record<string, { name: string; desc: string }> = {
  USD: { name: 'Demo US dollar', desc: 'A demo currency of the local network, worth nothing.' },
  EUR: { name: 'Demo euro', desc: 'A demo currency of the local network, worth nothing.' },
  BTC: { name: 'Demo bitcoin', desc: 'A demo currency of the local network, worth nothing.' },
  GOLDCOIN: { name: 'Demo gold coin', desc: 'A demo currency of the local network, worth nothing.' },
};

/**
 * Opens a ledger of its own: root funds the exchange, which sets its data entry and home domain,
 * and each issuer sets its home domain.
 */
export function setUpConventions(
  writer: HistoryWriter,
  root: FastKeypair,
  seed: string,
  issuers: { key: FastKeypair }[],
): { name: string; key: FastKeypair } {
  const exchange = namedKeypair(seed, 'exchange');
  writer.startLedger();
  writer.submit(root, [
    { body: { type: 'create_account', destination: exchange.publicKey, startingBalance: EXCHANGE_FUNDING } },
  ]);
  writer.submit(exchange, [
    { body: { type: 'manage_data', name: 'config.memo_required', value: Buffer.from('1') } },
    { body: { type: 'set_options', options: { homeDomain: DEMO_HOME_DOMAIN } } },
  ]);
  for (const { key: issuer } of issuers) {
    writer.submit(issuer, [{ body: { type: 'set_options', options: { homeDomain: DEMO_HOME_DOMAIN } } }]);
  }
  return { name: 'exchange', key: exchange };
}

/** Every demo account but root, the issuers and the multisig ones has a federation name. */
export function demoDirectory(
  accounts: { name: string; publicKey: string; signers?: unknown }[],
  credits: Asset[],
): DemoDirectory {
  const users = accounts.filter(
    (a) => a.name !== 'root' && a.name !== 'exchange' && !a.name.startsWith('issuer-') && !a.signers,
  );
  const issued = credits.flatMap((a) => (a.type === 'credit' ? [{ code: a.code, issuer: a.issuer }] : []));
  const exchange = accounts.find((a) => a.name === 'exchange')?.publicKey ?? '';
  return {
    homeDomain: DEMO_HOME_DOMAIN,
    orgName: 'Ledgerscope local network',
    federation: [
      ...users.map((u) => ({ name: u.name, account: u.publicKey })),
      { name: 'exchange', account: exchange, memoType: 'id' as const, memo: EXCHANGE_MEMO },
    ],
    currencies: issued.map(({ code, issuer }) => ({
      code,
      issuer,
      ...(CURRENCY_TEXT[code] ?? { name: code, desc: '' }),
    })),
  };
}

export function writeDemoDirectory(dataDir: string, directory: DemoDirectory): void {
  writeFileSync(join(dataDir, 'demo-directory.json'), `${JSON.stringify(directory, null, 2)}\n`);
}
