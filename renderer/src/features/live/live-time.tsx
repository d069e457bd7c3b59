// The feed's time cell: the absolute UTC time and a relative one that keeps ticking.
import { absoluteTime, relativeTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';

export function LiveTime({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <time className="time" dateTime={iso} title={iso}>
      <span className="num">{absoluteTime(iso).replace(' UTC', '')}</span>{' '}
      <span className="muted rel" data-testid="relative-time">
        {relativeTime(iso, now)}
      </span>
    </time>
  );
}
