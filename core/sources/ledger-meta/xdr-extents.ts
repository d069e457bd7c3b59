// Where the values of a few XDR types lie in a value's bytes, found by walking the bytes as
// @stellar/stellar-base's own type definitions say, without building any object: what lets a scan
// decode, of a megabyte ledger that holds an account's key bytes, only the few transactions that
// hold them (the whole decode builds a few hundred thousand objects, about 60 ms a pubnet ledger).
//
// The walk accepts exactly what the type's fromXDR accepts (@stellar/js-xdr 4's reader: the same
// bounds, padding, enum and union checks and depth budget, and every byte consumed), so a value the
// walk passes would decode: each check below is the reader's, named after it. Anything it does not
// know (a type kind, a union arm it cannot resolve) throws, as a value it refuses does; the caller
// then decodes the whole, whose answer (and sentence) stands.
import { xdr } from '@stellar/stellar-base';

/** A stellar-base XDR type, as far as the walk reads it (js-xdr's classes and instances). */
interface XdrType {
  name?: string;
  prototype?: unknown;
  _fields?: [string, XdrType][];
  _switchOn?: XdrType;
  _switches?: Map<unknown, string | XdrType>;
  _arms?: Record<string, XdrType | undefined>;
  _defaultArm?: string | XdrType;
  _byValue?: Record<number, unknown>;
  _childType?: XdrType;
  _length?: number;
  _maxLength?: number;
  _maxDepth?: number;
  constructor: unknown;
}

const types = xdr as unknown as Record<string, XdrType>;
const classOf = (type: XdrType): unknown => Object.getPrototypeOf(type) as unknown;
const fieldType = (struct: XdrType, name: string): XdrType => struct._fields!.find(([field]) => field === name)![1];
// js-xdr's kinds, found through types stellar-base defines with them (it exports the types, not the kinds).
const Struct = classOf(types['LedgerHeader']!);
const Union = classOf(types['TransactionEnvelope']!);
const Enum = classOf(types['EnvelopeType']!);
const Int = types['Int32'];
const UnsignedInt = types['Uint32'];
const Hyper = types['Int64'];
const UnsignedHyper = types['Uint64'];
const Bool = types['ScVal']!._arms!['b'];
const Void = types['ExtensionPoint']!._switches!.get(0);
const Opaque = types['Hash']!.constructor;
const VarOpaque = types['Signature']!.constructor;
const XdrString = types['String32']!.constructor;
const FixedArray = fieldType(types['LedgerHeader']!, 'skipList').constructor;
const VarArray = fieldType(types['TransactionV1Envelope']!, 'signatures').constructor;
const Optional = fieldType(types['Operation']!, 'sourceAccount').constructor;

/** The walk's one cursor (the walk is synchronous): the bytes, where it is and where they end. */
let bytes: Buffer = Buffer.alloc(0);
let at = 0;
let end = 0;
/** Each value of a marked type walked: its mark, start and end, in the order the values end. */
let found: number[] = [];

class XdrExtentError extends Error {
  override name = 'XdrExtentError';
}

/** js-xdr's XdrReader.advance: within the bytes, and an opaque's padding all zeros. */
function advance(size: number): number {
  const from = at;
  at += size;
  if (end < at) throw new XdrExtentError('attempt to read outside the boundary of the buffer');
  const padding = 4 - (size % 4 || 4);
  if (padding > 0) {
    for (let i = 0; i < padding; i++)
      if (at + i >= end || bytes[at + i] !== 0) throw new XdrExtentError('invalid padding');
    at += padding;
  }
  return from;
}
const int32 = (): number => bytes.readInt32BE(advance(4));
const uint32 = (): number => bytes.readUInt32BE(advance(4));
/** NestedXdrType.checkDepth. */
function depth(remaining: number): void {
  if (remaining < 0) throw new XdrExtentError('exceeded max decoding depth');
}

type Walk = (remaining: number) => void;
const walks = new Map<XdrType, Walk>();
const marks = new Map<XdrType, number>();

/** The walk of `type`, built once (a recursive type's walk calls itself through this map). */
function walkOf(type: XdrType): Walk {
  let walk = walks.get(type);
  if (walk) return walk;
  let inner: Walk = () => {
    throw new XdrExtentError('unreachable');
  };
  const mark = marks.get(type);
  walk =
    mark === undefined
      ? (remaining) => inner(remaining)
      : (remaining) => {
          const start = at;
          inner(remaining);
          found.push(mark, start, at);
        };
  walks.set(type, walk);
  inner = build(type);
  return walk;
}

function build(type: XdrType): Walk {
  if (type === Int || type === UnsignedInt) return () => void advance(4);
  if (type === Hyper || type === UnsignedHyper) return () => void advance(8);
  if (type === Bool)
    return () => {
      const value = int32();
      if (value !== 0 && value !== 1) throw new XdrExtentError(`got ${value} when trying to read a bool`);
    };
  if (type === Void) return () => undefined;
  const kind = classOf(type);
  if (kind === Enum) {
    const byValue = type._byValue!;
    return () => {
      if (byValue[int32()] === undefined) throw new XdrExtentError(`unknown ${String(type.name)} member`);
    };
  }
  if (kind === Struct) {
    const fields = type._fields!.map(([, field]) => walkOf(field));
    return (remaining) => {
      depth(remaining);
      for (const field of fields) field(remaining - 1);
    };
  }
  if (kind === Union) return unionWalk(type);
  const instance = type.constructor;
  if (instance === Opaque) {
    const length = type._length!;
    return () => void advance(length);
  }
  if (instance === VarOpaque || instance === XdrString) {
    const most = type._maxLength!;
    return () => {
      const size = uint32();
      if (size > most) throw new XdrExtentError(`saw ${size} length, max allowed is ${most}`);
      advance(size);
    };
  }
  if (instance === FixedArray) {
    const length = type._length!;
    const child = walkOf(type._childType!);
    return (remaining) => {
      if (length > end - at) throw new XdrExtentError(`Array length ${length} exceeds remaining bytes`);
      depth(remaining);
      for (let i = 0; i < length; i++) child(remaining - 1);
    };
  }
  if (instance === VarArray) {
    const most = type._maxLength!;
    const child = walkOf(type._childType!);
    return (remaining) => {
      depth(remaining);
      const length = uint32();
      if (length > most) throw new XdrExtentError(`saw ${length} length VarArray, max allowed is ${most}`);
      if (length > end - at) throw new XdrExtentError(`VarArray length ${length} exceeds remaining bytes`);
      for (let i = 0; i < length; i++) child(remaining - 1);
    };
  }
  if (instance === Optional) {
    const child = walkOf(type._childType!);
    return (remaining) => {
      depth(remaining);
      const present = int32();
      if (present !== 0 && present !== 1) throw new XdrExtentError(`got ${present} when trying to read a bool`);
      if (present === 1) child(remaining - 1);
    };
  }
  throw new XdrExtentError(`an XDR type this walk does not know (${String(type.name)})`);
}

/** Union.read: the switch read (an enum's member, or an int), its arm (or the default) walked. */
function unionWalk(type: XdrType): Walk {
  const switchOn = type._switchOn!;
  const armWalk = (arm: string | XdrType | undefined): Walk | null => {
    if (arm === undefined) return null;
    if (arm === Void) return () => undefined;
    const armType = typeof arm === 'string' ? type._arms![arm] : undefined;
    return armType ? walkOf(armType) : null;
  };
  const fallback = armWalk(type._defaultArm);
  const bad = (value: number) => {
    throw new XdrExtentError(`Bad union switch: ${value}`);
  };
  if (classOf(switchOn) === Enum) {
    const byValue = switchOn._byValue!;
    const arms = new Map<number, Walk | null>();
    for (const key of Object.keys(byValue)) {
      const value = Number(key);
      const member = byValue[value];
      const arm = type._switches!.get(member);
      arms.set(value, arm !== undefined ? armWalk(arm) : fallback);
    }
    return (remaining) => {
      depth(remaining);
      const value = int32();
      if (byValue[value] === undefined) throw new XdrExtentError(`unknown ${String(switchOn.name)} member`);
      const arm = arms.get(value);
      if (!arm) bad(value);
      else arm(remaining - 1);
    };
  }
  if (switchOn === Int || switchOn === UnsignedInt) {
    const arms = new Map<number, Walk | null>();
    for (const [value, arm] of type._switches!) if (typeof value === 'number') arms.set(value, armWalk(arm));
    const read = switchOn === Int ? int32 : uint32;
    return (remaining) => {
      depth(remaining);
      const value = read();
      const arm = arms.has(value) ? arms.get(value) : fallback;
      if (!arm) bad(value);
      else arm(remaining - 1);
    };
  }
  throw new XdrExtentError(`a union switch this walk does not know (${String(type.name)})`);
}

/** The error of a type graph the walk could not be built for (then it never walks). */
let unusable: Error | null = null;

/**
 * Walks `value` as `type`'s fromXDR reads it (throwing where it would, and when bytes are left
 * over), and answers where each value of the marked types lies: [mark, start, end] flattened, in
 * the order the values end (a value after those inside it). `marked` maps each type to its mark;
 * a type's marks are fixed the first time it is walked.
 */
export function xdrExtents(type: XdrType | object, value: Buffer, marked: Map<object, number>): number[] {
  const root = type as XdrType;
  for (const [markedType, mark] of marked) {
    const known = marks.get(markedType as XdrType);
    if (known === undefined && walks.size > 0 && walks.has(markedType as XdrType))
      throw new XdrExtentError('a type marked after it was first walked');
    if (known !== undefined && known !== mark) throw new XdrExtentError('a type marked twice differently');
    marks.set(markedType as XdrType, mark);
  }
  if (unusable) throw unusable;
  let walk: Walk;
  try {
    walk = walkOf(root);
  } catch (error) {
    // A type graph it cannot walk, once, is never walked: its half-built walks stay unused.
    unusable = error as Error;
    throw error;
  }
  bytes = value;
  at = 0;
  end = value.length;
  found = [];
  try {
    walk(root._maxDepth ?? 200);
    if (at !== end) throw new XdrExtentError('invalid XDR contract typecast - source buffer not entirely consumed');
    return found;
  } finally {
    bytes = Buffer.alloc(0);
    found = [];
  }
}
