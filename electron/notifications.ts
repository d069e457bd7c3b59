// Native notifications for what comes in to watched accounts (payments first), and the dock/taskbar badge
// counting those the user has not seen (reset when the window gains focus). Plain logic: the
// Electron functions are passed in.
import type { EventPayload } from '../shared/ipc';
import { movesOf } from '../shared/moves';
import { displayMoney } from '../shared/amount';
import { abbreviateId } from '../shared/ids';
import { showHidden } from '../shared/visible-text';

export interface PaymentNotice {
  title: string;
  body: string;
  account: string;
  /** Where a click on the notification goes: the payment itself. */
  route: string;
}

/** An account as a notice names it: its label (hidden characters written out), else its abbreviated id. */
function named(account: string, nameOf: (account: string) => string | undefined): string {
  const label = nameOf(account);
  return label === undefined ? abbreviateId(account) : showHidden(label);
}

/** The words a notice opens with, by what came in. */
const RECEIVED: Record<string, string> = {
  payment: 'Payment received',
  path_payment_strict_receive: 'Payment received',
  path_payment_strict_send: 'Payment received',
  create_account: 'Account funded',
  account_merge: 'Merge received',
  claim_claimable_balance: 'Balance claimed',
};

/**
 * The notice for a stream record, or null when nothing came in to the watched account that the
 * user asked to hear about (the core decided `notify` against the minimums). What came in is the
 * one reading of the record (shared/moves.ts). Accounts are named by their address-book label
 * when `nameOf` knows one.
 */
export function paymentNotice(
  event: EventPayload<'stream:record'>,
  nameOf: (account: string) => string | undefined = () => undefined,
): PaymentNotice | null {
  const record = event.record;
  const moves = movesOf(record, event.account);
  const leg = moves.legs[0];
  if (!event.notify || moves.direction !== 'in' || !leg) return null;
  const what = leg.asset.kind === 'asset' ? leg.asset.currency.code : 'of a claimable balance';
  const from = leg.counterparty;
  return {
    title: `${RECEIVED[record.type] ?? 'Received'}: ${leg.amount ? displayMoney(leg.amount, what) : what}`,
    body: `${from ? `From ${named(from, nameOf)} to` : 'To'} ${named(event.account, nameOf)}`,
    account: event.account,
    route: `/op/${record.id}`,
  };
}

export interface NotifierHooks {
  show(notice: PaymentNotice): void;
  setBadge(count: number): void;
  windowFocused(): boolean;
  /** An account's label from the address book, if it has one. */
  labelOf?(account: string): string | undefined;
}

export class PaymentNotifier {
  private unread = 0;

  constructor(private readonly hooks: NotifierHooks) {}

  get unreadCount(): number {
    return this.unread;
  }

  onRecord(event: EventPayload<'stream:record'>): void {
    const notice = paymentNotice(event, (account) => this.hooks.labelOf?.(account));
    if (!notice) return;
    this.hooks.show(notice);
    if (this.hooks.windowFocused()) return;
    this.unread += 1;
    this.hooks.setBadge(this.unread);
  }

  /** The user looked at the window. */
  markRead(): void {
    if (this.unread === 0) return;
    this.unread = 0;
    this.hooks.setBadge(0);
  }
}
