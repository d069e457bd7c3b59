// `xdrFormat: "json"`: the XDR fields of an answer replaced, in place, by their JSON trees from
// @stellar/stellar-xdr-json (the same library stellar-rpc's xdr2json wraps), named as stellar-rpc
// names them (`envelopeXdr` becomes `envelopeJson`). The wasm is loaded once, on first use.
// (core/submission/xdr.ts loads it the same way for the app; network/ may not import core/.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as xdrJson from '@stellar/stellar-xdr-json';

let loaded = false;
function lib(): typeof xdrJson {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    xdrJson.initSync(readFileSync(require.resolve('@stellar/stellar-xdr-json/stellar_xdr_json_bg.wasm')));
    loaded = true;
  }
  return xdrJson;
}

const tree = (type: string, base64: string): unknown => JSON.parse(lib().decode(type, base64));

/** field (its XDR name) → its JSON name and XDR type; a list field holds one value per item, a list of lists per inner item. */
type Fields = Record<string, [json: string, type: string, depth?: 0 | 1 | 2]>;

function convert(value: Record<string, unknown>, fields: Fields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const spec = fields[key];
    if (!spec) {
      out[key] = item;
      continue;
    }
    const [name, type, depth = 0] = spec;
    if (depth === 0) out[name] = tree(type, item as string);
    else if (depth === 1) out[name] = (item as string[]).map((x) => tree(type, x));
    else out[name] = (item as string[][]).map((list) => list.map((x) => tree(type, x)));
  }
  return out;
}

const TRANSACTION: Fields = {
  envelopeXdr: ['envelopeJson', 'TransactionEnvelope'],
  resultXdr: ['resultJson', 'TransactionResult'],
  resultMetaXdr: ['resultMetaJson', 'TransactionMeta'],
  diagnosticEventsXdr: ['diagnosticEventsJson', 'DiagnosticEvent', 1],
};
const EVENTS: Fields = {
  transactionEventsXdr: ['transactionEventsJson', 'TransactionEvent', 1],
  contractEventsXdr: ['contractEventsJson', 'ContractEvent', 2],
};

/** A TransactionInfo (getTransaction, each of getTransactions) in JSON. */
export function transactionJson(info: Record<string, unknown>): Record<string, unknown> {
  const converted = convert(info, TRANSACTION);
  if (converted.events && typeof converted.events === 'object')
    converted.events = convert(converted.events as Record<string, unknown>, EVENTS);
  return converted;
}

export const ledgerEntryJson = (entry: Record<string, unknown>) =>
  convert(entry, { key: ['keyJson', 'LedgerKey'], xdr: ['dataJson', 'LedgerEntryData'] });

export const ledgerJson = (ledger: Record<string, unknown>) =>
  convert(ledger, {
    headerXdr: ['headerJson', 'LedgerHeaderHistoryEntry'],
    metadataXdr: ['metadataJson', 'LedgerCloseMeta'],
  });

export const sendJson = (answer: Record<string, unknown>) =>
  convert(answer, { errorResultXdr: ['errorResultJson', 'TransactionResult'] });

/** One ScVal (a getEvents topic segment or value) as its JSON tree. */
export const scValJson = (base64: string) => tree('ScVal', base64);
