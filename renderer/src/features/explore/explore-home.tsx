import { GotoForm } from '../../components/goto-box';
import { useWatched } from '../../components/sidebar';
import { IdLink } from '../../components/id-link';
import { Untrusted } from '../../components/untrusted';
import { readRecent } from '../../lib/recent';
import { ENTITY_LABEL } from '../../lib/router';
import { useUi } from '../../lib/store';
import { useState } from 'react';
import { DemoAccounts, LatestLedgers, LatestOperations } from './home-cards';

export function ExploreHome({ networkName }: { networkName?: string | undefined }) {
  const watched = useWatched();
  const networkId = useUi((state) => state.networkId);
  const [recent] = useState(() => readRecent(networkId));
  return (
    <section className="explore-home" aria-label="Explore">
      <h2>Explore {networkName ? <Untrusted text={networkName} /> : null}</h2>
      <GotoForm networkName={networkName} />
      <div className="home-grid">
        <DemoAccounts />
        <LatestLedgers />
        <LatestOperations />
      </div>
      <div className="facts-row">
        {recent.length ? (
          <section className="card" aria-label="Recently opened">
            <h3>Recently opened</h3>
            <table className="dense recent">
              <tbody>
                {recent.map((entry) => (
                  <tr key={`${entry.kind}/${entry.id}`}>
                    <td className="muted">{ENTITY_LABEL[entry.kind]}</td>
                    <td>
                      <IdLink kind={entry.kind} id={entry.id} full={entry.id.length <= 20} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
        {watched.data?.watched.length ? (
          <section className="card">
            <h3>Watched accounts</h3>
            {watched.data.watched.map((w) => (
              <div key={w.account}>
                <IdLink kind="account" id={w.account} />
              </div>
            ))}
          </section>
        ) : null}
      </div>
      <p className="muted small">
        Keys: <kbd>?</kbd> lists every keyboard shortcut.
      </p>
    </section>
  );
}
