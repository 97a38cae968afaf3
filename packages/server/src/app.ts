import { readFileSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Config } from './config';
import { createDatabase, type Database } from './db/client';
import { clientLeftAtInfo, logError } from './lib/error-log';
import { serverAddress } from './lib/setup-token';
import {
  AccountGuard,
  DEFAULT_ACCOUNT_GUARD,
  type AccountGuardLimit,
} from './modules/auth/account-guard';
import { LoginAttempts } from './modules/auth/login-attempts';
import { authRoutes } from './modules/auth/routes';
import { sessionCache } from './modules/auth/service';
import { healthRoutes } from './modules/health/routes';
import { settingsRoutes } from './modules/settings/routes';
import { activityLogsRoutes } from './modules/activity-logs/routes';
import { barcodeRoutes } from './modules/barcode/routes';
import { damagedGoodsRoutes } from './modules/damaged-goods/routes';
import { HTTP_LOCK_WAIT_MS, remoteBuildRoutes } from './modules/remote-builds/routes';
import { deployRoutes } from './modules/deploys/routes';
import { verifyDeployToken } from './modules/deploys/tokens';
import { storeFor } from './remote-builds/remote-builds';
import { followSharedBuilds, sharedStore } from './remote-builds/shared';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { otherImportMessage } from './other-imports';
import { packingRoutes } from './modules/packing/routes';
import { pickBatchRoutes } from './modules/pick-batches/routes';
import { productRackRoutes } from './modules/product-racks/routes';
import { returnsRoutes } from './modules/returns/routes';
import { reservationRoutes } from './modules/reservations/routes';
import { settlementRoutes } from './modules/settlements/routes';
import { shippingLabelRoutes } from './modules/shipping-labels/routes';
import { marketplaceReturnRoutes } from './modules/marketplace-returns/routes';
import { stockOpnameRoutes } from './modules/stock-opname/routes';
import { ordersRoutes } from './modules/orders/routes';
import { restockRoutes } from './modules/restock/routes';
import { reportsRoutes } from './modules/reports/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { pembukuanRoutes } from './modules/pembukuan/routes';
import { productsRoutes } from './modules/products/routes';
import { stockMovementRoutes } from './modules/stock-movements/routes';
import { usersRoutes } from './modules/users/routes';
import { auth } from './plugins/auth';
import { BODY_TIMEOUT_MS, bodyTimeout } from './plugins/body-timeout';
import { compress } from './plugins/compress';
import { db } from './plugins/db';
import { docs } from './plugins/docs';
import { errorHandler } from './plugins/error-handler';
import { rateLimits } from './plugins/rate-limit';
import { RemotesSource } from './plugins/remotes';
import { security } from './plugins/security';
import { staticFiles } from './plugins/static-files';
import {
  ajvOptions,
  MAX_PATH_VALUE_LENGTH,
  MSG_URL_NOT_UTF8,
  MSG_URL_TOO_LONG,
  validation,
} from './plugins/validation';
import { lazySchemas } from './lib/lazy-schemas';

/** How long a plugin may take to start (the database: migrations and the first seed). */
export const PLUGIN_TIMEOUT_MS = 300_000;

export interface LoginLimits {
  /**
   * Failed sign-ins of one account from one client address within `windowMs` that lock that
   * pair for `windowMs`: an outsider's guesses never lock the owner out at another address.
   */
  maxFailures: number;
  windowMs: number;
  /** Login requests one IP address may make per `ipWindowMs`. */
  ipMax: number;
  ipWindowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  ipMax: 50,
  ipWindowMs: 60 * 1000,
};

export interface BuildAppOptions {
  /** From loadConfig(): jwtSecret must be resolved. */
  config: Config;
  /** Use this (already open) database instead of opening one from the config; the caller closes it. */
  database?: Database;
  /** The server's own embedded database stopped under it (its PGlite worker thread died). */
  onDatabaseLost?: (error: Error) => void;
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the sign-in limits (tests exercise them with small numbers). */
  loginLimits?: Partial<LoginLimits>;
  /** Overrides of the spacing of one account's checks across addresses (account-guard.ts). */
  accountGuard?: Partial<AccountGuardLimit>;
  /** Clock of the account lock and guard, in ms (tests). */
  now?: () => number;
  /** How sign-in waits out the guard's delay (tests move their clock instead). */
  sleep?: (ms: number) => Promise<void>;
  /** Told of every route as it is registered (the hostile-input test checks each has an entry). */
  onRoute?: (route: RouteOptions) => void;
  /** Prefixes a test mounts a module under again: their routes take the /api route's rule. */
  testMounts?: readonly string[];
  /** How long a request body may take to arrive (tests use a short one). */
  bodyTimeoutMs?: number;
}

export type App = FastifyInstance;

/** Answers that take this long are logged (request logging is otherwise off). */
export const SLOW_REQUEST_MS = 1000;

/** Registers every plugin and route; never listens (main.ts does, tests use inject). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  if (config.jwtSecret === null)
    throw new Error('buildApp needs a config with a resolved jwtSecret');
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits };
  // A bad REMOTES_JSON stops the start here, before anything listens.
  // On PostgreSQL the list REMOTES_DIR/remotes.json may first be written by another server's
  // deploy (remote-builds/shared.ts): followed from then on.
  const sharedList = config.remotesJson === null && config.databaseUrl !== null;
  const remotes = new RemotesSource(
    sharedList ? storeFor(config).listFile : config.remotesJson,
    (error) =>
      app.log.error(
        { err: error },
        'REMOTES_JSON could not be re-read; keeping the last good list',
      ),
    sharedList,
  );

  // The server's own database: its PostgreSQL connections opened and warmed before it listens.
  const database =
    options.database ??
    (await createDatabase({ ...config, warm: true, onLost: options.onDatabaseLost }));
  const tls = config.tls ?? null;
  const logger = options.logger ?? false;
  const app = Fastify({
    // Errors are logged bounded and without a request's data; a client that left is no error
    // (lib/error-log.ts).
    logger:
      logger === false
        ? false
        : {
            ...(logger === true ? {} : logger),
            serializers: { ...(logger === true ? {} : logger.serializers), err: logError },
            hooks: { logMethod: clientLeftAtInfo },
          },
    // TLS_CERT and TLS_KEY: HTTPS served directly (README: a phone on the shop's Wi-Fi).
    ...(tls === null
      ? {}
      : {
          serverFactory: (handler: http.RequestListener) =>
            https.createServer(
              { cert: readFileSync(tls.cert), key: readFileSync(tls.key) },
              handler,
            ) as unknown as http.Server,
        }),
    // Opening the database migrates it and, on a first start, seeds the demo: on a slow or busy
    // machine that takes longer than Fastify's 10 s default, and the start must wait, not fail.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // Idle keep-alive connections must not hold up a clean shutdown.
    forceCloseConnections: 'idle',
    // Two info lines per request cost more than a list query at a shop's size; errors
    // are logged by the error handler, and slow answers below.
    logController: new LogController({ disableRequestLogging: true }),
    // request.ip (throttling) reads X-Forwarded-For only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
    // The whole request (headers and body) within 2 minutes, a backstop: headers are cut at 60 s
    // (Node's headersTimeout) and a body 30 s after its headers (plugins/body-timeout.ts).
    requestTimeout: 120_000,
    // A path value of any length that Node lets through (its headers, the URL among them, are at
    // most 16 KiB) reaches its route's validation: a pasted 3,000-character 'resi' is answered
    // 'Nomor Resi maksimal 100 karakter' (400), not the router's 404 or 414.
    routerOptions: { maxParamLength: MAX_PATH_VALUE_LENGTH },
    ajv: { customOptions: ajvOptions({ timeZone: config.shopTimezone }) },
    // Each route's schemas compiled on its first request (lib/lazy-schemas.ts).
    schemaController: lazySchemas,
    // A path whose escapes are not UTF-8 (/api/products/barcode/%FF): 400 in Indonesian.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_BAD_URL')
        return reply.code(400).send({ message: MSG_URL_NOT_UTF8 });
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        return reply.code(414).send({ message: MSG_URL_TOO_LONG });
      return reply.send(error);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Several app servers on one PostgreSQL keep the remote builds in it, each server its copy
  // in REMOTES_DIR, told of every change (remote-builds/shared.ts; ADR 0007).
  const remoteStoreOf = async (server: App) => {
    const store = storeFor(config);
    if (config.databaseUrl === null || database.kind !== 'postgresql') return store;
    const stop = await followSharedBuilds(database, store, server.log);
    server.addHook('onClose', stop);
    return sharedStore(store, database.db);
  };

  try {
    if (options.onRoute !== undefined) app.addHook('onRoute', options.onRoute);
    app.addHook('onResponse', async (request, reply) => {
      if (reply.elapsedTime >= SLOW_REQUEST_MS)
        request.log.warn(
          { method: request.method, url: request.url, status: reply.statusCode },
          `slow request: ${Math.round(reply.elapsedTime)} ms`,
        );
    });
    await app.register(errorHandler);
    await app.register(validation);
    await app.register(security, { remoteOrigins: () => remotes.origins() });
    await app.register(rateLimits, { db: database.db, now: options.now });
    await app.register(compress);
    await app.register(bodyTimeout, { timeoutMs: options.bodyTimeoutMs ?? BODY_TIMEOUT_MS });
    await app.register(db, {
      database,
      closeWithApp: options.database === undefined,
      seed: config.seedDemo,
      shopTimezone: config.shopTimezone,
      setupBaseUrl: serverAddress(config),
    });
    await app.register(auth, {
      jwtSecret: config.jwtSecret,
      database,
      sessions: sessionCache(() => app.db),
      testMounts: options.testMounts,
      deployTokens: (bearer) => verifyDeployToken(app.db, bearer),
    });
    await app.register(docs);

    await app.register(healthRoutes, { prefix: '/api' });
    await app.register(settingsRoutes, { prefix: '/api', shopTimezone: config.shopTimezone });
    await app.register(authRoutes, {
      prefix: '/api/auth',
      attempts: new LoginAttempts(
        database.db,
        { maxFailures: limits.maxFailures, windowMs: limits.windowMs },
        options.now,
      ),
      guard: new AccountGuard(
        database.db,
        { ...DEFAULT_ACCOUNT_GUARD, ...options.accountGuard },
        options.now,
      ),
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      ipLimit: { max: limits.ipMax, timeWindow: limits.ipWindowMs },
    });

    // Business areas; each module's routes carry their full /api paths' tail.
    await app.register(productsRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(dashboardRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(stockMovementRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(damagedGoodsRoutes, { prefix: '/api' });
    await app.register(reportsRoutes, { prefix: '/api' });
    await app.register(barcodeRoutes, { prefix: '/api' });
    await app.register(activityLogsRoutes, { prefix: '/api' });
    await app.register(usersRoutes, { prefix: '/api' });
    await app.register(pembukuanRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(ordersRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(marketplaceRoutes, {
      prefix: '/api',
      timeZone: config.shopTimezone,
      otherImportMessage,
    });
    // The deploy panel's routes (issue 49) work on the same store as the deploy.
    const remoteStore = await remoteStoreOf(app);
    await app.register(remoteBuildRoutes, { prefix: '/api', store: remoteStore });
    await app.register(deployRoutes, {
      prefix: '/api',
      store: remoteStore,
      lockWaitMs: HTTP_LOCK_WAIT_MS,
    });
    await app.register(restockRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(packingRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(returnsRoutes, { prefix: '/api' });
    await app.register(reservationRoutes, { prefix: '/api' });
    await app.register(settlementRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(shippingLabelRoutes, { prefix: '/api' });
    await app.register(marketplaceReturnRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    await app.register(stockOpnameRoutes, { prefix: '/api', timeZone: config.shopTimezone });
    // Daftar Ambil and Rak (issue 47).
    await app.register(pickBatchRoutes, { prefix: '/api' });
    await app.register(productRackRoutes, { prefix: '/api' });

    await app.register(staticFiles, {
      webDir: config.webDir,
      remotes,
      ...(config.remotesDir ? { remotesDir: config.remotesDir } : {}),
    });
  } catch (error) {
    await app.close().catch(() => undefined);
    if (options.database === undefined) await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
