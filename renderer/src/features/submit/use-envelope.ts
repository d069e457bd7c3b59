// The envelope the Submit page shows and would send. The inspected envelope is previewed first;
// once the signature checks answer with a merged envelope that differs from it (other copies'
// signatures added, unused ones dropped), that envelope is inspected too and previewed instead,
// so the preview (its signatures, its JSON, "Copy envelope XDR") is of what the button sends.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Inspection } from '../../../../shared/model';
import type { MergeReport } from '../../../../shared/signatures';
import { call } from '../../lib/bridge';

export function useInspection(selectedId: string | undefined, input: string) {
  return useQuery({
    queryKey: ['tx:inspect', selectedId, input],
    queryFn: ({ signal }) => call('tx:inspect', { input }, signal),
    enabled: input !== '',
    retry: false,
    gcTime: 0,
  });
}

export interface ShownEnvelope {
  /** What the preview shows: the merged envelope once it is read, else the inspected one. */
  preview: Inspection | undefined;
  /** The previewed envelope is the merge of several copies or signatures. */
  merged: boolean;
  /** What the submit buttons send, once the checks have answered and it is the one previewed. */
  sendable: Inspection | undefined;
  /** The merged envelope could not be read back (nothing is offered to send). */
  problem: Error | null;
}

export function useShownEnvelope(
  selectedId: string | undefined,
  first: UseQueryResult<Inspection>,
  merge: UseQueryResult<MergeReport>,
  checking: boolean,
): ShownEnvelope {
  const mergedXdr = merge.data?.envelope;
  const own = first.data !== undefined && mergedXdr !== undefined && mergedXdr !== first.data.envelopeXdr;
  const merged = useInspection(selectedId, own ? mergedXdr : '');
  if (!own)
    return {
      preview: first.data,
      merged: false,
      sendable: checking ? undefined : first.data,
      problem: null,
    };
  return {
    preview: merged.data ?? first.data,
    merged: merged.data !== undefined,
    sendable: merged.data,
    problem: merged.isError ? merged.error : null,
  };
}
