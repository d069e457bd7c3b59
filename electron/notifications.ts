// Native notifications for incoming payments on watched accounts, and the dock/taskbar badge
// counting those the user has not seen (reset when the window gains focus). Plain logic: the
// Electron functions are passed in.
import type { EventPayload } from '../shared/ipc';
import { isPaymentLike } from '../shared/model';
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

/**
 * The notice for a stream record, or null when it is not an incoming payment the user asked to
 * hear about. Accounts are named by their address-book label when `nameOf` knows one.
 */
export function paymentNotice(
  event: EventPayload<'stream:record'>,
  nameOf: (account: string) => string | undefined = () => undefined,
): PaymentNotice | null {
  const record = event.record;
  // Path payments are payments: the notice names what arrived.
  if (!event.notify || !isPaymentLike(record) || record.direction !== 'in') return null;
  const code = record.currency.code;
  return {
    title: `Payment received: ${displayMoney(record.amount, code)}`,
    body: `From ${named(record.from, nameOf)} to ${named(event.account, nameOf)}`,
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
