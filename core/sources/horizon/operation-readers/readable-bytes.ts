// When bytes may be shown as text: a manage_data value, a contract's string or symbol. Text only
// when the bytes are valid UTF-8 (no overlong forms, no lone surrogates) and hold no control
// character; anything else is shown as hex, so nothing invisible or mangled reaches the page.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** C0 controls, DEL and C1 controls. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** The bytes as text when they are printable UTF-8; undefined otherwise. */
export function readableText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return undefined;
  return text;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A data entry's value is at most 64 bytes; a longer text is not read (it is still shown as written). */
const MAX_DATA_BASE64 = 1024;

/** A manage_data value (base64) read: `valueText` when printable, else `valueHex`; nothing when not base64. */
export function dataValue(base64: string | null): { valueText?: string; valueHex?: string } {
  if (base64 === null || base64.length > MAX_DATA_BASE64 || !BASE64.test(base64)) return {};
  const bytes = Buffer.from(base64, 'base64');
  const text = readableText(bytes);
  return text !== undefined ? { valueText: text } : { valueHex: bytes.toString('hex') };
}
