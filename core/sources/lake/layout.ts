// The ledger data lake's objects read back (SEP-54): a batch decompressed, decoded and checked
// against the key it was fetched by. The manifest and the keys are shared/lake-layout.ts (the
// local network's writer computes them too).
import { xdr } from '@stellar/stellar-base';
import { batchOf, LakeError, objectKey, type LakeConfig } from '../../../shared/lake-layout';
import { decompressBatch } from './batch-head';

export * from '../../../shared/lake-layout';
export * from './batch-head';

/**
 * An object's bytes read back into its ledgers, checked against the key they were fetched by: it
 * decompresses within the bound, decodes as a batch, and holds exactly the ledgers its key names,
 * in order. Anything else names the key and what is wrong, and nothing of it is returned.
 */
export function readBatch(
  bytes: Uint8Array,
  ledger: number,
  config: LakeConfig,
  key = objectKey(ledger, config),
): xdr.LedgerCloseMeta[] {
  return decodeBatch(decompressBatch(bytes, key), ledger, config, key);
}

/** A decompressed batch decoded and checked as readBatch says. */
export function decodeBatch(
  raw: Uint8Array,
  ledger: number,
  config: LakeConfig,
  key = objectKey(ledger, config),
): xdr.LedgerCloseMeta[] {
  let batch: xdr.LedgerCloseMetaBatch;
  try {
    batch = xdr.LedgerCloseMetaBatch.fromXDR(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
  } catch (error) {
    throw new LakeError(`${key} does not decode as a LedgerCloseMetaBatch (${(error as Error).message})`);
  }
  const want = batchOf(ledger, config);
  const start = batch.startSequence();
  const end = batch.endSequence();
  if (start !== want.start || end !== want.end)
    throw new LakeError(`${key} holds ledgers ${start} to ${end}, but its key names ${want.start} to ${want.end}`);
  const metas = batch.ledgerCloseMeta();
  if (metas.length !== end - start + 1)
    throw new LakeError(`${key} holds ${metas.length} ledgers for the ${end - start + 1} from ${start} to ${end}`);
  metas.forEach((meta, index) => {
    const sequence = meta.value().ledgerHeader().header().ledgerSeq();
    if (sequence !== start + index)
      throw new LakeError(`${key} holds ledger ${sequence} where ledger ${start + index} belongs`);
  });
  return metas;
}
