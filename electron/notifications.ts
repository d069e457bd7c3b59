// Native notifications for incoming payments on watched accounts, and the dock/taskbar badge
// counting those the user has not seen (reset when the window gains focus). Plain logic: the
// Electron functions are passed in.
import type { EventPayload } from '../shared/ipc';
import { isPaymentLike } from '../shared/model';

export interface PaymentNotice {
  title: string;
  body: string;
  account: string;
  /** Where a click on the notification goes: the payment itself. */
  route: string;
}

const short = (id: string) => (id.length > 12 ? `${id.slice(0, 5)}…${id.slice(-4)}` : id);

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
    title: `Payment received: ${record.amount} ${code}`,
    body: `From ${nameOf(record.from) ?? short(record.from)} to ${nameOf(event.account) ?? short(event.account)}`,
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
