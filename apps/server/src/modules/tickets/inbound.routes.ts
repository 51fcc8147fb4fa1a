import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  contactFormProblems,
  validateEmail,
  webhookSignatureHex,
  webhookTimestampOk,
  WEBHOOK_WINDOW_S,
} from '@ventanilla/domain';
import { Type } from 'typebox';
import { reserveHit } from '../../db/rate-counters.js';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';
import { cleanText, parseRawMail, SUBJECT_MAX } from './inbound-mail.js';

/** How far a webhook's timestamp may be from our clock (either way): the domain's rule. */
export { WEBHOOK_WINDOW_S };

/** The signature a mail provider sends: hex HMAC-SHA256 over "<timestamp>.<raw body>" with the shared secret. */
export function inboundSignature(secret: string, timestamp: string, body: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

function header(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The mail provider's inbound webhook: POST /api/inbound/mail with the raw MIME message (message/rfc822), signed in
 * `x-ventanilla-timestamp` (unix seconds) and `x-ventanilla-signature` (hex HMAC-SHA256 of "<timestamp>.<body>").
 * No session or CSRF: the signature is the authentication. A timestamp outside +-5 minutes, a bad signature or a
 * signature already used (a replay within the window) is refused with 400 BAD_SIGNATURE.
 */
export const inboundMailRoutes: FastifyPluginAsync = async (app) => {
  const { config, tickets, db, now } = app.ctx;
  const limit = config.inboundMail.maxBytes;
  for (const type of ['message/rfc822', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  }

  app.post<{ Body: Buffer }>(
    '/api/inbound/mail',
    {
      config: { csrf: false },
      bodyLimit: limit,
      schema: {
        tags: ['tickets'],
        summary:
          "A mail provider's inbound webhook: the raw message (message/rfc822), signed with x-ventanilla-timestamp and x-ventanilla-signature = hex HMAC-SHA256(secret, timestamp + '.' + body)",
        response: {
          200: Type.Object({ ticket_id: Type.Integer(), created: Type.Boolean(), duplicate: Type.Boolean() }),
          ...errors(400, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const secret = config.inboundMail.webhookSecret;
      // Without a shared secret the webhook does not exist here (a provider must be configured to post to it).
      if (!secret) throw new AppError('NOT_FOUND', 'inbound webhook off: INBOUND_WEBHOOK_SECRET not set');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const timestamp = header(request.headers['x-ventanilla-timestamp']);
      const signature = webhookSignatureHex(header(request.headers['x-ventanilla-signature'])) ?? '';
      if (!webhookTimestampOk(timestamp, now().getTime())) {
        throw new AppError('BAD_SIGNATURE', 'inbound webhook: timestamp outside the window');
      }
      const expected = Buffer.from(inboundSignature(secret, timestamp, body), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError('BAD_SIGNATURE', 'inbound webhook: bad signature');
      }
      // Each signature is good once: a replay inside the window is refused (the counter outlives the window).
      const fresh = await reserveHit(db, {
        bucket: 'inbound-webhook',
        key: signature,
        limit: 1,
        windowMs: 2 * WEBHOOK_WINDOW_S * 1000,
      });
      if (!fresh) throw new AppError('BAD_SIGNATURE', 'inbound webhook: replayed');
      const mail = await parseRawMail(body, 'webhook');
      if (!mail) throw new AppError('BAD_REQUEST', 'inbound webhook: no usable From');
      const result = await tickets.ingest(mail);
      return { ticket_id: result.ticketId, created: result.created, duplicate: result.duplicate };
    },
  );
};

const ContactBody = Type.Object(
  {
    // Checked by validateEmail in the handler (the one e-mail validator).
    email: Type.String({ minLength: 3, maxLength: 254 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    subject: Type.String({ minLength: 1, maxLength: SUBJECT_MAX }),
    message: Type.String({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
);

/**
 * The shop's contact form: POST /api/contact (public, with the session's CSRF token like the other public forms),
 * at most CONTACT_FORM_PER_HOUR messages an hour from one address. It files a ticket as mail does, but always a new
 * one: the address is whatever the visitor typed, so a ticket token in the subject is noted, not followed.
 */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, tickets, db } = app.ctx;
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'The contact form: files a new ticket (its address is unverified, so it never answers an existing one); rate-limited per IP',
        body: ContactBody,
        response: { 200: Type.Object({ received: Type.Boolean() }), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      const { email, name, subject, message } = request.body;
      const refused = contactFormProblems({ email, name, subject, message });
      if (refused.length > 0) {
        throw new AppError('VALIDATION_ERROR', `${refused.join(', ')}: control characters`, {
          fields: refused.map((field) => ({ field, key: 'field.invalid_characters' as const })),
        });
      }
      if (!validateEmail(email).ok) {
        throw new AppError('VALIDATION_ERROR', 'email: not an address', {
          fields: [{ field: 'email', key: 'field.invalid' }],
        });
      }
      const allowed = await reserveHit(db, {
        bucket: 'contact-ip',
        key: request.ip,
        limit: config.inboundMail.contactPerHour,
        windowMs: 60 * 60 * 1000,
      });
      if (!allowed) throw new AppError('TOO_MANY_ATTEMPTS', 'contact form throttled');
      const domain = config.inboundMail.domains[0] ?? 'localhost';
      await tickets.ingest({
        source: 'contact',
        messageId: null,
        inReplyTo: [],
        references: [],
        from: { email: email.toLowerCase(), name: name?.trim() || null },
        to: [`contacto@${domain}`],
        cc: [],
        subject: cleanText(subject, SUBJECT_MAX)
          .replace(/[\r\n]+/g, ' ')
          .trim(),
        text: message,
        html: null,
        attachments: [],
      });
      // The same answer whatever happened to it (no telling whether the address has tickets).
      return { received: true };
    },
  );
};
