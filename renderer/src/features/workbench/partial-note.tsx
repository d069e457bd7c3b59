// The label of figures read from a partial index (shared/index-coverage.ts): beside a count or a
// table of totals, "partial: indexed 5,898 records through ledger 1,234 of 5,000; syncing".
// Nothing for a complete index.
import { coverageText, type IndexCoverage } from '../../../../shared/index-coverage';

export function PartialNote({ coverage }: { coverage: IndexCoverage | null | undefined }) {
  if (!coverage?.partial) return null;
  return (
    <span
      className={`partial-note ${coverage.partial === 'damaged' ? 'bad' : 'warn'} small`}
      data-testid="partial-note"
    >
      {' '}
      ({coverageText(coverage)})
    </span>
  );
}
