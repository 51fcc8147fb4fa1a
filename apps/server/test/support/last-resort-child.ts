// Child process of last-resort.test.ts: installs the server's last-resort handlers with the app's logger ("app") or
// the boot logger ("boot"), then lets a promise reject unhandled and, 200 ms later, throws an uncaught exception. Both
// errors carry in their messages and properties the secrets given in SECRET_TOKEN, SECRET_LAST4 and SECRET_PASSWORD.
import Fastify from 'fastify';
import { bootLog, installLastResort } from '../../src/shared/last-resort.js';
import { LOG_SERIALIZERS } from '../../src/shared/loggable-error.js';

const token = process.env['SECRET_TOKEN'] ?? '';
const last4 = process.env['SECRET_LAST4'] ?? '';
const password = process.env['SECRET_PASSWORD'] ?? '';
const log = process.argv[2] === 'app' ? Fastify({ logger: { serializers: LOG_SERIALIZERS } }).log : bootLog;
installLastResort(() => log);

const secrets = { token, cardLast4: last4, password, answers: { password, card: `4111 1111 1111 ${last4}` } };
// Nobody handles this one: the last resort does.
export const rejected = Promise.reject(
  Object.assign(new Error(`charge failed for ${token} (card ending ${last4}), password: ${password}`), secrets),
);
setTimeout(() => {
  console.log('still running');
  throw Object.assign(
    new Error(`saving card 4111-1111-1111-${last4} with token=${token} for user password="${password}" failed`),
    secrets,
  );
}, 200);
