// A fee in the native unit with all seven decimals ("0.0000100 XLM"), its stroops on hover.
import { stroopsToNative } from '../../../shared/amount';
import { formatAmount } from '../lib/format';

export const NATIVE_UNIT = 'XLM';

export function feeText(stroops: string): string {
  try {
    return `${stroopsToNative(stroops)} ${NATIVE_UNIT}`;
  } catch {
    return `${stroops} stroops`;
  }
}

export function Fee({ stroops }: { stroops: string }) {
  return (
    <span className="num fee" title={`${formatAmount(stroops)} stroops`}>
      {feeText(stroops)}
    </span>
  );
}
