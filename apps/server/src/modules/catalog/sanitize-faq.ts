import sanitizeHtml from 'sanitize-html';

// The catalogue's rich texts (FAQ block, tooltip) are edited in the back office and rendered as HTML by the web app,
// so they are cut down here to a small allow-list once, when the catalogue snapshot is built.

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True for an http, https or mailto address, or a relative one (`/tienda/servicios`, `#plazo`, `ayuda`). */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so the check does too.
  const compact = [...href].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  if (compact === '') return false;
  if (compact.startsWith('//') || compact.startsWith('\\')) return false; // protocol-relative: another site
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return scheme ? SAFE_SCHEMES.has(scheme[1]!.toLowerCase()) : true;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: [...SAFE_SCHEMES],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Tags off the list are unwrapped (their text kept); script, style and the like lose their content too.
  disallowedTagsMode: 'discard',
  transformTags: {
    // Every attribute but a safe href is dropped, and every link gets rel="noopener noreferrer".
    a: (_tagName, attribs): sanitizeHtml.Tag =>
      attribs.href !== undefined && isSafeHref(attribs.href)
        ? { tagName: 'a', attribs: { href: attribs.href.trim(), rel: 'noopener noreferrer' } }
        : { tagName: 'a', attribs: {} },
  },
  // A link left without an address becomes its text. (Not done by renaming the tag in transformTags: sanitize-html
  // then closes the next link at the same depth with the renamed tag.)
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** The FAQ or tooltip HTML reduced to headings, paragraphs, lists, emphasis, line breaks and safe links. */
export function sanitizeFaqHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
