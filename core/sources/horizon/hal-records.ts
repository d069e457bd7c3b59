// The records of a HAL listing (`_embedded.records`), or a bad_response error a person can act on.
// Apart from listings.ts so the history worker reads pages without loading the listing code and
// the models it normalises into.
import { isJsonObject, type JsonValue } from '../../../shared/json';
import { CoreError } from '../../app/errors';

export function embeddedRecords(body: JsonValue): JsonValue[] {
  if (!isJsonObject(body) || !isJsonObject(body['_embedded']) || !Array.isArray(body['_embedded']['records'])) {
    throw new CoreError(
      'bad_response',
      'The server answered a listing without `_embedded.records`. Is this a Horizon-style server?',
    );
  }
  return body['_embedded']['records'];
}
