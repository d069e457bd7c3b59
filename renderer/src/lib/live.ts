// Live events from the core: records of watched accounts go to the feed, unread counts and (in
// the web host) system notifications; Electron's main process shows native ones itself.
import { useEffect } from 'react';
import type { Operation } from '../../../shared/model';
import { isPaymentLike } from '../../../shared/model/payment-types';
import { onEvent } from './bridge';
import { displayMoney } from '../../../shared/amount';
import { abbreviateId } from '../../../shared/ids';
import { showHidden } from '../../../shared/visible-text';
import { labelOf } from './labels';
import { href, navigate, parseHash } from './router';
import { useUi } from './store';

/** An account as a notification names it: its label (hidden characters written out), else its abbreviated id. */
const nameOf = (account: string) => {
  const label = labelOf(account);
  return label === undefined ? abbreviateId(account) : showHidden(label);
};

export function notificationText(record: Operation): { title: string; body: string } {
  if (isPaymentLike(record)) {
    return {
      title: `Payment received: ${displayMoney(record.amount, record.currency.code)}`,
      body: `From ${nameOf(record.from)} to ${nameOf(record.to)}`,
    };
  }
  return { title: `New ${record.type.replace(/_/g, ' ')}`, body: `Operation ${record.id}` };
}

export function showNotification(record: Operation): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { title, body } = notificationText(record);
  const note = new Notification(title, { body, tag: record.id });
  note.onclick = () => {
    window.focus();
    navigate(href('op', record.id));
    note.close();
  };
}

export function useLiveEvents(): void {
  useEffect(() => {
    const offRecord = onEvent('stream:record', ({ account, networkId, record, notify }) => {
      const onLive = parseHash(window.location.hash).name === 'live';
      useUi.getState().addRecord({ account, networkId, record, receivedAt: Date.now() }, !onLive);
      if (notify && useUi.getState().host === 'web') showNotification(record);
    });
    const offStatus = onEvent('stream:status', (status) => useUi.getState().setStatus(status));
    // Desktop shell events: menu and deep links, files opened or dropped on the window, notices.
    const offNavigate = onEvent('app:navigate', ({ route }) => {
      if (route === '/go-to') useUi.getState().setGotoOpen(true);
      else navigate(`#${route}`);
    });
    const offOpen = onEvent('app:open-transaction', (file) => {
      useUi.getState().setOpened(file);
      navigate(href('submit'));
    });
    const offNotice = onEvent('app:notice', ({ level, message }) => useUi.getState().addNotice(level, message));
    return () => {
      offRecord();
      offStatus();
      offNavigate();
      offOpen();
      offNotice();
    };
  }, []);
}
