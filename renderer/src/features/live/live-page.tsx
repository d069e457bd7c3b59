// Live: watched accounts with their stream states, and a feed of their payments, newest first.
import { ViewBoundary } from '../../components/view-boundary';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMinimums } from '../../../../shared/minimums';
import type { StreamStatus, WatchedAccount } from '../../../../shared/model';
import { IdLink } from '../../components/id-link';
import { amountCell, amountFit, detailsCell, DirectionBadge, TypeCell } from '../../components/operation-cells';
import { useWatched } from '../../components/sidebar';
import { VirtualTable, type Column } from '../../components/virtual-table';
import { call } from '../../lib/bridge';
import { href, navigate } from '../../lib/router';
import { useUi, type FeedItem } from '../../lib/store';
import { LiveTime } from './live-time';
import { WatchForm } from './watch-form';

export function streamStateText(status: StreamStatus | undefined): string {
  if (!status) return 'connecting';
  switch (status.state) {
    case 'reconnecting':
      return `reconnecting ${status.attempt ?? 1}`;
    case 'behind':
      return `behind ${status.behindBy ?? '?'}`;
    default:
      return status.state;
  }
}

const columns: Column<FeedItem>[] = [
  {
    key: 'time',
    header: 'Time (UTC)',
    width: 'minmax(130px, 1.2fr)',
    render: (item) => <LiveTime iso={item.record.createdAt} />,
  },
  {
    key: 'account',
    header: 'Watched',
    width: 'minmax(84px, 0.8fr)',
    render: (item) => <IdLink kind="account" id={item.account} inRow />,
  },
  {
    key: 'dir',
    header: 'Dir',
    width: '36px',
    render: (item) => <DirectionBadge op={item.record} />,
  },
  {
    key: 'type',
    header: 'Type',
    width: 'minmax(68px, 0.6fr)',
    render: (item) => <TypeCell op={item.record} />,
  },
  {
    key: 'amount',
    header: 'Amount',
    width: 'minmax(110px, 1fr)',
    align: 'end',
    render: (item) => amountCell(item.record, true, item.account),
    fit: (item) => amountFit(item.record, item.account),
  },
  {
    key: 'details',
    header: 'Details',
    width: 'minmax(165px, 3fr)',
    render: (item) => detailsCell(item.record, true, item.account),
  },
  {
    key: 'op',
    header: 'Operation',
    width: 'minmax(80px, 0.9fr)',
    render: (item) => <IdLink kind="op" id={item.record.id} inRow />,
  },
];

export function LivePage() {
  const client = useQueryClient();
  const watched = useWatched();
  const { feed, held, paused, setPaused, statuses, setStatus, markRead, unread, host } = useUi();

  useEffect(() => {
    markRead();
  }, [markRead, feed.length]);
  useEffect(() => {
    for (const status of watched.data?.statuses ?? []) setStatus(status);
  }, [watched.data, setStatus]);

  async function remove(account: string) {
    await call('stream:unwatch', { account });
    await client.invalidateQueries({ queryKey: ['stream:list'] });
  }

  return (
    <section className="live-page" aria-label="Live">
      <h2>Live payments</h2>
      <ViewBoundary name="The watch form">
        <WatchForm />
      </ViewBoundary>
      <WatchedTable
        watched={watched.data?.watched}
        statuses={statuses}
        unread={unread}
        onRemove={(account) => void remove(account)}
      />
      <FeedToolbar
        paused={paused}
        onPause={() => setPaused(!paused)}
        held={held.length}
        host={host}
        inFeed={feed.length}
      />
      <ViewBoundary name="The live feed">
        <VirtualTable
          label="Live feed"
          columns={columns}
          rows={feed}
          rowKey={(item) => `${item.account}:${item.record.pagingToken}`}
          rowClass={(item) => (item.record.successful ? undefined : 'failed')}
          onOpen={(item) => navigate(href('op', item.record.id))}
          status="success"
          empty={
            watched.data?.watched.length
              ? 'Waiting for payments…'
              : 'Watch an account to see its payments here as they happen.'
          }
        />
      </ViewBoundary>
    </section>
  );
}

interface WatchedTableProps {
  watched: WatchedAccount[] | undefined;
  statuses: Record<string, StreamStatus>;
  unread: Record<string, number>;
  onRemove(account: string): void;
}

/** Each watched account: its stream's state, the minimums it notifies from, its unread count, and Remove. */
function WatchedTable({ watched, statuses, unread, onRemove }: WatchedTableProps) {
  return (
    <table className="dense watched-table" aria-label="Watched accounts">
      <thead>
        <tr>
          <th>Account</th>
          <th>Stream</th>
          <th>Notify from</th>
          <th>Unread</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {watched?.map((w) => {
          const status = statuses[w.account];
          return (
            <tr key={w.account}>
              <td>
                <IdLink kind="account" id={w.account} full />
              </td>
              <td>
                <span
                  className={`stream-state s-${status?.state ?? 'connecting'}`}
                  data-testid="stream-state"
                  title={status?.message}
                >
                  {streamStateText(status)}
                </span>
              </td>
              <td className="num">
                {w.minAmounts ? formatMinimums(w.minAmounts) : <span className="muted">any</span>}
              </td>
              <td>{unread[w.account] ?? 0}</td>
              <td>
                <button type="button" onClick={() => onRemove(w.account)} aria-label={`Stop watching ${w.account}`}>
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface FeedToolbarProps {
  paused: boolean;
  onPause(): void;
  /** Payments held back while paused. */
  held: number;
  host: 'electron' | 'web' | null;
  inFeed: number;
}

/** Pause and resume, the browser's notification permission, and the feed's size. */
function FeedToolbar({ paused, onPause, held, host, inFeed }: FeedToolbarProps) {
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  return (
    <div className="toolbar">
      <button type="button" onClick={onPause} aria-pressed={paused}>
        {paused ? `Resume (${held} new)` : 'Pause'}
      </button>
      {host === 'web' && permission === 'default' ? (
        <button type="button" onClick={() => void Notification.requestPermission().then(setPermission)}>
          Enable notifications
        </button>
      ) : null}
      <span className="muted small">
        {host === 'electron' ? 'Notifications: native' : `Notifications: ${permission}`} · {inFeed} in feed
      </span>
    </div>
  );
}
