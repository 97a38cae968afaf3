import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { registerStartBuilds, storeFor } from './remote-builds/remote-builds';

/**
 * Without REMOTES_JSON the live list is REMOTES_DIR/remotes.json, kept by the deploy command; the
 * default builds (packages/<name>/dist) are registered in it as versions first (ADR 0010).
 */
function withRemoteBuilds(config: Config): Config {
  if (config.remotesJson !== null) return config;
  const store = storeFor(config);
  registerStartBuilds(store, config.webDir, (message) => console.log(`[remotes] ${message}`));
  return existsSync(store.listFile) ? { ...config, remotesJson: store.listFile } : config;
}

async function main(): Promise<void> {
  const config = withRemoteBuilds(loadConfig());
  const app = await buildApp({
    config,
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: closing (no new connections, finishing open requests)`);
    // app.close() stops accepting, waits for in-flight requests, then runs onClose (the database).
    app.close().then(
      () => {
        app.log.info('closed cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(
    `Gudang siap di http://${shownHost}:${port} (database: ${app.dbKind}${config.databaseUrl === null ? `, ${config.pgliteDir}` : ''})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Gudang could not start:', error);
  }
  process.exit(1);
});
