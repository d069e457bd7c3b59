// How the HTTP client reads an href: absolute, or relative to the server's base URL, possibly an
// RFC 6570 template (Horizon's and the service's templated links), with query params added.
import { parseTemplate } from 'url-template';

export type Params = Record<string, string | number | boolean | undefined>;

/** Resolves `href` against `base` and adds the params that have a value; a template consumes the params it names. */
export function resolveHref(base: URL, href: string, params: Params = {}): URL {
  let text = href;
  const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | boolean
  >;
  const used = new Set<string>();
  if (text.includes('{')) {
    for (const match of text.matchAll(/\{[?&/#+.;]?([^}]*)\}/g))
      for (const name of match[1]!.split(',')) used.add(name.replace(/[*:].*$/, ''));
    text = parseTemplate(text).expand(defined);
  }
  const url = /^[a-z][a-z0-9+.-]*:/i.test(text) ? new URL(text) : new URL(text.replace(/^\//, ''), base);
  for (const [key, value] of Object.entries(defined)) if (!used.has(key)) url.searchParams.set(key, String(value));
  return url;
}
