// The account page's name line: the label from the address book, and a button to set or change it.
import { LabelText } from '../../components/id-link';
import { useLabelDialog } from '../../components/label-dialog';
import { useLabel, useNetworkNamed } from '../../lib/labels';

export function AccountLabel({ account }: { account: string }) {
  const label = useLabel(account);
  const own = useNetworkNamed(account);
  const open = useLabelDialog((state) => state.open);
  return (
    <p className="account-label">
      {label ? (
        <strong data-testid="account-label">
          <LabelText name={label} />
        </strong>
      ) : (
        <span className="muted">No label</span>
      )}{' '}
      {own ? (
        <span className="badge" title="The local network's own name for its demo account (Settings → Address book)">
          local network
        </span>
      ) : null}{' '}
      <button type="button" onClick={() => open(account)}>
        {label ? 'Rename…' : 'Name this account…'}
      </button>
    </p>
  );
}
