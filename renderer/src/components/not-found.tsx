// An address that names no page: said, with the address shown isolated and the ways on, instead of
// quietly showing another page in its place (a mistyped or stale link would otherwise look followed).
import { clipMiddle } from '../../../shared/ids';
import { href } from '../lib/router';
import { Untrusted } from './untrusted';

export function NotFound({ segment, wantsId }: { segment: string; wantsId?: string | undefined }) {
  return (
    <article className="entity" aria-label="Unknown address">
      <header className="entity-head">
        <h2>No such page</h2>
      </header>
      <section className="card route-problem" role="alert" data-testid="unknown-route">
        <p>
          {wantsId ? (
            <>
              The address “<Untrusted text={clipMiddle(segment, 64)} className="mono" />” names {wantsId} but gives no
              id.
            </>
          ) : (
            <>
              No page is called “<Untrusted text={clipMiddle(segment, 64)} className="mono" />
              ”.
            </>
          )}
        </p>
        <p>
          Go to <a href={href('explore')}>Explore</a>, <a href={href('live')}>Live</a>,{' '}
          <a href={href('submit')}>Submit</a>, <a href={href('history')}>Workbench</a> or{' '}
          <a href={href('settings')}>Settings</a>
          <span className="muted">, or press Ctrl K to look an id up.</span>
        </p>
      </section>
    </article>
  );
}
