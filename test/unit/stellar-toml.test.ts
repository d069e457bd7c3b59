// SEP-1's reader: the SEP's own example read, verification by exact code and issuer, and a
// hostile domain's answers (too large, endless, invalid, redirected, not HTTPS) each bounded and said.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@stellar/stellar-base';
import {
  TOML_MAX_BYTES,
  TOML_MAX_CURRENCIES,
  TomlCache,
  currencyClaim,
  fetchStellarToml,
  isDomain,
  localConventionsOf,
  readStellarToml,
  tomlUrl,
  type LocalConventions,
} from '../../core/conventions/stellar-toml';
import { tomlCacheOf } from '../../core/conventions/profile-toml';
import { startLocalServer, type LocalServer } from '../support/local-server';

const ISSUER = 'GCZJM35NKGVK47BB4SPBDV25477PZYIYPVVG453LPYFNXLS3FGHDXOCM';
const OTHER = Keypair.random().publicKey();

// The example of SEP-1 ("Sample stellar.toml"), the parts this reader keeps.
const SEP1_EXAMPLE = `
NETWORK_PASSPHRASE="Public Global Stellar Network ; September 2015"
FEDERATION_SERVER="https://stellarid.io/federation/"
ACCOUNTS=[
"GD5DJQDDBKGAYNEAXU562HYGOOSYAEOO6AS53PZXBOZGCP5M2OPGMZV3",
"GAENZLGHJGJRCMX5VCHOLHQXU3EMCU5XWDNU4BGGJFNLI2EL354IVBK7",
"GAOO3LWBC4XF6VWRP5ESJ6IBHAISVJMSBTALHOQM2EZG7Q477UWA6L7U"
]

[DOCUMENTATION]
ORG_NAME="Organization Name"
ORG_DBA="Organization DBA"
ORG_URL="https://www.domain.com"
ORG_LOGO="https://www.domain.com/awesomelogo.png"

[[CURRENCIES]]
code="USD"
issuer="${ISSUER}"
display_decimals=2

[[CURRENCIES]]
code="BTC"
issuer="GAOO3LWBC4XF6VWRP5ESJ6IBHAISVJMSBTALHOQM2EZG7Q477UWA6L7U"
display_decimals=7
anchor_asset_type="crypto"
anchor_asset="BTC"
redemption_instructions="Use SEP6 with our federation server"
collateral_addresses=["2C1mCx3ukix1KfegAY5zgQJV7sanAciZpv"]

# asset with meta info
[[CURRENCIES]]
code="GOAT"
issuer="GD5T6IPRNCKFOHQWT264YPKOZAWUMMZOLZBJ6BNQMUGPWGRLBK3U7ZNP"
display_decimals=2
name="goat share"
desc="1 GOAT token entitles you to a share of revenue from Elkins Goat Farm."
conditions="There will only ever be 10,000 GOAT tokens in existence. We will distribute the revenue share annually on Jan. 15th"
image="https://static.thenounproject.com/png/2292360-200.png"
fixed_number=10000
`;

describe('reading a stellar.toml (SEP-1)', () => {
  it("reads the SEP's example: organisation, federation server, accounts and currencies", () => {
    const toml = readStellarToml('Domain.com', SEP1_EXAMPLE);
    expect(toml.domain).toBe('domain.com');
    expect(toml.orgName).toBe('Organization Name');
    expect(toml.orgUrl).toBe('https://www.domain.com');
    expect(toml.federationServer).toBe('https://stellarid.io/federation/');
    expect(toml.networkPassphrase).toBe('Public Global Stellar Network ; September 2015');
    expect(toml.accounts).toHaveLength(3);
    expect(toml.currencies.map((c) => c.code)).toEqual(['USD', 'BTC', 'GOAT']);
    expect(toml.currencies[2]).toEqual({
      code: 'GOAT',
      issuer: 'GD5T6IPRNCKFOHQWT264YPKOZAWUMMZOLZBJ6BNQMUGPWGRLBK3U7ZNP',
      name: 'goat share',
      desc: '1 GOAT token entitles you to a share of revenue from Elkins Goat Farm.',
      image: 'https://static.thenounproject.com/png/2292360-200.png',
    });
    expect(toml.skipped).toBe(0);
  });

  it('verifies a currency only for its exact code and issuer', () => {
    const toml = readStellarToml('domain.com', SEP1_EXAMPLE);
    expect(currencyClaim(toml, 'USD', ISSUER)).toMatchObject({ verified: true, currency: { code: 'USD' } });
    expect(currencyClaim(toml, 'USD', OTHER)).toEqual({
      verified: false,
      reason: "domain.com's stellar.toml lists USD under another issuer, not this one.",
    });
    expect(currencyClaim(toml, 'usd', ISSUER).verified).toBe(false);
    expect(currencyClaim(toml, 'EUR', ISSUER)).toEqual({
      verified: false,
      reason: "domain.com's stellar.toml does not list EUR from this issuer.",
    });
  });

  it('refuses invalid TOML with the parser line, and leaves out ill-formed entries', () => {
    expect(() => readStellarToml('bad.example', 'ORG_NAME = "unterminated')).toThrow(
      /^bad\.example's stellar\.toml is not valid TOML: /,
    );
    const toml = readStellarToml(
      'x.example',
      `[[CURRENCIES]]\ncode="TOOLONGCODE123"\nissuer="${ISSUER}"\n[[CURRENCIES]]\ncode="USD"\nissuer="GNOTAKEY"\n[[CURRENCIES]]\ncode=5\n[[CURRENCIES]]\ncode="OK"\nissuer="${ISSUER}"\nimage="http://plain.example/x.png"\nname=7`,
    );
    expect(toml.currencies).toEqual([{ code: 'OK', issuer: ISSUER }]);
    expect(toml.skipped).toBe(3);
  });

  it(`keeps at most ${TOML_MAX_CURRENCIES} currencies and counts the rest`, () => {
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => `[[CURRENCIES]]\ncode="C${i}"\nissuer="${ISSUER}"`).join('\n');
    expect(readStellarToml('a.example', entries(TOML_MAX_CURRENCIES)).skipped).toBe(0);
    const over = readStellarToml('a.example', entries(TOML_MAX_CURRENCIES + 1));
    expect(over.currencies).toHaveLength(TOML_MAX_CURRENCIES);
    expect(over.skipped).toBe(1);
  });

  it('keeps bidi and zero-width text as it is (the screen marks it), bounded in length', () => {
    const toml = readStellarToml('a.example', `[DOCUMENTATION]\nORG_NAME="Ex\u202echange\u200b${'x'.repeat(500)}"`);
    expect(toml.orgName!.startsWith('Ex\u202echange\u200b')).toBe(true);
    expect(toml.orgName).toHaveLength(120);
  });

  it('takes a domain name only: no scheme, path, port, user or spaces', () => {
    expect(isDomain('example.com')).toBe(true);
    expect(isDomain('localhost')).toBe(true);
    expect(isDomain('a'.repeat(63) + '.com')).toBe(true);
    expect(isDomain('a'.repeat(64) + '.com')).toBe(false);
    for (const bad of ['', 'https://x.com', 'x.com/path', 'x.com:443', 'u@x.com', 'x .com', '-x.com', 'x.com\u202e'])
      expect(isDomain(bad), bad).toBe(false);
    expect(tomlUrl('Example.COM').href).toBe('https://example.com/.well-known/stellar.toml');
    expect(() => tomlUrl('x.com/evil')).toThrow('"x.com/evil" is not a domain name.');
  });
});

describe('fetching a stellar.toml from a domain that misbehaves', () => {
  let server: LocalServer;
  let local: LocalConventions;
  const routes = new Map<string, (res: ServerResponse) => void>();

  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else res.writeHead(404).end('not here');
    });
    local = { domain: 'localhost', origin: server.base };
  });
  afterAll(() => server.close());

  const serve = (body: string | Buffer, headers: Record<string, string> = {}) =>
    routes.set('/.well-known/stellar.toml', (res) => res.writeHead(200, headers).end(body));

  it('reads the local network over plain HTTP only for its own domain', async () => {
    serve(SEP1_EXAMPLE);
    expect((await fetchStellarToml('localhost', { local })).orgName).toBe('Organization Name');
    // Another domain is read over HTTPS, never plain HTTP; with no HTTPS there, it is said.
    await expect(
      fetchStellarToml('localhost', { local: { domain: 'elsewhere', origin: server.base }, timeoutMs: 2_000 }),
    ).rejects.toThrow(/^localhost's stellar\.toml could not be read/);
  });

  it(`reads a toml of exactly ${TOML_MAX_BYTES} bytes and refuses one byte more, declared or not`, async () => {
    const body = (n: number) => `ORG = "x"\n${'#'.repeat(n - 10)}`;
    serve(body(TOML_MAX_BYTES));
    await expect(fetchStellarToml('localhost', { local })).resolves.toMatchObject({ domain: 'localhost' });
    serve(body(TOML_MAX_BYTES + 1));
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(
      "localhost's stellar.toml is larger than 100 kB, the most read; it was not read.",
    );
    routes.set('/.well-known/stellar.toml', (res) => {
      res.writeHead(200); // no length: chunked, 10 MB
      for (let i = 0; i < 100; i++) res.write(Buffer.alloc(100 * 1024, 0x23));
      res.end();
    });
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(/larger than 100 kB/);
  });

  it('gives up on a toml that never ends, at its deadline', async () => {
    routes.set('/.well-known/stellar.toml', (res) => {
      res.writeHead(200);
      res.write('ORG_NAME = "');
    });
    const started = Date.now();
    await expect(fetchStellarToml('localhost', { local, timeoutMs: 300 })).rejects.toThrow(
      "localhost's stellar.toml did not arrive within 0.3 s; it was not read.",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('follows a redirect within the domain, refuses a loop and another host', async () => {
    routes.set('/.well-known/stellar.toml', (res) => res.writeHead(302, { location: '/moved.toml' }).end());
    routes.set('/moved.toml', (res) => res.writeHead(200).end('[DOCUMENTATION]\nORG_NAME="Moved"'));
    expect((await fetchStellarToml('localhost', { local })).orgName).toBe('Moved');
    routes.set('/moved.toml', (res) => res.writeHead(302, { location: '/.well-known/stellar.toml' }).end());
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(/redirected .* more than 5 times/);
    routes.set('/moved.toml', (res) => res.writeHead(302, { location: 'https://evil.example/x' }).end());
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(
      /to https:\/\/evil\.example, another server/,
    );
  });

  it('says in words a domain with no address, one where nothing answers and a certificate refused', async () => {
    const failing = (code: string, message: string) => ({
      fetcher: () => Promise.reject(Object.assign(new Error(message), { code })),
    });
    await expect(
      fetchStellarToml('nowhere.example', failing('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.example')),
    ).rejects.toThrow("nowhere.example's stellar.toml could not be read: no address is known for nowhere.example.");
    await expect(
      fetchStellarToml('expired.example', failing('CERT_HAS_EXPIRED', 'certificate has expired')),
    ).rejects.toThrow(
      "expired.example's stellar.toml could not be read: its HTTPS certificate was refused (certificate has expired).",
    );
    const closed = await startLocalServer((_req, res) => res.end());
    await closed.close();
    await expect(
      fetchStellarToml('localhost', { local: { domain: 'localhost', origin: closed.base } }),
    ).rejects.toThrow(
      `localhost's stellar.toml could not be read: nothing answers at ${new URL(closed.base).host} (connection refused).`,
    );
  });

  it('says an HTTP error, invalid TOML and bytes that are not UTF-8', async () => {
    routes.set('/.well-known/stellar.toml', (res) => res.writeHead(403).end('no'));
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(
      /^localhost's stellar\.toml could not be read: 127\.0\.0\.1:\d+ answered HTTP 403\.$/,
    );
    serve('<html><body>Not a toml</body></html>');
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(/is not valid TOML/);
    serve(Buffer.from([0x4f, 0x3d, 0x22, 0xff, 0xfe, 0x22]));
    await expect(fetchStellarToml('localhost', { local })).rejects.toThrow(
      "localhost's stellar.toml is not UTF-8 text.",
    );
  });
});

describe('the toml cache', () => {
  it('reuses a reading within its age, refetches on demand and after it, and shares one request', async () => {
    let now = 1_000;
    let reads = 0;
    let fail = false;
    const cache = new TomlCache(
      async (domain) => {
        reads++;
        if (fail) throw new Error('down');
        return readStellarToml(domain, `[DOCUMENTATION]\nORG_NAME="v${reads}"`);
      },
      { maxAgeMs: 100, failureAgeMs: 10, capacity: 2, now: () => now },
    );
    const [a, b] = await Promise.all([cache.get('a.example'), cache.get('A.example')]);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    now += 99;
    expect(await cache.get('a.example')).toBe(a);
    now += 1; // 100 ms old: stale
    expect(await cache.get('a.example')).toMatchObject({ toml: { orgName: 'v2' }, fetchedAt: 1_100 });
    expect(await cache.get('a.example', { refresh: true })).toMatchObject({ toml: { orgName: 'v3' } });
    fail = true;
    const failed = await cache.get('b.example');
    expect(failed).toMatchObject({ problem: 'down', code: 'internal' });
    now += 9;
    expect(await cache.get('b.example')).toBe(failed);
    expect(reads).toBe(4);
    now += 1;
    await cache.get('b.example');
    expect(reads).toBe(5);
    await cache.get('c.example'); // capacity 2: a.example, the oldest, goes
    fail = false;
    await cache.get('a.example');
    expect(reads).toBe(7);
  });
});

describe("a profile's readings (issue 40.4's flag)", () => {
  it('gives plain HTTP for localhost to the built-in local network alone, not to a custom profile on loopback', () => {
    const base = 'http://127.0.0.1:8123';
    expect(localConventionsOf({ id: 'local', builtIn: true, baseUrl: `${base}/` })).toEqual({
      domain: 'localhost',
      origin: base,
    });
    expect(localConventionsOf({ id: 'local', builtIn: false, baseUrl: base })).toBeUndefined();
    expect(localConventionsOf({ id: 'my-local', builtIn: false, baseUrl: base })).toBeUndefined();
    expect(
      localConventionsOf({ id: 'testnet', builtIn: true, baseUrl: 'https://horizon-testnet.stellar.org' }),
    ).toBeUndefined();
  });

  it('keeps one cache per profile: the local network reads its own toml, a custom profile at the same origin does not', async () => {
    let served = 0;
    const server = await startLocalServer((req, res) => {
      served++;
      res.writeHead(200).end(`[DOCUMENTATION]\nORG_NAME = "Local"\n`);
    });
    try {
      let profile = { id: 'local', builtIn: true, baseUrl: server.base };
      const caches = tomlCacheOf(() => profile, 1_000);
      const local = caches.current();
      expect(await local.get('localhost')).toMatchObject({ toml: { orgName: 'Local' } });
      expect(caches.current()).toBe(local);
      caches.drop();
      expect(caches.current()).not.toBe(local);
      profile = { id: 'loopback', builtIn: false, baseUrl: server.base };
      const custom = caches.current();
      expect(custom).not.toBe(local);
      const reading = await custom.get('localhost');
      expect('toml' in reading).toBe(false);
      expect(served).toBe(1);
    } finally {
      await server.close();
    }
  });
});
