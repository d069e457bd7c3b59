// A server's failed answer as a typed error a person can act on: the problem document's code,
// title, detail and invalid field, in words that say what to do next. Horizon writes problem types
// as URLs (https://stellar.org/horizon-errors/not_found), this project's service as words.
import type { IpcErrorCode } from '../../shared/ipc';
import { isJsonObject, type JsonValue } from '../../shared/json';
import { abortError, CoreError } from '../app/errors';
import type { Answer } from './http-node';
import { parseJsonFast } from './json-fast';
import { parseRetryAfter } from './rate-limit';

const PROBLEM_CODES: Record<number, IpcErrorCode> = {
  400: 'bad_request',
  404: 'not_found',
  406: 'not_acceptable',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'server_error',
  502: 'server_error',
  503: 'unavailable',
  504: 'timeout',
};

/** A problem document (or a failed response) as a typed error. */
export class HttpError extends CoreError {
  override name = 'HttpError';
  constructor(
    code: IpcErrorCode,
    message: string,
    readonly status: number,
    readonly problem: Record<string, JsonValue> | null,
    retryAfterMs?: number,
  ) {
    super(code, message, { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
}

export function parseBody(text: string, response: Answer, url: URL): JsonValue {
  if (text === '') return null;
  try {
    return parseJsonFast(text);
  } catch {
    if (!response.ok) return null;
    throw new CoreError(
      'bad_response',
      `${url.host} answered ${response.status} with something that is not JSON. Is ${url.origin} a Horizon-style server?`,
    );
  }
}

export function problemError(response: Answer, body: JsonValue, url: URL): HttpError {
  const problem = isJsonObject(body) ? body : null;
  const typeText = typeof problem?.['type'] === 'string' ? (problem['type'] as string) : '';
  // Horizon writes types as URLs (https://stellar.org/horizon-errors/not_found); this service as words.
  // Another status is http_error whatever its type says (Horizon's forbidden, before_history, …):
  // codes are the contract's closed list; the server's words stay in the message and `problem`.
  const type = typeText.split('/').pop() ?? '';
  const code = type === 'rate_limit_exceeded' ? 'rate_limited' : (PROBLEM_CODES[response.status] ?? 'http_error');
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after')) ?? undefined;
  return new HttpError(code, describeProblem(response.status, problem, url), response.status, problem, retryAfterMs);
}

function describeProblem(status: number, problem: Record<string, JsonValue> | null, url: URL): string {
  const title = typeof problem?.['title'] === 'string' ? problem['title'] : `HTTP ${status}`;
  const detail = typeof problem?.['detail'] === 'string' ? problem['detail'].slice(0, 400) : '';
  const extras = problem && isJsonObject(problem['extras']) ? problem['extras'] : null;
  const field = typeof extras?.['invalid_field'] === 'string' ? extras['invalid_field'] : null;
  const reason = typeof extras?.['reason'] === 'string' ? extras['reason'] : null;
  switch (status) {
    case 400:
      return field
        ? `The server rejected "${field}": ${reason ?? detail}`
        : `The server rejected the request: ${detail || title}`;
    case 404:
      return `Not found on ${url.host}: ${url.pathname}. Check the id, and that the right network is selected.`;
    case 429:
      return `${url.host} is limiting the request rate. Wait a moment and try again${detail ? ` (${detail})` : ''}.`;
    case 503:
      return `${url.host} is temporarily unavailable${detail ? `: ${detail}` : ''}. Try again shortly.`;
    case 504:
      return `${url.host} timed out${detail ? `: ${detail}` : ''}. Try again.`;
    default:
      return `${url.host} answered ${status} ${title}${detail ? `: ${detail}` : ''}`;
  }
}

/**
 * What a request that got no answer throws: cancelled, timed out (`timedOutMs`: the timeout that
 * passed), a CoreError of the transport as it is (a body too large), else unreachable.
 */
export function transportError(
  error: unknown,
  url: URL,
  signal: AbortSignal | undefined,
  timedOutMs: number | null,
): Error {
  if (signal?.aborted) return abortError();
  if (timedOutMs !== null)
    return new CoreError(
      'timeout',
      `${url.host} did not answer within ${Math.round(timedOutMs / 1000)} s. Check the network, or try again.`,
    );
  if (error instanceof CoreError) return error;
  const { code, cause, message } = error as {
    code?: string;
    cause?: { code?: string; message?: string };
    message?: string;
  };
  const detail = code ?? cause?.code ?? cause?.message ?? message;
  return new CoreError(
    'unreachable',
    `Could not reach ${url.origin} (${detail}). Is the server running and the URL right?`,
  );
}
