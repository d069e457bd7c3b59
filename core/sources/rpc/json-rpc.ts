// A JSON-RPC 2.0 client of a Stellar RPC server, over the app's one HTTP stack (its timeouts, body
// bounds, 429 gate and backoff). Every answer is checked before it is believed: it is JSON, it is
// JSON-RPC 2.0, it answers this call (its id), it holds a result or an error and not both, and the
// result has the shape the method promises (a zod schema). A server's error is said with its words
// and code; anything else names the method and what was wrong. Numbers beyond 2^53 stay exact
// (the HTTP stack parses losslessly), and a result is handed to its schema as plain JSON values.
import type { z } from 'zod';
import type { JsonValue } from '../../../shared/json';
import { CoreError } from '../../app/errors';
import type { HttpClient, RequestOptions } from '../../http/http';
import { plain } from '../../http/values';

/** An error object a server answered with (JSON-RPC 2.0 §5.1). */
export class RpcCallError extends CoreError {
  constructor(
    readonly method: string,
    readonly rpcCode: number,
    readonly rpcMessage: string,
  ) {
    super('http_error', `The server refused ${method}: ${rpcMessage.slice(0, 300)} (JSON-RPC error ${rpcCode}).`);
  }
}

export class JsonRpc {
  private nextId = 1;
  constructor(
    private readonly http: HttpClient,
    /** Where the server answers JSON-RPC: its base URL itself for stellar-rpc. */
    private readonly path = '',
  ) {}

  /** Calls `method` with named `params`, and returns its result read by `schema`. */
  async call<S extends z.ZodType>(
    method: string,
    params: Record<string, unknown> | undefined,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.infer<S>> {
    const id = this.nextId++;
    const request = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
    const where = this.http.baseUrl.origin;
    const response = await this.http.postJson(this.path, request, options).catch((error: unknown) => {
      // The HTTP stack's sentence for a body that is not JSON asks after a Horizon: say it for RPC.
      if (error instanceof CoreError && error.code === 'bad_response')
        throw new CoreError(
          'bad_response',
          `${where} answered ${method} with something that is not JSON: is it a Stellar RPC server?`,
        );
      throw error;
    });
    const answer = response.body;
    if (!isObject(answer)) {
      if (response.status >= 400)
        throw new CoreError(
          'http_error',
          `${where} answered ${method} with HTTP ${response.status} and no JSON-RPC answer.`,
        );
      throw new CoreError('bad_response', `${where} answered ${method} with something that is not a JSON-RPC answer.`);
    }
    if (answer['jsonrpc'] !== '2.0')
      throw new CoreError(
        'bad_response',
        `${where} answered ${method} without "jsonrpc": "2.0": is it a Stellar RPC server?`,
      );
    if (plain(answer['id']) !== id)
      throw new CoreError('bad_response', `${where} answered ${method} with the id of another call.`);
    const hasResult = 'result' in answer;
    // "error": null beside a result is not an error (some servers write it; JSON-RPC 2.0 leaves it out).
    const error = answer['error'] ?? undefined;
    if (hasResult === (error !== undefined))
      throw new CoreError(
        'bad_response',
        `${where} answered ${method} with ${hasResult ? 'both a result and an error' : 'neither a result nor an error'}.`,
      );
    if (error !== undefined) {
      if (!isObject(error) || typeof plain(error['code']) !== 'number' || typeof error['message'] !== 'string')
        throw new CoreError(
          'bad_response',
          `${where} answered ${method} with an error that is not a JSON-RPC error object.`,
        );
      throw new RpcCallError(method, plain(error['code']) as number, error['message']);
    }
    const read = schema.safeParse(plain(answer['result']));
    if (!read.success) {
      const issue = read.error.issues[0]!;
      const field = issue.path.join('.') || 'the result';
      throw new CoreError(
        'bad_response',
        `${where} answered ${method} with a result whose ${field} is wrong: ${issue.message}.`,
      );
    }
    return read.data;
  }
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
