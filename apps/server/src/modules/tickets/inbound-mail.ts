import type { AddressObject, ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { parseMessageIds } from '@ventanilla/domain';
import { isSafeHref } from '../catalog/index.js';

/** How a message reached us. */
export type InboundSource = 'mail' | 'webhook' | 'contact';

/** One incoming message, whatever its way in (SMTP, the provider webhook, the contact form). */
export interface IncomingMail {
  source: InboundSource;
  /** With its angle brackets; null when the sender gave none. */
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  from: { email: string; name: string | null };
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** Already sanitised, or null. */
  html: string | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** Most files kept from one message (the rest are dropped, and the ticket's history says how many and why). */
export const MAX_INBOUND_ATTACHMENTS = 20;
/** Longest subject and text kept. */
export const SUBJECT_MAX = 500;
export const TEXT_MAX = 200_000;

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'span',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (_tag, attribs): sanitizeHtml.Tag =>
      attribs.href !== undefined && isSafeHref(attribs.href)
        ? { tagName: 'a', attribs: { href: attribs.href.trim(), rel: 'noopener noreferrer nofollow' } }
        : { tagName: 'span', attribs: {} },
  },
};

/**
 * Mail HTML cut down to text structure and safe links: no scripts, styles, event handlers, images or other remote
 * content (a tracking pixel would tell the sender an agent read it), no forms or frames.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, HTML_OPTIONS).trim();
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text with control characters (NUL included) removed and cut to `max` characters. */
export function cleanText(text: string, max: number): string {
  return text.replace(CONTROL, '').slice(0, max);
}

function addresses(field: AddressObject | AddressObject[] | undefined): Array<{ email: string; name: string }> {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((a) => a.value)
    .filter((a) => typeof a.address === 'string' && a.address.includes('@'))
    .map((a) => ({ email: a.address!.toLowerCase().slice(0, 254), name: cleanText(a.name ?? '', 200) }));
}

/** The message a parsed MIME message gives. Null when it has no usable sender. */
export function fromParsedMail(parsed: ParsedMail, source: InboundSource): IncomingMail | null {
  const from = addresses(parsed.from)[0];
  if (!from) return null;
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
  };
  const messageId = parseMessageIds(parsed.messageId ?? header('message-id'))[0] ?? null;
  return {
    source,
    messageId,
    inReplyTo: parseMessageIds(parsed.inReplyTo ?? header('in-reply-to')),
    references: parseMessageIds(parsed.references ?? header('references')),
    from: { email: from.email, name: from.name || null },
    to: addresses(parsed.to).map((a) => a.email),
    cc: addresses(parsed.cc).map((a) => a.email),
    subject: cleanText(parsed.subject ?? '', SUBJECT_MAX).replace(/[\r\n]+/g, ' '),
    text: cleanText(parsed.text ?? '', TEXT_MAX),
    html: typeof parsed.html === 'string' ? sanitizeMailHtml(cleanText(parsed.html, TEXT_MAX * 2)) || null : null,
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition !== 'inline' || a.filename)
      .map((a) => ({
        filename: cleanText(a.filename ?? 'adjunto', 200),
        contentType: cleanText(a.contentType || 'application/octet-stream', 100),
        content: a.content,
      })),
  };
}

/** Parses a raw MIME message (what SMTP and the provider webhook deliver). */
export async function parseRawMail(raw: Buffer | string, source: InboundSource): Promise<IncomingMail | null> {
  // Loaded on the first message, not at boot: mailparser brings iconv-lite and its character tables (~1.5 MB of code).
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  return fromParsedMail(parsed, source);
}
