// Path payments are payments: on an account's payments page (streamed as Horizon frames it) a path
// payment that reaches the watched account counts against its notification minimum with what
// arrived, gets a notice and a direction, and one that leaves it does not notify.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtInProfiles } from '../../core/networks/networks';
import { StreamManager } from '../../core/streams/streams';
import { paymentNotice } from '../../electron/notifications';
import type { Operation } from '../../shared/model';
import { startLocalServer, type LocalServer } from '../support/local-server';

const page = JSON.parse(
  readFileSync(new URL('../fixtures/horizon/pages/account-payments.json', import.meta.url), 'utf8'),
) as { _embedded: { records: { paging_token: string; type: string }[] } };
const records = page._embedded.records;
const ACCOUNT = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const LATEST = Number(BigInt(records[0]!.paging_token) >> 32n) - 1;
let local: LocalServer;

beforeAll(async () => {
  local = await startLocalServer((req, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'application/hal+json' });
      return res.end(
        JSON.stringify({
          horizon_version: '2',
          network_passphrase: 'Test SDF Network ; September 2015',
          history_latest_ledger: LATEST,
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
    for (const record of records) res.write(`id: ${record.paging_token}\ndata: ${JSON.stringify(record)}\n\n`);
  });
});
afterAll(() => local.close());

async function streamWith(minAmount: string): Promise<{ record: Operation; notify: boolean }[]> {
  const got: { record: Operation; notify: boolean }[] = [];
  const manager = new StreamManager(mkdtempSync(join(tmpdir(), 'ledgerscope-path-')), (channel, payload) => {
    if (channel === 'stream:record') got.push(payload as { record: Operation; notify: boolean });
  });
  manager.useNetwork({ ...builtInProfiles(local.base)[1]!, baseUrl: local.base });
  manager.watch(ACCOUNT, { '*': minAmount });
  try {
    await vi.waitFor(() => expect(got).toHaveLength(records.length), { timeout: 10_000, interval: 20 });
  } finally {
    manager.close();
  }
  return got;
}

describe('path payments on a payments stream', () => {
  it('reads both path payments with their amounts and directions, and notifies for the incoming one', async () => {
    const got = await streamWith('10');
    const byType = (type: string) => got.find((entry) => entry.record.type === type)!;
    const incoming = byType('path_payment_strict_send');
    expect(incoming.record).toMatchObject({
      direction: 'in',
      amount: '14.25',
      currency: { code: 'USDX' },
      sourceAmount: '15',
    });
    expect(incoming.notify).toBe(true);
    const outgoing = byType('path_payment_strict_receive');
    expect(outgoing.record).toMatchObject({ direction: 'out', amount: '8', sourceAmount: '8.61' });
    expect(outgoing.notify).toBe(false);
    const notice = paymentNotice({ account: ACCOUNT, networkId: 'testnet', record: incoming.record, notify: true });
    expect(notice).toMatchObject({ title: 'Payment received: 14.2500000 USDX', route: `/op/${incoming.record.id}` });
  });

  it('applies the minimum to what a path payment delivered', async () => {
    const got = await streamWith('14.2500001');
    expect(got.find((entry) => entry.record.type === 'path_payment_strict_send')?.notify).toBe(false);
    expect(got.find((entry) => entry.record.type === 'payment' && entry.record.direction === 'in')?.notify).toBe(true);
  });
});
