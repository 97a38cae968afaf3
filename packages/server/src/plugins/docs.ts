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
        description:
          'API back-office Gudang. Semua rute /api kecuali login dan health memerlukan token Bearer.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to the public validator: the CSP would block it and the page must work offline.
    uiConfig: { validatorUrl: null, persistAuthorization: true },
  });
}

export const docs = fp(docsPlugin, { name: 'docs', fastify: '5.x' });
