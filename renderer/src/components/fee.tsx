// A fee in the native unit with all seven decimals ("0.0000100 XLM"), its stroops on hover: the
// text is shared/amount.ts displayFee's, the hover feeStroopsText's.
import { displayFee, feeStroopsText } from '../../../shared/amount';

export function feeText(stroops: string): string {
  return displayFee(stroops);
}

export function Fee({ stroops }: { stroops: string }) {
  return (
    <span className="num fee" title={feeStroopsText(stroops)}>
      {feeText(stroops)}
    </span>
  );
}
