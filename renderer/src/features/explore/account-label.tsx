// The account page's name line: the label from the address book, and a button to set or change it.
import { useLabelDialog } from '../../components/label-dialog';
import { useLabel } from '../../lib/labels';

export function AccountLabel({ account }: { account: string }) {
  const label = useLabel(account);
  const open = useLabelDialog((state) => state.open);
  return (
    <p className="account-label">
      {label ? <strong data-testid="account-label">{label}</strong> : <span className="muted">No label</span>}{' '}
      <button type="button" onClick={() => open(account)}>
        {label ? 'Rename…' : 'Name this account…'}
      </button>
    </p>
  );
}
