// A contract call in one line of text: `transfer(from: GCUT…CAKE, to: GCMY…EZ4D, amount: 500)`.
// The one reading of a decoded contract value as text, used by the operation summary (drawer,
// exports, command line) and by the page for titles and copies. Integers are their exact digits;
// long bytes and text are shortened here (the page shows them whole); what the decoder left out
// is said (`…+3` items, `…` for a value cut at the depth limit).
import type { OperationOf } from './model';
import type { ContractArgument, ScValue } from './model/sc-value-types';

export interface ValueTextOptions {
  /** How an address is written (default: whole). */
  id?: (address: string) => string;
  /** At most this many characters; past it the text ends with `…`. */
  max?: number;
}

/** Collects text up to a limit, so a value of a thousand parts never builds a long string. */
class Out {
  private readonly parts: string[] = [];
  private length = 0;
  constructor(private readonly max: number) {}
  get full(): boolean {
    return this.length > this.max;
  }
  add(text: string): void {
    if (this.full) return;
    this.parts.push(text);
    this.length += text.length;
  }
  text(): string {
    const all = this.parts.join('');
    return all.length > this.max ? `${all.slice(0, Math.max(0, this.max - 1))}…` : all;
  }
}

const SHORT_BYTES = 32;
const SHORT_TEXT = 80;
const IDENTIFIER = /^[A-Za-z0-9_]+$/;

function hexText(hex: string, length: number): string {
  return length <= SHORT_BYTES && hex.length === length * 2 ? `0x${hex}` : `0x${hex.slice(0, 16)}… (${length} bytes)`;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > SHORT_TEXT ? `${text.slice(0, SHORT_TEXT)}…` : text);
}

/** Values that have no parts, in one line. */
export function scalarText(value: ScValue, id: (address: string) => string): string | undefined {
  switch (value.kind) {
    case 'bool':
      return String(value.value);
    case 'void':
      return 'void';
    case 'error':
      return `Error(${value.category}, ${value.code})`;
    case 'bytes':
      return hexText(value.hex, value.length);
    case 'string':
      return value.text !== undefined ? quoted(value.text) : `string(${hexText(value.hex ?? '', value.length)})`;
    case 'symbol':
      if (value.text !== undefined) return IDENTIFIER.test(value.text) ? value.text : `symbol(${quoted(value.text)})`;
      return `symbol(${hexText(value.hex ?? '', value.length)})`;
    case 'address':
      return id(value.address);
    case 'contract_instance':
      return value.executable === 'wasm' ? `instance(wasm ${hexText(value.wasmHash ?? '', 32)})` : 'instance(asset)';
    case 'ledger_key_contract_instance':
      return 'instance key';
    case 'ledger_key_nonce':
      return `nonce(${value.value})`;
    case 'cut':
      return value.reason === 'size' ? '(too large to decode)' : '…';
    case 'invalid':
      return '(undecodable)';
    case 'vec':
    case 'map':
      return undefined;
    default:
      return value.value;
  }
}

function write(value: ScValue, out: Out, id: (address: string) => string): void {
  const scalar = scalarText(value, id);
  if (scalar !== undefined) return out.add(scalar);
  if (value.kind !== 'vec' && value.kind !== 'map') return;
  const [open, close] = value.kind === 'vec' ? ['[', ']'] : ['{', '}'];
  out.add(open);
  const count = value.kind === 'vec' ? value.items.length : value.entries.length;
  for (let i = 0; i < count && !out.full; i++) {
    if (i > 0) out.add(', ');
    if (value.kind === 'vec') write(value.items[i]!, out, id);
    else {
      write(value.entries[i]!.key, out, id);
      out.add(': ');
      write(value.entries[i]!.value, out, id);
    }
  }
  if (value.more) out.add(`${count > 0 ? ', ' : ''}…+${value.more}`);
  out.add(close);
}

export function scValueText(value: ScValue, options: ValueTextOptions = {}): string {
  const out = new Out(options.max ?? Number.POSITIVE_INFINITY);
  write(value, out, options.id ?? ((address) => address));
  return out.text();
}

/** `fn(name: value, …)`, names where the record has them. */
export function argumentsText(fn: string, args: ContractArgument[], options: ValueTextOptions = {}): string {
  const out = new Out(options.max ?? Number.POSITIVE_INFINITY);
  const id = options.id ?? ((address: string) => address);
  out.add(`${fn}(`);
  args.forEach((arg, i) => {
    if (i > 0) out.add(', ');
    if (arg.name) out.add(`${arg.name}: `);
    write(arg.value, out, id);
  });
  out.add(')');
  return out.text();
}

/** The call of a contract-call record in one line; undefined when the record is no contract call (or its function did not read). */
export function contractCallText(
  op: OperationOf<'invoke_host_function'>,
  options: ValueTextOptions = {},
): string | undefined {
  if (op.functionName === undefined) return undefined;
  return argumentsText(op.functionName, op.arguments ?? [], options);
}
