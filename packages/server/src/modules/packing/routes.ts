// Scan Kirim: /packing and /marketplace-orders/ship under the /api prefix. Admin and
// manager pack by resi; only the manager ships a selection of orders without scanning
// (API_RULES).
import {
  PACKING_MESSAGES,
  PackedToday,
  PackingParams,
  PackingShipInput,
  PackingShipResult,
  PackingView,
  ShipOrdersInput,
  ShipOrdersResult,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { packedToday, packingView, shipByResi, shipByResiIn, shipOrders } from './service';
import { unwrap } from '../../lib/result';
import { answerOnce, clientRequestOf } from '../../lib/idempotency';
import { resiConflict } from '../../lib/stock-kernel';
import { HttpError } from '../../http-error';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['packing'];
export const packingRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (
  app,
  options,
) => {
  const { timeZone } = options;

  app.get(
    '/packing',
    {
      schema: {
        tags: TAGS,
        summary: 'Paket yang dikirim hari ini (hari toko): jumlah dan daftar, terbaru dulu',
        response: { 200: PackedToday, ...errorResponses(401, 403) },
      },
    },
    async () => packedToday(app.db, timeZone),
  );

  app.get(
    '/packing/:resi',
    {
      schema: {
        tags: TAGS,
        summary: 'Pesanan marketplace dari resi: produk yang dikemas (paket diuraikan) dan stoknya',
        params: PackingParams,
        response: {
          200: PackingView,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => unwrap(await packingView(app.db, request.params.resi)),
  );

  app.post(
    '/packing/:resi/ship',
    {
      schema: {
        tags: TAGS,
        summary:
          'Kirim paket: hasil scan harus sama dengan pesanan; satu Barang Keluar per produk, satu transaksi',
        params: PackingParams,
        body: PackingShipInput,
        response: {
          201: PackingShipResult,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const confirmIncomplete = request.body.confirm_incomplete === true;
      // Shipping a package without lines it was imported without is the manager's decision.
      if (confirmIncomplete && user.role !== 'manager')
        throw new HttpError(403, PACKING_MESSAGES.incompleteManagerOnly);
      const options = { timeZone, confirmIncomplete };
      // Sent with a client_id (an offline phone's queue): shipped once, answered alike again.
      const claim = clientRequestOf(request, user.id);
      if (claim === null) {
        const outgoing = unwrap(
          await shipByResi(app.db, request.params.resi, request.body.scans, user, options),
        );
        return reply.code(201).send({ outgoing });
      }
      const answer = await answerOnce(
        app.db,
        claim,
        async (tx) => ({
          status: 201 as const,
          body: {
            outgoing: await shipByResiIn(
              tx,
              request.params.resi,
              request.body.scans,
              user,
              options,
            ),
          },
        }),
        resiConflict,
      );
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/marketplace-orders/ship',
    {
      schema: {
        tags: TAGS,
        summary:
          'Catat pesanan terpilih sebagai Barang Keluar (manager): tiap pesanan semua atau tidak sama sekali',
        body: ShipOrdersInput,
        response: { 200: ShipOrdersResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      shipOrders(app.db, request.body.ids, requireUser(request), {
        timeZone,
        confirmIncomplete: request.body.confirm_incomplete === true,
      }),
  );
};
