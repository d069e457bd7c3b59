// SEP-2's federation: an address parsed as the SEP writes them, an answer believed only when it is
// for the address asked, names a valid account and carries a memo valid for its type; a hostile
// server's answers (another address, HTML, 10 MB, endless, another host) each bounded and said.
import type { ServerResponse } from 'node:http';
import { Keypair } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFederationAddress, readFederationAnswer, resolveFederation } from '../../core/conventions/federation';
import { readStellarToml, type LocalConventions } from '../../core/conventions/stellar-toml';
import { startLocalServer, type LocalServer } from '../support/local-server';

const ACCOUNT = Keypair.random().publicKey();

describe('federation addresses (SEP-2)', () => {
  it("reads the SEP's examples, split at the last *", () => {
    expect(parseFederationAddress('bob*stellar.org')).toEqual({ name: 'bob', domain: 'stellar.org' });
    expect(parseFederationAddress('jed@stellar.org*stellar.org')).toEqual({
      name: 'jed@stellar.org',
      domain: 'stellar.org',
    });
    expect(parseFederationAddress('a*b*Example.COM')).toEqual({ name: 'a*b', domain: 'example.com' });
    for (const bad of [
      'bob',
      '*stellar.org',
      'bob*',
      'bob*not a domain',
      'bo b*x.com',
      'bob*x.com/path',
      `b${'o'.repeat(300)}*x.com`,
    ])
      expect(parseFederationAddress(bad), bad).toBeNull();
  });

  it('believes an answer for the address asked, with a memo valid for its type', () => {
    const answer = (fields: Record<string, unknown>) =>
      JSON.stringify({ stellar_address: 'bob*stellar.org', account_id: ACCOUNT, ...fields });
    expect(readFederationAnswer('bob*stellar.org', answer({}))).toEqual({
      address: 'bob*stellar.org',
      account: ACCOUNT,
    });
    // The SEP's example with a memo, and a name answered in another case.
    expect(
      readFederationAnswer('Bob*stellar.org', answer({ memo_type: 'id', memo: '18446744073709551615' })),
    ).toMatchObject({
      memo: { type: 'id', value: '18446744073709551615' },
    });
    expect(readFederationAnswer('bob*stellar.org', answer({ memo_type: 'text', memo: 'x'.repeat(28) })).memo).toEqual({
      type: 'text',
      value: 'x'.repeat(28),
    });
    const hash = Buffer.alloc(32, 7).toString('base64');
    expect(readFederationAnswer('bob*stellar.org', answer({ memo_type: 'hash', memo: hash })).memo?.type).toBe('hash');
  });

  it('refuses an answer for another address, a bad account, or a memo that breaks its type, naming the address', () => {
    const read = (fields: Record<string, unknown>) => () =>
      readFederationAnswer(
        'bob*stellar.org',
        JSON.stringify({ stellar_address: 'bob*stellar.org', account_id: ACCOUNT, ...fields }),
      );
    expect(read({ stellar_address: 'eve*stellar.org' })).toThrow(
      'The federation server answered for "eve*stellar.org", not bob*stellar.org; the answer was not believed.',
    );
    expect(read({ stellar_address: 'bob*evil.org' })).toThrow(/not bob\*stellar\.org/);
    expect(read({ account_id: 'GABC' })).toThrow(
      'The federation answer for bob*stellar.org names no valid account (G…).',
    );
    expect(read({ memo_type: 'text', memo: 'x'.repeat(29) })).toThrow('has a text memo longer than 28 bytes');
    expect(read({ memo_type: 'id', memo: '18446744073709551616' })).toThrow(
      'has an id memo that is not a 64-bit number',
    );
    expect(read({ memo_type: 'hash', memo: Buffer.alloc(31).toString('base64') })).toThrow('not 32 bytes of base64');
    expect(read({ memo_type: 'bogus', memo: '1' })).toThrow('not text, id or hash');
    expect(read({ memo_type: 'id' })).toThrow('but no memo');
    expect(() => readFederationAnswer('bob*stellar.org', '<html>hello</html>')).toThrow(
      "The federation server's answer for bob*stellar.org is not JSON.",
    );
  });
});

describe('resolving through a federation server that misbehaves', () => {
  let server: LocalServer;
  let local: LocalConventions;
  let route: (res: ServerResponse, url: URL) => void = () => undefined;

  beforeAll(async () => {
    server = await startLocalServer((req, res) => route(res, new URL(req.url ?? '/', 'http://x')));
    local = { domain: 'localhost', origin: server.base };
  });
  afterAll(() => server.close());

  const tomlWith = (federationServer?: string) => async (domain: string) =>
    readStellarToml(domain, federationServer ? `FEDERATION_SERVER = "${federationServer}"` : '');
  const resolve = (address: string, federationServer = `${server.base}/federation`, timeoutMs?: number) =>
    resolveFederation(address, tomlWith(federationServer), { local, ...(timeoutMs ? { timeoutMs } : {}) });

  it('asks ?q=<address>&type=name and gives the account and its memo', async () => {
    let asked: URL | undefined;
    route = (res, url) => {
      asked = url;
      res
        .writeHead(200)
        .end(JSON.stringify({ stellar_address: 'alice*localhost', account_id: ACCOUNT, memo_type: 'id', memo: '7' }));
    };
    expect(await resolve('alice*LocalHost')).toEqual({
      address: 'alice*localhost',
      account: ACCOUNT,
      memo: { type: 'id', value: '7' },
    });
    expect(asked?.pathname).toBe('/federation');
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ q: 'alice*localhost', type: 'name' });
  });

  it('says an unknown address, no FEDERATION_SERVER, a plain-HTTP server of another origin', async () => {
    route = (res) => res.writeHead(404).end('{"detail":"no"}');
    await expect(resolve('nobody*localhost')).rejects.toThrow(
      "localhost's federation server knows no nobody*localhost.",
    );
    await expect(resolveFederation('alice*localhost', tomlWith(), { local })).rejects.toThrow(
      "localhost's stellar.toml names no FEDERATION_SERVER, so alice*localhost cannot be looked up.",
    );
    await expect(resolve('alice*localhost', 'http://example.org/federation')).rejects.toThrow(
      /not HTTPS; only HTTPS is read/,
    );
    await expect(resolve('not an address')).rejects.toThrow(
      '"not an address" is not a federation address (name*domain).',
    );
  });

  it('bounds a 10 MB answer, an endless one and a redirect to another host', async () => {
    route = (res) => {
      res.writeHead(200);
      for (let i = 0; i < 100; i++) res.write(Buffer.alloc(100 * 1024, 0x20));
      res.end();
    };
    await expect(resolve('alice*localhost')).rejects.toThrow(/larger than 100 kB/);
    route = (res) => {
      res.writeHead(200);
      res.write('{"stellar_address":');
    };
    await expect(resolve('alice*localhost', undefined, 300)).rejects.toThrow(/did not arrive within 0.3 s/);
    route = (res) => res.writeHead(302, { location: 'https://evil.example/federation' }).end();
    await expect(resolve('alice*localhost')).rejects.toThrow(/another server/);
  });
});
