// The feed's time cell: the absolute UTC time and a relative one that keeps ticking.
import { absoluteTime, relativeTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';

export function LiveTime({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={iso}>
      {absoluteTime(iso).replace(' UTC', '')}{' '}
      <span className="muted" data-testid="relative-time">
        {relativeTime(iso, now)}
      </span>
    </time>
  );
}
