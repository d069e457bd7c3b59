// Absolute hrefs, as Horizon writes them (docs/service.md "Links"): every link starts with the
// service's base URL, the configured public URL (`--public-url`) or else `http://` and the
// request's Host header. The SDK resolves templated links with `new URL(href)` and no base, so a
// relative href would throw there. A Host is checked before it goes anywhere near a link: only
// host[:port] characters, so that a link's text never needs an escape and never carries markup.

/** Where an operation record's links point: the base, and the listing the record was served in. */
export interface RecordLinks {
  /** `http://host:port` or the public URL, without a trailing slash. */
  base: string;
  /** The listing's absolute URL without a query: `<base>/accounts/G…/payments`. */
  listing: string;
  /** The listing's flags after `order`: `&include_failed=true&join=transactions`, or "". */
  flags: string;
}

export const MAX_HOST_LENGTH = 255;

/**
 * A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. Labels may hold
 * `_` (not DNS, but container and compose service names use it).
 */
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function isValidHost(host: string): boolean {
  return host.length > 0 && host.length <= MAX_HOST_LENGTH && HOST.test(host);
}

/** Characters a base may hold: those JSON text carries without an escape, quotes excluded. */
const PLAIN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * A public base URL (`--public-url`) to the form links start with: http(s), no query or fragment,
 * no trailing slash (`https://example.org/horizon`). Throws an Error saying what is wrong.
 */
export function parsePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--public-url must be an absolute http(s) URL, not "${text.slice(0, 100)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('--public-url must be an http or https URL');
  if (url.search || url.hash || url.username || url.password)
    throw new Error('--public-url takes no query, fragment or credentials');
  const base = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  if (base.length > 1024 || !PLAIN.test(base))
    throw new Error('--public-url holds characters a link cannot carry as they are');
  return base;
}

/** The base of a request's links; `host` has been checked by the service's Host guard. */
export function baseUrl(publicUrl: string | undefined, host: string | undefined, fallback: string): string {
  if (publicUrl) return publicUrl;
  return host ? `http://${host}` : fallback;
}

/**
 * The `_links` object of a page (docs/design.md "Pages"), as every listing writes it: `self` this
 * request, `next` from the last record in the same order, `prev` from the first in the reverse
 * order, each with the listing's flags (`&include_failed=true`…) before a templated `{&limit}`.
 * `listing` is the listing's absolute URL without a query.
 */
export function pageLinks(
  listing: string,
  page: { desc: boolean; limit: number },
  requestCursor: string,
  first: string,
  last: string,
  flags = '',
): string {
  const order = page.desc ? 'desc' : 'asc';
  const reverse = page.desc ? 'asc' : 'desc';
  const self = `${listing}?cursor=${encodeURIComponent(requestCursor)}&limit=${page.limit}&order=${order}${flags}`;
  return (
    `{"self":{"href":${JSON.stringify(self)}},` +
    `"next":{"href":${JSON.stringify(`${listing}?cursor=${last}&order=${order}${flags}{&limit}`)},"templated":true},` +
    `"prev":{"href":${JSON.stringify(`${listing}?cursor=${first}&order=${reverse}${flags}{&limit}`)},"templated":true}}`
  );
}

/** The links of records served in the listing at `path` (the canonical plural spelling). */
export function listingLinks(base: string, path: string, flags: string): RecordLinks {
  return { base, listing: `${base}${path}`, flags };
}

/**
 * The fixed parts of an operation record's `_links`, computed once per page or stream, so that
 * each record's links are five concatenations. No escaping: every part is plain text, the id is
 * digits and the hash hex. The transaction link is singular, as docs/design.md spells it.
 */
export interface LinkParts {
  self: string;
  transaction: string;
  precedes: string;
  succeeds: string;
  end: string;
}

export function linkParts(links: RecordLinks): LinkParts {
  return {
    self: `{"_links":{"self":{"href":"${links.base}/operations/`,
    transaction: `"},"transaction":{"href":"${links.base}/transaction/`,
    precedes: `"},"precedes":{"href":"${links.listing}?cursor=`,
    succeeds: `&order=asc${links.flags}{&limit}","templated":true},"succeeds":{"href":"${links.listing}?cursor=`,
    end: `&order=desc${links.flags}{&limit}","templated":true}},`,
  };
}

/** `{"_links":{…},` of one operation record: the head its body text follows. */
export function recordHead(parts: LinkParts, id: string, hash: string): string {
  return `${parts.self}${id}${parts.transaction}${hash}${parts.precedes}${id}${parts.succeeds}${id}${parts.end}`;
}
