import { randomBytes } from 'node:crypto';

/** The domain of a sender address ("Shop <no-reply@shop.es>" -> "shop.es"); localhost when it has none. */
function senderDomain(from: string): string {
  // Reads the domain of a configured sender (validateEmail checked it at boot), it does not check one.
  // eslint-disable-next-line no-restricted-syntax
  return /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * A new Message-ID for a message sent from `from`: 128 random bits (32 hex digits) at the sender's domain. Chosen
 * when the message is written to the outbox and kept with it, so a resend after a crash carries the same one. Not
 * derived from anything guessable (the outbox row id was): a customer's reply threads into a ticket through the
 * Message-ID it answers, so a predictable one would let a stranger reference a message before it exists.
 */
export function newMessageId(from: string): string {
  return `<${randomBytes(16).toString('hex')}@${senderDomain(from)}>`;
}

/** The Message-ID of a message written to the outbox before ids were random (its row id): only for those rows. */
export function legacyOutboxMessageId(id: number, from: string): string {
  return `<outbox-${id}@${senderDomain(from)}>`;
}
