// Small UI state that outlives a page: theme, the live feed, unread counts, the go-to box.
import { create } from 'zustand';
import { mergeFeed as mergeByToken } from '../../../shared/feed';
import type { Operation, StreamStatus } from '../../../shared/model';

export type ThemeSetting = 'system' | 'light' | 'dark';

export interface FeedItem {
  account: string;
  networkId: string;
  record: Operation;
  receivedAt: number;
}

const FEED_LIMIT = 500;
const THEME_KEY = 'ledgerscope-theme';

function storedTheme(): ThemeSetting {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

interface UiState {
  /**
   * The selected network (null until the host has said which). Every query that reads from a
   * network has it in its key, and switching resets what came from the previous one.
   */
  networkId: string | null;
  switchNetwork(id: string): void;
  theme: ThemeSetting;
  setTheme(theme: ThemeSetting): void;
  gotoOpen: boolean;
  setGotoOpen(open: boolean): void;
  /** Newest first, bounded. */
  feed: FeedItem[];
  /** Records that arrived while paused, shown on resume. */
  held: FeedItem[];
  paused: boolean;
  setPaused(paused: boolean): void;
  unread: Record<string, number>;
  addRecord(item: FeedItem, countUnread: boolean): void;
  /** Records fetched as history (at start, after a reload): merged by time, never unread. */
  fillFeed(items: FeedItem[]): void;
  markRead(account?: string): void;
  statuses: Record<string, StreamStatus>;
  setStatus(status: StreamStatus): void;
  host: 'electron' | 'web' | null;
  setHost(host: 'electron' | 'web'): void;
  /** A transaction file the desktop shell opened (menu, drop on the window, launch argument). */
  opened: { text: string; fileName?: string | undefined; seq: number } | null;
  setOpened(file: { text: string; fileName?: string | undefined }): void;
  notices: { level: 'info' | 'warning' | 'error'; message: string; id: number }[];
  addNotice(level: 'info' | 'warning' | 'error', message: string): void;
  dismissNotice(id: number): void;
}

export const useUi = create<UiState>((set) => ({
  networkId: null,
  switchNetwork: (id) =>
    set((state) => {
      if (state.networkId === id) return {};
      // The feed, unread counts and stream states belong to the previous network's streams.
      return { networkId: id, feed: [], held: [], unread: {}, statuses: {} };
    }),
  theme: storedTheme(),
  setTheme(theme) {
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Storage may be unavailable (private mode); the setting then lasts for this session.
    }
    set({ theme });
  },
  gotoOpen: false,
  setGotoOpen: (gotoOpen) => set({ gotoOpen }),
  feed: [],
  held: [],
  paused: false,
  setPaused: (paused) =>
    set((state) => (paused ? { paused } : { paused, held: [], feed: mergeFeed(state.held, state.feed) })),
  unread: {},
  addRecord: (item, countUnread) =>
    set((state) => {
      // A record of another network's stream, arriving after the switch: not this network's.
      if (state.networkId !== null && item.networkId !== state.networkId) return {};
      const seen = (list: FeedItem[]) =>
        list.some((x) => x.record.pagingToken === item.record.pagingToken && x.account === item.account);
      if (seen(state.feed) || seen(state.held)) return {};
      const unread = countUnread
        ? { ...state.unread, [item.account]: (state.unread[item.account] ?? 0) + 1 }
        : state.unread;
      if (state.paused) return { held: [item, ...state.held].slice(0, FEED_LIMIT), unread };
      return { feed: mergeFeed([item], state.feed), unread };
    }),
  fillFeed: (items) => set((state) => ({ feed: mergeFeed(items, state.feed) })),
  statuses: {},
  setStatus: (status) =>
    set((state) =>
      state.networkId !== null && status.networkId !== state.networkId
        ? {}
        : { statuses: { ...state.statuses, [status.account]: status } },
    ),
  host: null,
  setHost: (host) => set({ host }),
  opened: null,
  setOpened: (file) => set((state) => ({ opened: { ...file, seq: (state.opened?.seq ?? 0) + 1 } })),
  notices: [],
  addNotice: (level, message) =>
    set((state) => {
      // The same message again replaces the old one: one quiet line, not a pile.
      const others = state.notices.filter((n) => n.message !== message);
      return { notices: [...others, { level, message, id: Date.now() + Math.random() }].slice(-3) };
    }),
  dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  markRead: (account) =>
    set((state) => {
      if (!account) return { unread: {} };
      if (!state.unread[account]) return {};
      const unread = { ...state.unread };
      delete unread[account];
      return { unread };
    }),
}));

/** Newest first by paging token, once each (shared/feed.ts): a replay or history lands in time order. */
function mergeFeed(newer: FeedItem[], older: FeedItem[]): FeedItem[] {
  return mergeByToken(older, newer, FEED_LIMIT);
}
