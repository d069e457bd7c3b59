// Every page but the explore home is loaded when it is first opened, each in a chunk of its own, so
// the first screen loads only what it shows (docs/design.md, "The renderer's bundle"). A loaded
// page stays loaded: opening it again renders at once.
import { lazy } from 'react';

export const LivePage = lazy(() =>
  import('./features/live/live-page').then((module) => ({ default: module.LivePage })),
);
export const SubmitPage = lazy(() =>
  import('./features/submit/submit-page').then((module) => ({ default: module.SubmitPage })),
);
export const SettingsPage = lazy(() =>
  import('./features/settings/settings-page').then((module) => ({ default: module.SettingsPage })),
);
export const WorkbenchPage = lazy(() =>
  import('./features/workbench/workbench-page').then((module) => ({ default: module.WorkbenchPage })),
);
export const AssetPage = lazy(() =>
  import('./features/explore/asset-page').then((module) => ({ default: module.AssetPage })),
);
export const EntityPage = lazy(() =>
  import('./features/explore/entity-page').then((module) => ({ default: module.EntityPage })),
);

/**
 * What stands in for a page while its chunk loads (a few milliseconds from disk): a section that
 * takes the page's place, so nothing around it moves, and whose one line shows only if the wait
 * outlasts 400 ms (styles.css `.page-loading`), so a quick load does not flash.
 */
export function PageLoading() {
  return (
    <section className="page-loading" aria-busy="true" aria-label="Loading the page" data-testid="page-loading">
      <p className="muted" role="status">
        Loading…
      </p>
    </section>
  );
}
