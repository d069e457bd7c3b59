// The explore home's live cards: the latest ledgers (pushed as they close by the core's ledger
// stream, `ledger:closed`, and polled as a fallback: the core caches closed ledgers, so a poll
// costs one root reading and the new ledgers), the latest operations, and on the local network
// its demo accounts by name, so a newcomer who knows no id is one click from a history.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RequestResult } from '../../../../shared/ipc';
import { codeSlotStyle, columnFit } from '../../components/amount-fit';
import { IdLink } from '../../components/id-link';
import { amountCell, amountFit, typeLabel } from '../../components/operation-cells';
import { Untrusted } from '../../components/untrusted';
import { call, onEvent } from '../../lib/bridge';
import { relativeTime } from '../../lib/format';
import { href } from '../../lib/router';
import { useNow } from '../../lib/use-now';

/** The fallback poll; ledgers arrive by push while the core's stream is up. */
const POLL_MS = 5_000;
const SHOWN = 8;

/** Puts each pushed ledger at the top of the list, and refreshes the operations when it has some. */
function useLedgerPush(): void {
  const client = useQueryClient();
  useEffect(() => {
    // onEvent returns the unsubscribe, which is this effect's cleanup.
    return onEvent('ledger:closed', ({ ledger }) => {
      client.setQueryData<RequestResult<'home:ledgers'>>(['home:ledgers'], (old) => {
        if (!old) return old;
        const ledgers = [ledger, ...old.ledgers.filter((l) => l.sequence !== ledger.sequence)]
          .sort((a, b) => b.sequence - a.sequence)
          .slice(0, SHOWN);
        return { latest: Math.max(old.latest ?? 0, ledger.sequence), ledgers };
      });
      if (ledger.operationCount > 0) void client.invalidateQueries({ queryKey: ['home:activity'] });
    });
  }, [client]);
}

export function LatestLedgers() {
  const now = useNow();
  useLedgerPush();
  const ledgers = useQuery({
    queryKey: ['home:ledgers'],
    queryFn: ({ signal }) => call('home:ledgers', { limit: SHOWN }, signal),
    refetchInterval: POLL_MS,
    retry: false,
  });
  return (
    <section className="card home-card" aria-label="Latest ledgers">
      <h3>
        Latest ledgers{' '}
        {ledgers.data?.ledgers.length && !ledgers.isError ? (
          <span className="badge live" title="Pushed as each ledger closes">
            live
          </span>
        ) : null}
      </h3>
      {ledgers.data?.ledgers.length ? (
        <table className="dense">
          <thead>
            <tr>
              <th>Ledger</th>
              <th>Closed</th>
              <th className="end">Txs</th>
              <th className="end">Ops</th>
            </tr>
          </thead>
          <tbody>
            {ledgers.data.ledgers.map((ledger) => (
              <tr key={ledger.sequence} className={ledger.operationCount === 0 ? 'muted' : undefined}>
                <td>
                  <IdLink kind="ledger" id={String(ledger.sequence)} full />
                </td>
                <td>
                  <time dateTime={ledger.closedAt} title={ledger.closedAt}>
                    {relativeTime(ledger.closedAt, now)}
                  </time>
                </td>
                <td className="end num">{ledger.transactionCount}</td>
                <td className="end num">{ledger.operationCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">
          {ledgers.isError
            ? `Unavailable: ${(ledgers.error as Error).message}`
            : ledgers.isPending
              ? 'Loading…'
              : 'No ledgers yet.'}
        </p>
      )}
    </section>
  );
}

export function LatestOperations() {
  const now = useNow();
  const activity = useQuery({
    queryKey: ['home:activity'],
    queryFn: ({ signal }) => call('home:activity', { limit: 10 }, signal),
    refetchInterval: POLL_MS,
    retry: false,
  });
  return (
    <section className="card home-card wide" aria-label="Latest operations">
      <h3>Latest operations</h3>
      {activity.data?.operations.length ? (
        <table
          className="dense"
          style={codeSlotStyle(columnFit(activity.data.operations.map((op) => amountFit(op))).slot)}
        >
          <thead>
            <tr>
              <th>Operation</th>
              <th className="end">Amount</th>
              <th>Transaction</th>
              <th>Source</th>
              <th>When</th>
            </tr>
          </thead>
          <tbody>
            {activity.data.operations.map((op) => (
              <tr key={op.id} data-type={op.type}>
                <td>
                  <a href={href('op', op.id)}>{typeLabel(op)}</a>
                  {op.successful ? null : <span className="badge bad">failed</span>}
                </td>
                <td className="end">{amountCell(op)}</td>
                <td>
                  <IdLink kind="tx" id={op.transactionHash} />
                </td>
                <td>
                  <IdLink kind="account" id={op.sourceAccount} inRow />
                </td>
                <td>
                  <time dateTime={op.createdAt} title={op.createdAt}>
                    {relativeTime(op.createdAt, now)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">
          {activity.isError
            ? `Unavailable: ${(activity.error as Error).message}`
            : activity.isPending
              ? 'Loading…'
              : 'No operations in the recent ledgers.'}
        </p>
      )}
    </section>
  );
}

export function DemoAccounts() {
  const demo = useQuery({
    queryKey: ['home:demo-accounts'],
    queryFn: ({ signal }) => call('home:demo-accounts', {}, signal),
    staleTime: 60_000,
    retry: false,
  });
  const accounts = demo.data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <section className="card home-card" aria-label="Demo accounts">
      <h3>Start here: demo accounts</h3>
      <p className="muted small">The local network's accounts, with history to explore.</p>
      <ul className="demo-accounts">
        {accounts.map((account) => (
          <li key={account.account}>
            <a href={href('account', account.account)} title={account.account}>
              <Untrusted text={account.name} />
            </a>
            {account.multisig ? (
              <span className="badge" title="Needs more than one signature">
                multisig
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
