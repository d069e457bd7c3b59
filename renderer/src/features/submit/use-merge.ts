// The signature check and merge of the Submit page (issue #14): the pasted envelope, more signed
// copies and detached signatures go to signatures:merge once the envelope itself reads.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DetachedSignature } from '../../../../shared/signatures';
import { call } from '../../lib/bridge';

export function useMerge(selectedId: string | undefined, input: string, enabled: boolean) {
  const [copies, setCopies] = useState<string[]>([]);
  const [detached, setDetached] = useState<DetachedSignature[]>([]);
  const merge = useQuery({
    queryKey: ['signatures:merge', selectedId, input, copies, detached],
    queryFn: ({ signal }) => call('signatures:merge', { inputs: [input, ...copies], ...(detached.length ? { detached } : {}) }, signal),
    enabled: input !== '' && enabled,
    retry: false,
    gcTime: 0,
  });
  return {
    merge,
    copies,
    setCopies,
    /** A second signature by the same key replaces the first. */
    addDetached: (signature: DetachedSignature) => setDetached((list) => [...list.filter((d) => d.publicKey !== signature.publicKey), signature]),
    /** Copies or signatures were added and their merge is not in yet. */
    checking: merge.isFetching && (copies.length > 0 || detached.length > 0),
    reset() {
      setCopies([]);
      setDetached([]);
    },
  };
}
