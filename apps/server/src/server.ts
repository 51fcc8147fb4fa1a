import { ConfigError, loadConfig } from './config/env.js';
import { DataDirLockedError, EmbeddedPostgresUnavailableError, openDatabase } from './db/connection.js';
import { bootLog, installLastResort, type LastResortLog } from './shared/last-resort.js';
import { loggableError } from './shared/loggable-error.js';

// What no code caught is logged, masked, by the app's logger once it exists (src/shared/last-resort.ts).
let lastResortLog: LastResortLog = bootLog;
installLastResort(() => lastResortLog);

/** Starts Ventanilla: configuration, database (the embedded PostgreSQL or DATABASE_URL), app, HTTP listener, signals. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const log = {
    info: (obj: unknown, msg?: string) => console.log(JSON.stringify({ level: 'info', msg, ...(obj as object) })),
    warn: (obj: unknown, msg?: string) => {
      const { err, ...rest } = (obj ?? {}) as { err?: unknown };
      console.warn(JSON.stringify({ level: 'warn', msg, ...rest, ...(err ? { err: loggableError(err) } : {}) }));
    },
    error: (obj: unknown, msg?: string) => {
      const { err, ...rest } = (obj ?? {}) as { err?: unknown };
      console.error(JSON.stringify({ level: 'error', msg, ...rest, ...(err ? { err: loggableError(err) } : {}) }));
    },
  };
  // The database starts first: the embedded PostgreSQL server, in its own processes, opens while this thread loads the application's modules (about 1 s), on the machine's other core.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger: log,
  });
  opening.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  const [appModule, demoUsers] = await Promise.allSettled([import('./app.js'), import('./modules/customers/index.js')]);
  const database = await opening;
  let app;
  try {
    if (appModule.status === 'rejected') throw appModule.reason;
    app = await appModule.value.buildApp({ config, database });
  } catch (err) {
    await database.close();
    throw err;
  }
  lastResortLog = app.log;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ signal }, 'shutdown took longer than 15 s: exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    // The app first (no new requests, mail or jobs; what runs finishes), then the database it was using.
    await app.close();
    await database.close();
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop(signal).catch((err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const address = await app.listen({ port: config.port, host: config.host });
  const inbound = config.inboundMail;
  if (inbound.smtpPort !== null) {
    try {
      const port = await app.ctx.smtpReceiver.start(inbound.smtpPort);
      app.log.info(
        { port, host: inbound.smtpHost, domains: inbound.domains },
        'SMTP receiver of inbound mail listening',
      );
    } catch (err) {
      // In production a receiver that cannot listen stops the boot; in development (two servers on one machine) the
      // shop runs without it.
      if (config.nodeEnv === 'production') throw err;
      app.log.warn({ err, port: inbound.smtpPort }, 'SMTP receiver not started (set SMTP_INBOUND_PORT)');
    }
  }
  if (!process.env.NOTIFY_BASE_URL) {
    const port = app.server.address();
    if (port && typeof port === 'object') config.notifyBaseUrl = `http://127.0.0.1:${port.port}`;
  }
  app.log.info(
    {
      address,
      db: database.kind,
      dataDir: database.embedded ? config.dataDir : undefined,
      startupMs: Date.now() - started,
    },
    `Ventanilla is ready on ${config.publicUrl} (database: ${database.embedded ? 'embedded ' : ''}${database.kind})`,
  );
  if (config.seedDemoUsers && demoUsers.status === 'fulfilled') {
    const lines = demoUsers.value.DEMO_USERS.map(
      (u) => `  ${u.role.padEnd(8)} ${u.email.padEnd(26)} ${u.password}`,
    ).join('\n');
    console.log(
      `\nDemo logins (development only):\n${lines}\n  Shop: ${config.publicUrl}/  Back office: ${config.publicUrl}/agentes\n`,
    );
  }
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof EmbeddedPostgresUnavailableError
  ) {
    console.error(`\nVentanilla cannot start: ${err.message}\n`);
  } else {
    bootLog.fatal({ err }, 'Ventanilla failed to start');
  }
  process.exit(1);
});
