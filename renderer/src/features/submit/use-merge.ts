// The signature check and merge of the Submit page (issue #14): the inspected envelope, more signed
// copies (pasted with it, dropped with it, or added below it) and detached signatures go to
// signatures:merge once the envelope itself reads. Copies and signatures belong to one inspection:
// a new one starts from the copies it brought.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DetachedSignature } from '../../../../shared/signatures';
import { call } from '../../lib/bridge';
import type { Inspected } from './use-inspected';

interface Added {
  seq: number;
  copies: string[];
  detached: DetachedSignature[];
}

export function useMerge(selectedId: string | undefined, inspected: Inspected | null, enabled: boolean) {
  const input = inspected?.envelopes[0] ?? '';
  const seq = inspected?.seq ?? 0;
  const [added, setAdded] = useState<Added>({ seq: 0, copies: [], detached: [] });
  // What was added to an earlier inspection is not carried over (derived, so never shown for a render).
  const current: Added =
    added.seq === seq && inspected ? added : { seq, copies: inspected?.envelopes.slice(1) ?? [], detached: [] };
  const { copies, detached } = current;
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
    setCopies: (next: string[]) => setAdded({ ...current, copies: next }),
    /** A second signature by the same key replaces the first. */
    addDetached: (signature: DetachedSignature) =>
      setAdded({ ...current, detached: [...detached.filter((d) => d.publicKey !== signature.publicKey), signature] }),
    /**
     * These inputs' checks have not answered yet (the first answer, or the one after copies or
     * signatures were added). Until then the page cannot know whether the submission is held back,
     * and a button offering to send would turn into "Held back" under the click. A re-check of the
     * same inputs (a refetch) keeps the last answer and is not "checking": the buttons stay put.
     */
    checking: input !== '' && enabled && merge.data === undefined && !merge.isError,
  };
}
