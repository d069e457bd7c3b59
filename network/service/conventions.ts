// The local network's stellar.toml (SEP-1) and federation server (SEP-2), from the demo history's
// `demo-directory.json` (network/demo-generator/conventions.ts): the demo issuers and the exchange
// name `localhost` as their home domain, and `alice*localhost` is the demo account alice. A data
// directory without the file (no history generated) serves neither: 404 problems.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DemoDirectory } from '../demo-generator/conventions';
import { baseOf, type RouteContext } from './handlers';
import { badRequest, notFound } from './problem';

/** The directory is a few kilobytes; a bigger file is not ours. */
const MAX_DIRECTORY_BYTES = 1 << 20;

function readDirectory(dataDir: string): DemoDirectory | null {
  try {
    const raw = readFileSync(join(dataDir, 'demo-directory.json'));
    if (raw.length > MAX_DIRECTORY_BYTES) return null;
    return JSON.parse(raw.toString('utf8')) as DemoDirectory;
  } catch {
    return null;
  }
}

/** A TOML basic string: JSON's escapes are all TOML escapes too. */
const tomlString = (text: string) => JSON.stringify(text);

export function stellarToml(directory: DemoDirectory, base: string): string {
  const lines = [
    '# The local network of Ledgerscope: demo issuers and accounts, worth nothing.',
    'VERSION = "2.7.0"',
    `FEDERATION_SERVER = ${tomlString(`${base}/federation`)}`,
    `ACCOUNTS = [${[...new Set(directory.currencies.map((c) => c.issuer))].map(tomlString).join(', ')}]`,
    '',
    '[DOCUMENTATION]',
    `ORG_NAME = ${tomlString(directory.orgName)}`,
  ];
  for (const c of directory.currencies) {
    lines.push(
      '',
      '[[CURRENCIES]]',
      `code = ${tomlString(c.code)}`,
      `issuer = ${tomlString(c.issuer)}`,
      `name = ${tomlString(c.name)}`,
      `desc = ${tomlString(c.desc)}`,
      'display_decimals = 7',
    );
  }
  return `${lines.join('\n')}\n`;
}

type FederationRecord = DemoDirectory['federation'][number];

function federationAnswer(directory: DemoDirectory, record: FederationRecord): string {
  return JSON.stringify({
    stellar_address: `${record.name}*${directory.homeDomain}`,
    account_id: record.account,
    ...(record.memoType ? { memo_type: record.memoType, memo: record.memo } : {}),
  });
}

/** The answer to `?q=…&type=…`, or the problem to throw. */
export function federationLookup(directory: DemoDirectory, type: unknown, q: unknown): string {
  if (typeof q !== 'string' || q === '') throw badRequest('q', 'Give the address or account to look up as q.');
  if (type === 'name') {
    const star = q.lastIndexOf('*');
    const name = q.slice(0, star);
    const domain = q.slice(star + 1);
    if (star <= 0 || domain.toLowerCase() !== directory.homeDomain)
      throw notFound(`This server answers for *${directory.homeDomain} addresses only.`);
    const record = directory.federation.find((r) => r.name === name.toLowerCase());
    if (!record) throw notFound('No account has that federation address.');
    return federationAnswer(directory, record);
  }
  if (type === 'id') {
    const record = directory.federation.find((r) => r.account === q);
    if (!record) throw notFound('No federation address names that account.');
    return federationAnswer(directory, record);
  }
  throw badRequest('type', 'This federation server answers type=name and type=id.');
}

export function registerConventions(app: FastifyInstance, ctx: RouteContext, dataDir: string): void {
  app.get('/.well-known/stellar.toml', async function stellarTomlRoute(request, reply) {
    const directory = readDirectory(dataDir);
    if (!directory) throw notFound('This network has no demo history, so no stellar.toml.');
    // SEP-1: browsers' wallets read it across origins.
    return reply
      .header('access-control-allow-origin', '*')
      .type('text/plain; charset=utf-8')
      .send(stellarToml(directory, baseOf(ctx, request)));
  });
  app.get('/federation', async function federation(request, reply) {
    const directory = readDirectory(dataDir);
    if (!directory) throw notFound('This network has no demo history, so no federation addresses.');
    const query = request.query as Record<string, unknown>;
    return reply
      .header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8')
      .send(federationLookup(directory, query.type, query.q));
  });
}
