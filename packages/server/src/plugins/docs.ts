import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DOCS_PREFIX } from './auth';

/** OpenAPI generated from the route schemas, with Swagger UI at /api/docs. */
async function docsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Gudang API',
        // Completed by transformObject from the routes themselves, so that it stays true.
        description: 'API back-office Gudang.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject;
      const open: string[] = [];
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(item ?? {})) {
          const security = (operation as { security?: unknown[] } | undefined)?.security;
          if (Array.isArray(security) && security.length === 0)
            open.push(`${method.toUpperCase()} ${path}`);
        }
      }
      const description =
        `API back-office Gudang. Semua rute /api memerlukan token Bearer, kecuali: ` +
        `${open.join(', ')}.`;
      return {
        ...document,
        info: {
          ...document.info,
          title: document.info?.title ?? 'Gudang API',
          version: document.info?.version ?? '0.1.0',
          description,
        },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to the public validator: the CSP would block it and the page must work offline.
    uiConfig: { validatorUrl: null, persistAuthorization: true },
  });
}

export const docs = fp(docsPlugin, { name: 'docs', fastify: '5.x' });
