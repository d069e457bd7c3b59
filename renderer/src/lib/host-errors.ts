// What a refusal of the host says on screen: a sentence, never the app's inner words. The core
// refuses arguments that fail a channel's schema with "Invalid <field> for <channel>: <schema
// message>."; the channel name and a schema's pattern mean nothing to the reader, so they are
// left out (the full text stays on the error as `detail`, for logs and tests).

const INVALID = /^Invalid (.+?) for [\w:.-]+: (.*?)\.?$/s;
/** Schema messages that are the validator's own words, not a sentence for the reader. */
const INNER = /pattern|\/\^|regex|Invalid input|Invalid string|expected|received|Too (big|small)|ZodError|\bat \w+ \(/i;

function fieldName(path: string): string {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? path;
  return last === 'arguments' ? 'request' : last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The sentence shown for a host error of `code` whose text is `message`. */
export function readableHostMessage(code: string, message: string): string {
  if (code === 'invalid_arguments') {
    const match = INVALID.exec(message);
    if (!match) return 'The app could not ask for this: a value was not of the right shape.';
    const field = fieldName(match[1]!);
    const reason = match[2]!.trim();
    return INNER.test(reason) || reason.length > 200
      ? `The ${field} given is not valid here.`
      : `${capitalise(reason)}.`;
  }
  if (code === 'unknown_channel') return 'This version of the app cannot do that.';
  return message;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
