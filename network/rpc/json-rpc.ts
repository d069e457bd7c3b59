// JSON-RPC 2.0 framing as stellar-rpc's (creachadair/jrpc2 behind an HTTP bridge) answers it: one
// request object per body, its id echoed byte for byte, errors with jrpc2's codes and words. Pure:
// text in, text out; the methods are handed in. Batches are refused (one request, one answer:
// bounded work per body).

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** An error a method answers with; its code and message go to the client as they are. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type Params = Record<string, unknown>;
export type Method = (params: Params) => unknown;

/** The longest method name echoed back in a message. */
const MAX_SHOWN = 100;

function reply(idSource: string, body: { result: unknown } | { error: { code: number; message: string } }): string {
  const payload =
    'result' in body ? `"result":${JSON.stringify(body.result)}` : `"error":${JSON.stringify(body.error)}`;
  return `{"jsonrpc":"2.0","id":${idSource},${payload}}`;
}

function fail(idSource: string, code: number, message: string): string {
  return reply(idSource, { error: { code, message } });
}

/** Go's %q of a string, near enough for a method name: quoted, escaped, cut short. */
function quoted(text: string): string {
  return JSON.stringify(text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);
}

/**
 * Answers one request body. undefined: a notification (no id), which is run and not answered.
 * A method's RpcError is its answer; any other throw is an internal error whose text is not shown.
 */
export async function answerRequest(text: string, methods: ReadonlyMap<string, Method>): Promise<string | undefined> {
  let idSource = 'null';
  let request: unknown;
  const rawIds = new WeakMap<object, string>();
  try {
    // The id's own text is kept, so a large numeric id comes back exactly as it was sent.
    request = JSON.parse(text, function reviver(this: object, key, value: unknown, context?: { source?: string }) {
      if (key === 'id' && typeof value === 'number' && context?.source !== undefined) rawIds.set(this, context.source);
      return value;
    });
  } catch {
    return fail('null', PARSE_ERROR, 'parse error');
  }
  if (Array.isArray(request))
    return fail('null', INVALID_REQUEST, 'batch requests are not served: send one request per body');
  if (typeof request !== 'object' || request === null) return fail('null', INVALID_REQUEST, 'invalid request');
  const fields = request as Record<string, unknown>;
  const hasId = Object.hasOwn(fields, 'id');
  const id = fields.id;
  if (id === null || typeof id === 'string') idSource = JSON.stringify(id);
  else if (typeof id === 'number') idSource = rawIds.get(fields) ?? JSON.stringify(id);
  else if (hasId) return fail('null', INVALID_REQUEST, 'invalid request ID');
  if (fields.jsonrpc !== '2.0') return fail(idSource, INVALID_REQUEST, 'incorrect version marker');
  if (typeof fields.method !== 'string' || fields.method === '')
    return fail(idSource, INVALID_REQUEST, 'empty method name');
  const method = methods.get(fields.method);
  if (!method) return hasId ? fail(idSource, METHOD_NOT_FOUND, `no such method ${quoted(fields.method)}`) : undefined;
  const raw = fields.params;
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    return hasId ? fail(idSource, INVALID_PARAMS, 'invalid parameters') : undefined;
  const params = (raw ?? {}) as Params;
  let result: unknown;
  try {
    result = await method(params);
  } catch (error) {
    if (!hasId) return undefined;
    if (error instanceof RpcError) return fail(idSource, error.code, error.message);
    return fail(idSource, INTERNAL_ERROR, 'internal error');
  }
  return hasId ? reply(idSource, { result }) : undefined;
}
