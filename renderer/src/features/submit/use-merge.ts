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
    queryFn: ({ signal }) =>
      call('signatures:merge', { inputs: [input, ...copies], ...(detached.length ? { detached } : {}) }, signal),
    enabled: input !== '' && enabled,
    retry: false,
    gcTime: 0,
  });
  return {
    merge,
    copies,
    setCopies,
    /** A second signature by the same key replaces the first. */
    addDetached: (signature: DetachedSignature) =>
      setDetached((list) => [...list.filter((d) => d.publicKey !== signature.publicKey), signature]),
    /**
     * These inputs' checks have not answered yet (the first answer, or the one after copies or
     * signatures were added). Until then the page cannot know whether the submission is held back,
     * and a button offering to send would turn into "Held back" under the click. A re-check of the
     * same inputs (a refetch) keeps the last answer and is not "checking": the buttons stay put.
     */
    checking: input !== '' && enabled && merge.data === undefined && !merge.isError,
    reset() {
      setCopies([]);
      setDetached([]);
    },
  };
}
