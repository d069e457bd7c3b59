// A home domain and a federation address (SEP-1, SEP-2) as text: pure, for the core that resolves
// them and the page and command line that recognise them as typed.

/**
 * A home domain as a host name: letters, digits, hyphens and dots, at most 253 characters (SEP-1
 * reads it from the account's `home_domain`, which holds at most 32). Anything else (a path, a
 * user, a port, a scheme) is refused before a request is made.
 */
export function isDomain(text: string): boolean {
  return (
    text.length > 0 &&
    text.length <= 253 &&
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i.test(text)
  );
}

/** `name*domain`, split at the last `*` (a name may hold `*` or `@`: SEP-2's examples have `bob@x.com*y.com`). */
export function parseFederationAddress(text: string): { name: string; domain: string } | null {
  const trimmed = text.trim();
  const star = trimmed.lastIndexOf('*');
  if (star <= 0 || trimmed.length > 256) return null;
  const name = trimmed.slice(0, star);
  const domain = trimmed.slice(star + 1).toLowerCase();
  if (!isDomain(domain) || /\s/.test(name) || [...name].some((c) => c.charCodeAt(0) < 0x20)) return null;
  return { name, domain };
}
