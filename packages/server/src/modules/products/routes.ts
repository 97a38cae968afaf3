import {
  AllProductsResponse,
  BarcodeParam,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SHOP_TIMEZONE,
  IdParam,
  LEDGER_DEFAULT_DAYS,
  MESSAGES,
  PRODUCT_MESSAGES,
  ProductInput,
  ProductLedgerQuery,
  ProductLedgerResponse,
  ProductList,
  ProductListQuery,
  ProductResponse,
  ProductSaved,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { addDays, checkDateRange, todayIn } from '../../lib/dates';
import {
  allProducts,
  createProduct,
  deleteProduct,
  findProductByBarcode,
  listProducts,
  productLedger,
  updateProduct,
} from './service';
import { withReserved } from '../reservations/service';
import { sendCostView, withoutCost } from '../../lib/purchase-cost';
import { createRoute, deleteRoute, updateRoute } from '../../lib/record-routes';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';

export interface ProductsRoutesOptions {
  /** The shop's IANA time zone: "today" of the stock card's default range. */
  timeZone?: string;
  /** The clock (tests). */
  now?: () => Date;
}

const TAGS = ['produk'];

export const productsRoutes: FastifyPluginAsyncTypebox<ProductsRoutesOptions> = async (
  app,
  options,
) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIMEZONE;
  const now = options.now ?? (() => new Date());

  // Reading is open to every signed-in user: the product picker, barcode look-up and stock
  // badges of the incoming, outgoing and damaged screens (admin too) use these three. The cost
  // is the manager's: an admin's answers leave it out, and are kept apart.
  app.get(
    '/products',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar produk per halaman, dengan pencarian dan urutan',
        querystring: ProductListQuery,
        response: { 200: ProductList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { page = 1, limit = DEFAULT_PAGE_SIZE, search, sort, rack } = request.query;
      return sendCostView(answers, request, reply, async (cost) => {
        const found = await listProducts(app.db, { page, limit, search, sort, rack });
        const list = { ...found, data: await withReserved(app.db, found.data) };
        return cost ? list : { ...list, data: list.data.map(withoutCost) };
      });
    },
  );

  app.get(
    '/products/all',
    {
      schema: {
        tags: TAGS,
        summary: 'Semua produk, urut nama',
        response: { 200: AllProductsResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      return sendCostView(answers, request, reply, async (cost) => {
        const all = await withReserved(app.db, await allProducts(app.db), true);
        return { data: cost ? all : all.map(withoutCost) };
      });
    },
  );

  app.get(
    '/products/barcode/:barcode',
    {
      schema: {
        tags: TAGS,
        summary: 'Cari produk berdasarkan Barcode ID',
        params: BarcodeParam,
        response: { 200: ProductResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      return sendCostView(answers, request, reply, async (cost) => {
        const found = await findProductByBarcode(app.db, request.params.barcode);
        if (found === null) throw new HttpError(404, MESSAGES.productNotFound);
        const [product = found] = await withReserved(app.db, [found]);
        return { data: cost ? product : withoutCost(product) };
      });
    },
  );

  app.get(
    '/products/:id/ledger',
    {
      config: { forbidden: PRODUCT_MESSAGES.managerOnlyLedger },
      schema: {
        tags: TAGS,
        summary: 'Kartu stok produk: saldo awal, mutasi dan saldo akhir dalam rentang tanggal',
        params: IdParam,
        querystring: ProductLedgerQuery,
        response: {
          200: ProductLedgerResponse,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const today = todayIn(timeZone, now());
      const endDate = request.query.endDate ?? today;
      const startDate = request.query.startDate ?? addDays(endDate, -LEDGER_DEFAULT_DAYS);
      checkDateRange({ startDate, endDate }, PRODUCT_MESSAGES.ledgerRange);
      // The default range ends today: the day is part of the kept answer's key.
      return answers.send(
        request,
        reply,
        async () => {
          const ledger = await productLedger(app.db, request.params.id, startDate, endDate);
          if (ledger === null) throw new HttpError(404, MESSAGES.productNotFound);
          return { data: ledger };
        },
        `${startDate}/${endDate}`,
      );
    },
  );

  createRoute(
    app,
    {
      url: '/products',
      tags: TAGS,
      summary: 'Tambah produk (manager); stok saat ini = stok awal',
      body: ProductInput,
      saved: ProductSaved,
      conflicts: true,
      forbidden: PRODUCT_MESSAGES.managerOnlyCreate,
      message: MESSAGES.productCreated,
    },
    createProduct,
  );

  updateRoute(
    app,
    {
      url: '/products/:id',
      tags: TAGS,
      summary: 'Ubah produk (manager); perubahan stok awal menggeser stok saat ini',
      body: ProductInput,
      saved: ProductSaved,
      conflicts: true,
      message: MESSAGES.productUpdated,
    },
    updateProduct,
  );

  deleteRoute(
    app,
    {
      url: '/products/:id',
      tags: TAGS,
      summary: 'Hapus produk tanpa riwayat transaksi (manager)',
      message: MESSAGES.productDeleted,
      conflicts: true,
    },
    deleteProduct,
  );
};
