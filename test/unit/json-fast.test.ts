import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonFast, parseListingFast } from '../../core/http/json-fast';
import { LosslessNumber, parseJson } from '../../shared/json';

/** The reference parser's answer, or the fact that it refused. */
function reference(text: string): { value: unknown } | 'invalid' {
  try {
    return { value: parseJson(text) };
  } catch {
    return 'invalid';
  }
}

function quick(text: string): { value: unknown } | 'invalid' {
  try {
    return { value: parseJsonFast(text) };
  } catch {
    return 'invalid';
  }
}

// Number texts of every kind the quick path treats differently: short and long integers, ones
// just either side of 2^53, fractions, exponents, negative zero.
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '1000000000000000',
    '-0',
    '0.0',
    '1e5',
    '1E+400',
    '-2.5e-3',
  ),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.stringMatching(/^\d{1,12}$/)).map(([a, b]) => `${a}.${b}`),
);
// Strings that look like the text the quick path rewrites, or like its marker.
const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    ':12345678901234567890,',
    ',1.5]',
    '[9007199254740993}',
    '\u0000123',
    '\\u0000',
    'a:1e9,b',
    '__proto__',
  ),
);

/** A JSON text built from the pieces above, spaced the way servers space them. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberText,
    hostileString.map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(', ')}]`),
    // Keys unique: the reference refuses a repeated key where JSON.parse keeps the last one.
    fc
      .uniqueArray(fc.tuple(hostileString, tie('value')), { maxLength: 5, selector: ([key]) => key })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(',\n  ')}}`),
  ),
})).value;

describe('parseJsonFast', () => {
  it('gives exactly what the lossless parser gives, for any text of numbers and hostile strings (property)', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(quick(text)).toEqual(reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ids beyond 2^53, fractions and exponents exact, as the local service writes them', () => {
    const value = parseJsonFast(
      '{"id":257698037760004097,"amount":1,"amount_f":0.0000001,"e":1e3,"safe":9007199254740991}',
    ) as Record<string, unknown>;
    expect(value['id']).toBe(257698037760004097n);
    expect(value['amount']).toBe(1);
    expect(value['amount_f']).toEqual(new LosslessNumber('0.0000001'));
    expect(value['e']).toEqual(new LosslessNumber('1e3'));
    expect(value['safe']).toBe(9007199254740991);
  });

  it('reads a big number inside a string as text, and a marker-like escape as the string it is', () => {
    expect(parseJsonFast('{"memo":"a:12345678901234567890,b"}')).toEqual({ memo: 'a:12345678901234567890,b' });
    expect(parseJsonFast('{"memo":"\\u0000123","n":12345678901234567890}')).toEqual({
      memo: '\u0000123',
      n: 12345678901234567890n,
    });
  });

  it('keeps a __proto__ key an own property, never the prototype', () => {
    const value = parseJsonFast('{"__proto__": 12345678901234567890, "x": 1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe(12345678901234567890n);
  });

  it.each(['{"a":012345678901234567}', '{"a":1.5.5}', '[1,]', '{"a":-}', '12345678901234567890 x', '{"a":1e}'])(
    'refuses the invalid text %j as the lossless parser does',
    (text) => {
      expect(quick(text)).toBe('invalid');
      expect(reference(text)).toBe('invalid');
    },
  );

  it('reads a bare big number exactly', () => {
    expect(parseJsonFast(' 12345678901234567890')).toBe(12345678901234567890n);
  });
});

// parseListingFast may write a `_links` member whose value is an object of link objects as null;
// with that member null on both sides, its value must be parseJsonFast's, and it must refuse
// exactly the texts parseJsonFast refuses.
function isLinkObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof LosslessNumber)
    return false;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  return (
    typeof record['href'] === 'string' &&
    keys.every((key) => key === 'href' || (key === 'templated' && typeof record[key] === 'boolean'))
  );
}

function withoutLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLinks);
  if (typeof value !== 'object' || value === null || value instanceof LosslessNumber) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const links =
      key === '_links' &&
      typeof member === 'object' &&
      member !== null &&
      !Array.isArray(member) &&
      Object.values(member).every(isLinkObject);
    Object.defineProperty(out, key, {
      value: links ? null : withoutLinks(member),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function listing(text: string): { value: unknown } | 'invalid' {
  try {
    return { value: withoutLinks(parseListingFast(text)) };
  } catch {
    return 'invalid';
  }
}

function quickWithoutLinks(text: string): { value: unknown } | 'invalid' {
  const result = quick(text);
  return result === 'invalid' ? result : { value: withoutLinks(result.value) };
}

// Mostly none (links are skipped only when written compact), else JSON's four whitespace characters.
const space = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom(' ', '\n  ', '\t', '\r\n') },
);
// (No \u0000 in them: a text holding one is read by the slower path, links and all; nor often a
// number token, which sends a text there too.)
const hrefText = fc
  .oneof(
    {
      weight: 40,
      arbitrary: fc.oneof(fc.string(), fc.constantFrom('https://h/ops?a=1&b=2', 'x,"_links":{}', 'a\\b"c/')),
    },
    { weight: 1, arbitrary: fc.constantFrom(':12345678901234567890,', '[9007199254740993}') },
  )
  .map((s) => JSON.stringify(s));
// A link object as a server writes it (Go escapes `&`), a value that is not one, or a text that is not JSON.
const goodLink = fc
  .tuple(hrefText, fc.constantFrom('', '', ',"templated":true', ',"templated":false', ', "templated": false'), space)
  .map(([href, templated, ws]) => `{${ws}"href":${ws}${href.replace(/&/g, '\\u0026')}${templated}${ws}}`);
const notLink = fc.constantFrom(
  '{"href": 12345678901234567890}',
  '{"href":"a","n":1.5}',
  '{"templated":true,"href":"a"}',
  '[]',
  '"self"',
  '1.5',
  '{"href":"a","templated":1}',
);
const brokenLink = fc.constantFrom('{"href":"a\\x"}', '{"href":"tab\there"}', '1..2', '{"href":"nbsp"}\u00a0');
const linksOf = (link: fc.Arbitrary<string>) =>
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom('self', 'next', 'prev', 'transaction') },
            { weight: 1, arbitrary: fc.constantFrom('Self', 'a-b') },
          ),
          link,
        ),
        { maxLength: 4 },
      ),
      space,
    )
    .map(([members, ws]) => `{${ws}${members.map(([key, value]) => `"${key}":${ws}${value}`).join(`,${ws}`)}${ws}}`);
const validLinksText = linksOf(fc.oneof({ weight: 6, arbitrary: goodLink }, { weight: 1, arbitrary: notLink }));
const linksText = linksOf(
  fc.oneof(
    { weight: 12, arbitrary: goodLink },
    { weight: 2, arbitrary: notLink },
    { weight: 1, arbitrary: brokenLink },
  ),
);

/** JSON texts of HAL pages: objects holding `_links` members among other values. */
const pageText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberText,
    hostileString.map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
    fc
      .uniqueArray(
        fc.tuple(
          fc.oneof(fc.constantFrom('_links', 'a"_links', '_links '), hostileString),
          fc.oneof(linksText, tie('value')),
        ),
        { maxLength: 5, selector: ([key]) => key },
      )
      .chain((entries) =>
        space.map(
          (ws) => `{${ws}${entries.map(([k, v]) => `${JSON.stringify(k)}${ws}:${ws}${v}`).join(`,${ws}`)}${ws}}`,
        ),
      ),
  ),
})).value;

/** HAL listing pages: links on the page, on each record and on its transaction, among numbers to mark. */
const halPage = fc
  .tuple(
    validLinksText,
    fc.array(
      fc.tuple(
        validLinksText,
        numberText,
        fc.oneof({ weight: 8, arbitrary: fc.string() }, { weight: 1, arbitrary: hostileString }),
        validLinksText,
        numberText,
        fc.oneof(validLinksText, numberText),
      ),
      { maxLength: 4 },
    ),
  )
  .map(
    ([links, records]) =>
      `{"_links":${links},"n":1.5,"_embedded":{"records":[${records
        .map(
          ([own, id, memo, tx, fee, odd]) =>
            `{"_links":${own},"id":${id},"memo":${JSON.stringify(memo)},"transaction":{"_links":${tx},"fee_charged":${fee}},"currency":{"_links":${odd}}}`,
        )
        .join(',')}]}}`,
  );

describe('parseListingFast', () => {
  it('gives parseJsonFast’s value but for links, for any HAL page of links, numbers and hostile strings (property)', () => {
    fc.assert(
      fc.property(halPage, (page) => {
        expect(listing(page)).toEqual(quickWithoutLinks(page));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives parseJsonFast’s value but for links, for any page of numbers, links and hostile strings (property)', () => {
    fc.assert(
      fc.property(pageText, numberText, (text, n) => {
        // A number to mark (1.5), so that the links are skipped.
        const page = `{"n":1.5,"m": ${n}, "page": ${text}}`;
        expect(listing(page)).toEqual(quickWithoutLinks(page));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses exactly what parseJsonFast refuses, for any run of JSON pieces (property)', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      '"',
      '\\',
      '"a"',
      '"_links"',
      '{"self":{"href":"x"}}',
      '"_links":{"self":{"href":"y","templated":true}}',
      '12345678901234567890',
      '1.5',
      'null',
      '\u0001',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = `{"n":1.5,${pieces.join('')}`;
        expect(listing(text)).toEqual(quickWithoutLinks(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes the links of a page with numbers to mark as null, and keeps every number exact', () => {
    const text =
      '{"_links":{"self":{"href":"http://s/a?x=1&y=2"}},"_embedded":{"records":[{"_links":{"self":{"href":"h"},"next":{"href":"n{?c}","templated":true}},"id":257698037762461697,"amount_f":0.0000601,"transaction":{"_links":{"self":{"href":"t"}},"fee_charged":100}}]}}';
    expect(parseListingFast(text)).toEqual({
      _links: null,
      _embedded: {
        records: [
          {
            _links: null,
            id: 257698037762461697n,
            amount_f: new LosslessNumber('0.0000601'),
            transaction: { _links: null, fee_charged: 100 },
          },
        ],
      },
    });
  });

  it('reads a Horizon page (nothing to mark) with its links, as parseJsonFast does', () => {
    const text =
      '{\n  "_links": {\n    "self": {\n      "href": "https://h/ops?cursor=\\u0026limit=200"\n    }\n  },\n  "_embedded": {\n    "records": [\n      {"_links": {"self": {"href": "h"}}, "id": "257698037762461697", "amount": "1.5"}\n    ]\n  }\n}';
    expect(parseListingFast(text)).toEqual(parseJsonFast(text));
    expect(parseListingFast(text)).toEqual({
      _links: { self: { href: 'https://h/ops?cursor=&limit=200' } },
      _embedded: { records: [{ _links: { self: { href: 'h' } }, id: '257698037762461697', amount: '1.5' }] },
    });
  });

  it('keeps a `_links` member that is not made of link objects, with its numbers exact', () => {
    const text =
      '{"n":1.5,"_links":{"self":{"href":"h","count":12345678901234567890}},"m":{"_links":{"self":{"href":7}}}}';
    expect(parseListingFast(text)).toEqual({
      n: new LosslessNumber('1.5'),
      _links: { self: { href: 'h', count: 12345678901234567890n } },
      m: { _links: { self: { href: 7 } } },
    });
  });

  it('keeps the links of a key that only ends in `_links`', () => {
    const text = '{"n":1.5,"a\\"_links":{"self":{"href":"y"}}}';
    expect(parseListingFast(text)).toEqual({ n: new LosslessNumber('1.5'), 'a"_links': { self: { href: 'y' } } });
  });

  it.each([
    '{"n":1.5,"a":"x,"_links":{"self":{"href":"y"}},"b":1}',
    '{"n":1.5,"a":"x{"_links":{"self":{"href":"y"}}}"}',
    '{"n":1.5,"_links":{"self":{"href":"y"}},}',
    '["n",1.5,"_links":{"self":{"href":"y"}}]',
    '{"n":1.5,"_links":\u00a0{"self":{"href":"y"}}}',
    '{"n":1.5,"_links":{"self":{"href":"a\\x"}}}',
    '{"n":1.5,"_links":{"self":{"href":"a"},"next":1..2}}',
    '{"n":1.5,"_links":{"self":{"href":"raw\u0001control"}}}',
  ])('refuses the invalid text %j whatever its links', (text) => {
    expect(listing(text)).toBe('invalid');
    expect(quick(text)).toBe('invalid');
  });

  it('reads a text holding a \\u0000 escape, or a big number in a string, exactly (the slower path)', () => {
    expect(parseListingFast('{"_links":{"self":{"href":"h"}},"memo":"\\u0000123","n":12345678901234567890}')).toEqual({
      _links: { self: { href: 'h' } },
      memo: '\u0000123',
      n: 12345678901234567890n,
    });
    expect(parseListingFast('{"_links":{"self":{"href":"h"}},"memo":"a:1.5,b","n":1.5}')).toEqual({
      _links: { self: { href: 'h' } },
      memo: 'a:1.5,b',
      n: new LosslessNumber('1.5'),
    });
  });
});
