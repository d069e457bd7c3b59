// Links (docs/service.md "Links"): absolute hrefs from the request's Host or --public-url, record
// links into the listing a record was served in (whatever the record cache holds), the Host
// guard, and the body timer; the last two over raw sockets, as a hostile client would send them.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJsonObject, parseJson, type JsonValue } from '../../shared/json';
import { type RunningService, startService } from '../../network/service/server';
import { accountKeys, fillPayments, SyntheticStore } from '../support/service-store';
import { openSse } from '../support/sse';

const START = 60_000_000;
let dir: string;
let store: SyntheticStore;
let service: RunningService;
let proxied: RunningService;
const PUBLIC = 'https://ledger.example/horizon';
const accounts = accountKeys(4, 7);
const busy = accounts[0]!;

type Json = { [key: string]: JsonValue };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'service-links-'));
  store = new SyntheticStore(dir, START);
  fillPayments(store, { startLedger: START, ledgers: 6, perLedger: 4, accounts, failEvery: 5 });
  service = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9', bodyTimeoutMs: 300 });
  proxied = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9', publicUrl: `${PUBLIC}/` });
});

afterAll(async () => {
  await service?.close();
  await proxied?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface RawReply {
  status: number;
  head: string;
  body: string;
}

/** Writes `request` as is on a new connection and reads until the server closes it. */
function raw(port: number, request: string, options: { holdOpen?: boolean } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${request.slice(0, 80)}`));
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.split(' ')[1] ?? 0), head: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(request);
    if (!options.holdOpen) socket.end();
  });
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Json> {
  return parseJson(await (await fetch(url, { headers })).text()) as Json;
}

const records = (page: Json) => (page._embedded as Json).records as Json[];
const link = (record: Json, name: string) => ((record._links as Json)[name] as Json).href as string;

function hrefs(value: JsonValue, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => hrefs(v, into));
  else if (isJsonObject(value)) {
    if (typeof value.href === 'string') into.push(value.href);
    Object.values(value).forEach((v) => hrefs(v, into));
  }
  return into;
}

describe('absolute hrefs', () => {
  it("start with http:// and the request's Host, on pages, records and every resource", async () => {
    const paths = [
      '/',
      `/accounts/${busy}`,
      `/accounts/${busy}/payments?join=transactions&limit=3`,
      `/ledgers/${START + 1}`,
    ];
    for (const path of paths) {
      const body = (
        await raw(service.port, `GET ${path} HTTP/1.1\r\nHost: explorer.example:8443\r\nConnection: close\r\n\r\n`)
      ).body;
      const found = hrefs(parseJson(body));
      expect(found.length, path).toBeGreaterThanOrEqual(2);
      for (const href of found) expect(href, path).toMatch(/^http:\/\/explorer\.example:8443\//);
    }
  });

  it('start with --public-url whatever the Host, and a kept page is not served under another base', async () => {
    const path = `/accounts/${busy}/payments?limit=4&cursor=`;
    for (let i = 0; i < 3; i += 1) {
      const page = await get(`${proxied.url}${path}`);
      for (const href of hrefs(page)) expect(href).toMatch(`${PUBLIC}/`);
      // The same final page (kept from its second request on) asked for under another Host.
      const direct = await get(`${service.url}${path}`);
      for (const href of hrefs(direct)) expect(href).toMatch(`${service.url}/`);
    }
  });

  it('start with --public-url under a forged Host, on every page, record, resource and problem (#37)', async () => {
    const forged = 'attacker.example:6666';
    const paths = [
      '/',
      `/accounts/${busy}`,
      `/accounts/${busy}/payments?join=transactions&limit=3`,
      `/accounts/${busy}/operations?include_failed=true&limit=3`,
      `/ledgers/${START + 1}`,
      `/ledgers/${START + 1}/operations?limit=2`,
      '/no/such/route',
    ];
    for (const path of paths) {
      const reply = await raw(proxied.port, `GET ${path} HTTP/1.1\r\nHost: ${forged}\r\nConnection: close\r\n\r\n`);
      expect(reply.body, path).not.toContain('attacker.example');
      expect(reply.head, path).not.toContain('attacker.example');
      const found = hrefs(parseJson(reply.body));
      if (path !== '/no/such/route') expect(found.length, path).toBeGreaterThanOrEqual(2);
      for (const href of found) expect(href, path).toMatch(`${PUBLIC}/`);
    }
  });

  it.each(['ledger_service:8000', '[::1]:8000', 'LOCALHOST', '10.0.0.7', 'explorer.example.'])(
    'accept the Host %s as it is',
    async (host) => {
      const reply = await raw(service.port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(reply.status).toBe(200);
      expect(link(parseJson(reply.body) as Json, 'self')).toBe(`http://${host}/`);
    },
  );

  it('answer an HTTP/1.0 request without Host with links to the address the service listens on', async () => {
    const reply = await raw(service.port, 'GET / HTTP/1.0\r\n\r\n');
    expect(reply.status).toBe(200);
    expect(link(parseJson(reply.body) as Json, 'self')).toBe(`${service.url}/`);
  });
});

describe('record links stay in the listing the record was served in', () => {
  it('payments, operations (joined, so from the record cache), streams and /operations/{id}', async () => {
    const payments = `${service.url}/accounts/${busy}/payments`;
    const operations = `${service.url}/accounts/${busy}/operations`;
    const other = `${service.url}/accounts/${accounts[1]}/payments`;
    for (const round of [0, 1]) {
      for (const [listing, flags] of [
        [payments, '&join=transactions'],
        [operations, '&join=transactions'],
        [other, '&include_failed=true&join=transactions'],
        [payments, ''],
      ]) {
        const page = await get(`${listing}?limit=5${flags}`);
        expect(records(page).length, `${round} ${listing}`).toBe(5);
        for (const record of records(page)) {
          expect(link(record, 'precedes')).toBe(`${listing}?cursor=${record.paging_token}&order=asc${flags}{&limit}`);
          expect(link(record, 'succeeds')).toBe(`${listing}?cursor=${record.paging_token}&order=desc${flags}{&limit}`);
          expect(link(record, 'self')).toBe(`${service.url}/operations/${record.paging_token}`);
        }
      }
    }
    const first = records(await get(`${payments}?limit=1`))[0]!;
    const alone = await get(link(first, 'self'));
    expect(link(alone, 'precedes')).toBe(
      `${service.url}/accounts/${alone.source_account}/operations?cursor=${first.paging_token}&order=asc{&limit}`,
    );
    const stream = await openSse(`${other}?include_failed=true&join=transactions`);
    try {
      await stream.waitFor((frames) => frames.filter((f) => f.id).length >= 3);
      const framed = stream.frames.filter((f) => f.id).map((f) => parseJson(f.data!) as Json);
      for (const record of framed)
        expect(link(record, 'precedes')).toBe(
          `${other}?cursor=${record.paging_token}&order=asc&include_failed=true&join=transactions{&limit}`,
        );
    } finally {
      stream.close();
    }
  });
});

describe('the Host guard', () => {
  it('answers a problem document to an HTTP/1.1 request without Host', async () => {
    const reply = await raw(service.port, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(reply.head).toMatch(/content-type: application\/problem\+json/i);
    expect(parseJson(reply.body)).toMatchObject({
      type: 'bad_request',
      status: 400,
      extras: { invalid_field: 'Host' },
    });
  });

  it.each([
    ['markup', 'a"><script>alert(1)</script>'],
    ['a space', 'a b.example'],
    ['credentials', 'user@host.example'],
    ['a path', 'host.example/evil'],
    ['an overlong name', `${'a'.repeat(250)}.example`],
    ['a bad port', 'host.example:80a'],
  ])('refuses a Host with %s, never echoing it', async (_what, host) => {
    const reply = await raw(
      service.port,
      `GET /accounts/${busy} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(reply.status).toBe(400);
    expect(parseJson(reply.body)).toMatchObject({ type: 'bad_request', extras: { invalid_field: 'Host' } });
    expect(reply.body).not.toContain(host);
    // And keeps serving.
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
  });
});

const FORM = 'Content-Type: application/x-www-form-urlencoded\r\n';

describe('the body timer', () => {
  it.each([
    ['a Content-Length body cut short', `${FORM}Content-Length: 100\r\n\r\ntx=AAAA`],
    ['a chunked body with no last chunk', `${FORM}Transfer-Encoding: chunked\r\n\r\n7\r\ntx=AAAA\r\n`],
    ['a JSON body cut short', 'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"tx":"AA'],
    [
      'a multipart body cut short',
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 500\r\n\r\n--x\r\nContent-Disposition: form-data; name="tx"\r\n\r\nAAAA',
    ],
  ])('answers 408 timeout to %s and closes the connection', async (_what, rest) => {
    const started = Date.now();
    const request = `POST /transactions HTTP/1.1\r\nHost: 127.0.0.1\r\n${rest}`;
    const reply = await raw(service.port, request, { holdOpen: true });
    expect(reply.status).toBe(408);
    expect(reply.head).toMatch(/content-type: application\/problem\+json/i);
    expect(parseJson(reply.body)).toMatchObject({ type: 'timeout', status: 408 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
  });

  it('lets a whole body through however long the answer takes', async () => {
    const reply = await raw(
      service.port,
      'POST /transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\nConnection: close\r\n\r\ntx=AAAA',
    );
    expect(reply.status).toBe(400);
    expect(parseJson(reply.body)).toMatchObject({ result: 'malformed' });
  });
});
