// The drizzle schema of every entity of docs/product.md point 3. Run `npm run db:generate -w
// @gudang/server` after a change and commit the new migration in drizzle/.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Calendar day, 'yyyy-mm-dd' in and out; never converted through time zones. */
const day = () => date('date', { mode: 'string' }).notNull();
/** Rupiah amounts: numeric(14,2), read as JS numbers. */
const money = (name: string) =>
  numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** The user who wrote a row; their account's deletion leaves the row without one. */
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
/** When a row was added and last changed. */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A record entered by a user (Barang Masuk, Keluar, Rusak, List Order). */
const recordStamps = () => ({ createdBy: createdBy(), ...timestamps() });
/** An uploaded file's preview: who uploaded it and when, and when it was committed (once). */
const previewStamps = () => ({
  createdBy: createdBy(),
  createdAt: createdAt(),
  committedAt: timestampTz('committed_at'),
});
/**
 * A record of a product on a day. Movements and orders reference their product with the default
 * NO ACTION: deleting a product that has any is refused (23503), never cascaded.
 */
const productDay = () => ({
  id: id(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  date: day(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'manager'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    ...timestamps(),
    /**
     * Tokens carry it; one with an older version is refused. Raised by a trigger when the
     * password or the role changes, and by 'Keluar dari semua perangkat' (drizzle/0010_sessions.sql).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A deactivated account cannot sign in; changing it ends its tokens (drizzle/0029). */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    // Sign-in looks the address up case-insensitively, so uniqueness is case-insensitive too.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'manager')`),
  ],
);

/** Tokens signed out before they expire (logout), kept until they would have expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_user_id_idx').on(t.userId, t.expiresAt)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    barcodeId: text('barcode_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    initialStock: integer('initial_stock').notNull().default(0),
    currentStock: integer('current_stock').notNull().default(0),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    // Default prices a new outgoing transaction copies (drizzle/0008_product_prices.sql).
    purchasePrice: money('purchase_price'),
    sellingPrice: money('selling_price'),
    // 'Stok Minimum': at or under it the product needs restocking (drizzle/0015_restock_cost.sql).
    minStock: integer('min_stock').notNull().default(10),
    // The cost of the initial stock, set by hand; purchase_price is the moving-average cost that
    // receipts move, replayed from this one when a receipt is edited or deleted (0015).
    startingCost: money('starting_cost'),
    /** Rak (issue 47): 'A-03-2', in capitals, COLLATE "C" (migration 0039); null: not set. */
    rack: text('rack'),
    ...timestamps(),
  },
  (t) => [
    // Codes and barcodes are unique regardless of letter case (migration 0003).
    uniqueIndex('products_barcode_id_lower_key').on(sql`lower(${t.barcodeId})`),
    uniqueIndex('products_code_lower_key').on(sql`lower(${t.code})`),
    check('products_initial_stock_check', sql`${t.initialStock} >= 0`),
    check('products_current_stock_check', sql`${t.currentStock} >= 0`),
    check('products_purchase_price_check', sql`${t.purchasePrice} >= 0`),
    check('products_selling_price_check', sql`${t.sellingPrice} >= 0`),
    check('products_min_stock_check', sql`${t.minStock} >= 0`),
    check('products_starting_cost_check', sql`${t.startingCost} >= 0`),
    // 'Cari produk...' is a substring search (ILIKE '%x%'): trigram indexes serve it. The lists
    // search the joined columns (products_search_trgm_idx below); Pembukuan the name and the code.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    // Sorts: Merk A-Z / Z-A, Tanggal Terbaru, Nama. No index on current_stock, on purpose: a
    // stock change then is a HOT update (drizzle/0004_scale_totals.sql, fillfactor 80).
    index('products_brand_idx').on(t.brand, t.id),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || chr(1) || ${t.code} || chr(1) || ${t.barcodeId} || chr(1) || ${t.category} || chr(1) || ${t.brand}) gin_trgm_ops`,
    ),
    index('products_name_idx').on(t.name, t.id),
    // Rak A-Z and the rack prefix filter (LIKE 'A-%': the column is COLLATE "C").
    index('products_rack_idx').on(t.rack, t.id),
    check('products_rack_check', sql`${t.rack} ~ '^[A-Z0-9./-]{1,20}$'`),
  ],
);

export const incomingGoods = pgTable(
  'incoming_goods',
  {
    ...productDay(),
    resiNumber: text('resi_number').notNull(),
    quantity: integer('quantity').notNull(),
    platform: text('platform').notNull(),
    /** Harga Beli per unit of this receipt (drizzle/0015_restock_cost.sql). */
    purchasePrice: money('purchase_price'),
    ...recordStamps(),
  },
  (t) => [
    // One package, several products: a resi (any letter case) once per product (migration 0028).
    uniqueIndex('incoming_goods_resi_product_key').on(sql`lower(${t.resiNumber})`, t.productId),
    check('incoming_goods_quantity_check', sql`${t.quantity} > 0`),
    check('incoming_goods_purchase_price_check', sql`${t.purchasePrice} >= 0`),
    index('incoming_goods_date_idx').on(t.date.desc(), t.id.desc()),
    index('incoming_goods_product_id_idx').on(t.productId, t.date),
    index('incoming_goods_resi_trgm_idx').using('gin', t.resiNumber.op('gin_trgm_ops')),
    index('incoming_goods_platform_trgm_idx').using('gin', t.platform.op('gin_trgm_ops')),
  ],
);

export const outgoingGoods = pgTable(
  'outgoing_goods',
  {
    ...productDay(),
    resiNumber: text('resi_number').notNull(),
    quantity: integer('quantity').notNull(),
    barcode: text('barcode').notNull(),
    purchasePrice: money('purchase_price'),
    sellingPrice: money('selling_price'),
    discount: money('discount'),
    /** The marketplace order this record was packed for (Scan Kirim); null: entered by hand. */
    marketplaceOrderId: integer('marketplace_order_id').references(() => marketplaceOrders.id),
    /**
     * Its share of its order's settled marketplace fees in sen (sale_fees' arithmetic), kept by
     * the triggers of migration 0046; null: a hand sale or an order not settled yet.
     */
    settledFee: numeric('settled_fee', { mode: 'string' }),
    /**
     * The purchase price is fixed (set by hand in Pembukuan, or recorded before migration 0051):
     * a replay of the product's cost leaves it (lib/cost-replay.ts).
     */
    costFixed: boolean('cost_fixed').notNull().default(false),
    ...recordStamps(),
  },
  (t) => [
    // One package, one resi: the exclusion constraint outgoing_goods_resi_one_package of
    // drizzle/0014_packing.sql, its index led by the resi's hash since 0024 (a record's package
    // is its marketplace order, else since 0028 the hand-entered package of its resi).
    index('outgoing_goods_resi_number_lower_idx').on(sql`lower(${t.resiNumber})`),
    // A hand-entered package holds a product once (migration 0028).
    uniqueIndex('outgoing_goods_resi_product_key')
      .on(sql`lower(${t.resiNumber})`, t.productId)
      .where(sql`${t.marketplaceOrderId} is null`),
    index('outgoing_goods_marketplace_order_idx')
      .on(t.marketplaceOrderId)
      .where(sql`${t.marketplaceOrderId} is not null`),
    check('outgoing_goods_quantity_check', sql`${t.quantity} > 0`),
    check('outgoing_goods_purchase_price_check', sql`${t.purchasePrice} >= 0`),
    check('outgoing_goods_selling_price_check', sql`${t.sellingPrice} >= 0`),
    check('outgoing_goods_discount_check', sql`${t.discount} >= 0`),
    index('outgoing_goods_date_idx').on(t.date.desc(), t.id.desc()),
    index('outgoing_goods_product_id_idx').on(t.productId, t.date),
    index('outgoing_goods_resi_trgm_idx').using('gin', t.resiNumber.op('gin_trgm_ops')),
  ],
);

export const damagedGoods = pgTable(
  'damaged_goods',
  {
    id: id(),
    // The record keeps its own copy of the product fields (docs/product.md point 3), so it outlives
    // the product; the link is only for look-ups.
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    barcodeId: text('barcode_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    stock: integer('stock').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    damageReason: text('damage_reason').notNull(),
    date: day(),
    ...recordStamps(),
  },
  (t) => [
    check('damaged_goods_stock_check', sql`${t.stock} > 0`),
    index('damaged_goods_date_idx').on(t.date.desc(), t.id.desc()),
    index('damaged_goods_product_id_idx').on(t.productId),
    index('damaged_goods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('damaged_goods_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    // The list's search over all its shown columns as one text (drizzle/0004_scale_totals.sql).
    index('damaged_goods_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || chr(1) || ${t.code} || chr(1) || ${t.barcodeId} || chr(1) || ${t.category} || chr(1) || ${t.brand} || chr(1) || ${t.damageReason}) gin_trgm_ops`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    ...productDay(),
    quantity: integer('quantity').notNull(),
    price: money('price'),
    // Not unique: the order list compares orders with incoming goods by resi.
    resiNumber: text('resi_number').notNull(),
    bank: text('bank'),
    ...recordStamps(),
  },
  (t) => [
    check('orders_quantity_check', sql`${t.quantity} > 0`),
    check('orders_price_check', sql`${t.price} >= 0`),
    // Also INCLUDE (product_id, quantity, price) in the migration (drizzle/0007_orders.sql): the
    // order list's pages and the summary's sums are read from this index alone.
    index('orders_date_idx').on(t.date.desc(), t.id.desc()),
    index('orders_product_id_idx').on(t.productId, t.date),
    index('orders_resi_number_idx').on(t.resiNumber),
    // The list's search over resi and bank as one text (drizzle/0007_orders.sql).
    index('orders_search_trgm_idx').using(
      'gin',
      sql`(${t.resiNumber} || chr(1) || coalesce(${t.bank}, '')) gin_trgm_ops`,
    ),
  ],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    action: text('action').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Name and email are copied so that the log still reads right after a user changes.
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    details: text('details').notNull().default(''),
    timestamp: timestampTz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_timestamp_idx').on(t.timestamp.desc(), t.id.desc()),
    index('activity_logs_action_timestamp_idx').on(t.action, t.timestamp.desc(), t.id.desc()),
    index('activity_logs_user_id_idx').on(t.userId),
    // Log Aktivitas' search over details, user name and email (drizzle/0005_reports_activity.sql).
    index('activity_logs_search_trgm_idx').using(
      'gin',
      sql`(${t.details} || chr(1) || ${t.userName} || chr(1) || ${t.userEmail}) gin_trgm_ops`,
    ),
  ],
);

// Totals kept by the triggers of drizzle/0004_scale_totals.sql in the transaction of every
// movement change (docs/adr/0007-scale.md); that migration also holds the triggers, the
// rebuild function and the (date) INCLUDE (product_id, quantity) indexes of both movement tables.
export const productTotals = pgTable('product_totals', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  incomingRows: bigint('incoming_rows', { mode: 'number' }).notNull().default(0),
  incomingQuantity: bigint('incoming_quantity', { mode: 'number' }).notNull().default(0),
  outgoingRows: bigint('outgoing_rows', { mode: 'number' }).notNull().default(0),
  outgoingQuantity: bigint('outgoing_quantity', { mode: 'number' }).notNull().default(0),
  /** Returned in good condition, and the signed sum of the adjustments (0016). */
  returnedQuantity: bigint('returned_quantity', { mode: 'number' }).notNull().default(0),
  adjustedQuantity: bigint('adjusted_quantity', { mode: 'number' }).notNull().default(0),
});

export const productMonthlyTotals = pgTable(
  'product_monthly_totals',
  {
    /** The first day of the calendar month. */
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    incomingQuantity: bigint('incoming_quantity', { mode: 'number' }).notNull().default(0),
    outgoingQuantity: bigint('outgoing_quantity', { mode: 'number' }).notNull().default(0),
    returnedQuantity: bigint('returned_quantity', { mode: 'number' }).notNull().default(0),
    adjustedQuantity: bigint('adjusted_quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'product_monthly_totals_pkey', columns: [t.month, t.productId] }),
    // No quantity in an index, and fillfactor 70 (migration 0025): the month's row is updated in
    // place by each movement.
    index('product_monthly_totals_product_idx').on(t.productId, t.month),
  ],
);

// Pesanan Marketplace (drizzle/0011_marketplace_orders.sql holds the indexes' exact
// expressions): the buyers' orders from the marketplaces' files, not List Order's purchases.
// The shop's stores on each marketplace (migration 0033): one default per channel.
export const marketplaceStores = pgTable(
  'marketplace_stores',
  {
    id: id(),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    /** null: the channel's default buffer (shop_settings). */
    buffer: integer('buffer'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('marketplace_stores_name_key').on(t.channel, sql`lower(${t.name})`),
    uniqueIndex('marketplace_stores_default_key')
      .on(t.channel)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * marketplace_orders and marketplace_order_lines are views (migration 0050) over the tables
 * marketplace_orders_all and marketplace_order_lines_all, leaving out the rows of an import still
 * being written in batches (docs/adr/0026); reads, updates and deletes go through them, and the
 * indexes, triggers and foreign keys below are the tables'. An upsert (ON CONFLICT) goes to the
 * table: through a view it would meet rows the view hides.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: id(),
    channel: text('channel').notNull(),
    orderNumber: text('order_number').notNull(),
    resiNumber: text('resi_number'),
    status: text('status').notNull(),
    statusText: text('status_text').notNull(),
    date: day(),
    total: money('total'),
    // Set by packing (the next issue); a shipped order cannot be deleted.
    shippedAt: timestampTz('shipped_at'),
    shippedBy: integer('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    /** The packer's name as it was (migration 0014). */
    shippedByName: text('shipped_by_name'),
    /** Lines imported without ('Lewati baris bermasalah'): the package is incomplete (0030). */
    skippedLines: jsonb('skipped_lines')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The shop's store on the marketplace the order came from (migration 0033). NOT NULL in the
     * database; left out of an insert, a trigger gives the channel's default store.
     */
    storeId: integer('store_id').references(() => marketplaceStores.id),
    /** The order file's courier ('Opsi Pengiriman', 'Shipping Provider Name'; migration 0039). */
    courier: text('courier'),
    /**
     * Fulfilled by the marketplace itself (Shopee 'Shipped by Advance Fulfilment' = yes); null:
     * no file has said.
     */
    marketplaceFulfilled: boolean('marketplace_fulfilled'),
    /** The import that wrote the order in batches (hidden while it is pending; 0050). */
    importId: integer('import_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('marketplace_orders_channel_number_key').on(t.channel, t.orderNumber),
    index('marketplace_orders_date_idx').on(t.date.desc(), t.id.desc()),
    index('marketplace_orders_channel_date_idx').on(t.channel, t.date.desc(), t.id.desc()),
    index('marketplace_orders_status_date_idx').on(t.status, t.date.desc(), t.id.desc()),
    index('marketplace_orders_resi_lower_idx').on(sql`lower(${t.resiNumber})`),
    index('marketplace_orders_shipped_at_idx')
      .on(t.shippedAt.desc())
      .where(sql`${t.shippedAt} is not null`),
    index('marketplace_orders_search_trgm_idx').using(
      'gin',
      sql`(${t.orderNumber} || chr(1) || coalesce(${t.resiNumber}, '')) gin_trgm_ops`,
    ),
  ],
);

export const marketplaceOrderLines = pgTable(
  'marketplace_order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** '' when the file gives none; the API says null. */
    variation: text('variation').notNull().default(''),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }),
    /** True at least while the line's order is open (migration 0047): the import writes it from
     * the order's status, a trigger follows the order after; narrows reserved_lines' lookup only. */
    open: boolean('open').notNull().default(true),
    /** The import that wrote the line in batches (hidden while it is pending; 0050). */
    importId: integer('import_id'),
  },
  (t) => [
    uniqueIndex('marketplace_order_lines_key').on(t.orderId, t.sku, t.variation),
    index('marketplace_order_lines_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
    index('marketplace_order_lines_sku_lower_idx').on(sql`lower(${t.sku})`, t.orderId),
  ],
);

export const skuMappings = pgTable(
  'sku_mappings',
  {
    id: id(),
    /** null: every channel. */
    channel: text('channel'),
    sku: text('sku').notNull(),
    /** null: every variation. */
    variation: text('variation'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sku_mappings_key').on(
      sql`lower(${t.sku})`,
      sql`coalesce(${t.channel}, '')`,
      sql`lower(coalesce(${t.variation}, ''))`,
    ),
    index('sku_mappings_search_trgm_idx').using(
      'gin',
      sql`(${t.sku} || chr(1) || coalesce(${t.variation}, '')) gin_trgm_ops`,
    ),
  ],
);

export const skuMappingItems = pgTable(
  'sku_mapping_items',
  {
    mappingId: integer('mapping_id')
      .notNull()
      .references(() => skuMappings.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'sku_mapping_items_pkey', columns: [t.mappingId, t.productId] }),
    index('sku_mapping_items_product_idx').on(t.productId),
  ],
);

/** An uploaded order file's preview until it is committed (once) or expires. */
export const marketplaceImports = pgTable(
  'marketplace_imports',
  {
    id: id(),
    channel: text('channel').notNull(),
    fileName: text('file_name').notNull(),
    lines: jsonb('lines').notNull(),
    ...previewStamps(),
  },
  (t) => [index('marketplace_imports_created_at_idx').on(t.createdAt)],
);

/**
 * The order imports being written in batches (migration 0050, docs/adr/0026): their rows are
 * hidden by the views until the final step removes the import from here; one per channel.
 */
export const marketplaceImportsPending = pgTable('marketplace_imports_pending', {
  id: integer('id').primaryKey(),
  channel: text('channel').notNull().unique('marketplace_imports_pending_channel_key'),
  startedAt: timestampTz('started_at').notNull().defaultNow(),
});

/** An uploaded marketplace file of a store (income, returns): its channel, format and name. */
const storeFile = () => ({
  channel: text('channel').notNull(),
  format: text('format').notNull(),
  storeId: integer('store_id')
    .notNull()
    .references(() => marketplaceStores.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
});

/** An uploaded income file's preview until it is committed (once) or expires (issue 45). */
export const settlementImports = pgTable(
  'settlement_imports',
  {
    id: id(),
    ...storeFile(),
    problems: jsonb('problems').notNull(),
    orderCount: integer('order_count').notNull(),
    problemCount: integer('problem_count').notNull(),
    ...previewStamps(),
  },
  (t) => [
    index('settlement_imports_created_at_idx').on(t.createdAt),
    index('settlement_imports_created_by_idx').on(t.createdBy, t.id),
  ],
);

/** What a marketplace order really earned, one row per (channel, order number); money in sen. */
const sen = (name: string) => bigint(name, { mode: 'number' }).notNull();
/** A settlement's day and amounts: the prices, the fees by category (and their file's columns). */
const settlementAmounts = () => ({
  releasedAt: date('released_at', { mode: 'string' }),
  priceBefore: sen('price_before'),
  priceAfter: sen('price_after'),
  komisi: sen('komisi').default(0),
  layanan: sen('layanan').default(0),
  proses: sen('proses').default(0),
  pembayaran: sen('pembayaran').default(0),
  ongkir: sen('ongkir').default(0),
  afiliasi: sen('afiliasi').default(0),
  pajak: sen('pajak').default(0),
  pengembalian: sen('pengembalian').default(0),
  penyesuaian: sen('penyesuaian').default(0),
  lain: sen('lain').default(0),
  feeColumns: jsonb('fee_columns')
    .notNull()
    .default(sql`'{}'::jsonb`),
  released: sen('released'),
  difference: sen('difference').default(0),
});
export const marketplaceSettlements = pgTable(
  'marketplace_settlements',
  {
    id: id(),
    channel: text('channel').notNull(),
    orderNumber: text('order_number').notNull(),
    /** A store with settlements is not deleted (migration 0037). */
    storeId: integer('store_id').references(() => marketplaceStores.id),
    ...settlementAmounts(),
    importId: integer('import_id').references(() => settlementImports.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('marketplace_settlements_key').on(t.channel, t.orderNumber),
    index('marketplace_settlements_released_idx').on(t.releasedAt.desc().nullsLast(), t.id.desc()),
    // The settlement's order is joined by (channel, order_number), both tables' unique keys.
    index('marketplace_settlements_channel_released_idx').on(
      t.channel,
      t.releasedAt.desc().nullsLast(),
      t.id.desc(),
    ),
    index('marketplace_settlements_store_released_idx').on(
      t.storeId,
      t.releasedAt.desc().nullsLast(),
      t.id.desc(),
    ),
    index('marketplace_settlements_order_number_trgm_idx').using(
      'gin',
      sql`${t.orderNumber} gin_trgm_ops`,
    ),
    index('marketplace_settlements_import_idx').on(t.importId),
  ],
);

/** A settlement preview's orders, as rows written in batches (migration 0043). */
export const settlementImportOrders = pgTable(
  'settlement_import_orders',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => settlementImports.id, { onDelete: 'cascade' }),
    /** The order's place in the file, from 1. */
    line: integer('line').notNull(),
    orderNumber: text('order_number').notNull(),
    ...settlementAmounts(),
  },
  (t) => [primaryKey({ name: 'settlement_import_orders_pkey', columns: [t.importId, t.line] })],
);

/** An uploaded return file's preview until it is committed (once) or expires (issue 46). */
export const returnImports = pgTable(
  'return_imports',
  {
    id: id(),
    ...storeFile(),
    rows: jsonb('rows').notNull(),
    problems: jsonb('problems').notNull(),
    rowCount: integer('row_count').notNull(),
    problemCount: integer('problem_count').notNull(),
    ...previewStamps(),
  },
  (t) => [
    check('return_imports_channel_check', sql`${t.channel} in ('shopee', 'tiktok', 'lazada')`),
    index('return_imports_created_at_idx').on(t.createdAt),
    index('return_imports_created_by_idx').on(t.createdBy, t.id),
  ],
);

/**
 * A marketplace's return, failed delivery or cancellation (issue 46), one row per request and
 * product line (reference: its return number, else its order number; line_key: its SKU and
 * variation, '' when none). Its order is joined by (channel, order number) when read.
 */
export const marketplaceReturns = pgTable(
  'marketplace_returns',
  {
    id: id(),
    channel: text('channel').notNull(),
    format: text('format').notNull(),
    reference: text('reference').notNull(),
    lineKey: text('line_key').notNull().default(''),
    storeId: integer('store_id').references(() => marketplaceStores.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull(),
    returnNumber: text('return_number'),
    type: text('type').notNull(),
    status: text('status').notNull(),
    statusText: text('status_text').notNull(),
    reason: text('reason'),
    sku: text('sku'),
    productName: text('product_name'),
    /** null: the whole order. */
    quantity: integer('quantity'),
    refundAmount: money('refund_amount'),
    compensationAmount: money('compensation_amount'),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    refundedOn: date('refunded_on', { mode: 'string' }),
    returnTracking: text('return_tracking'),
    claimDeadline: date('claim_deadline', { mode: 'string' }),
    importId: integer('import_id').references(() => returnImports.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('marketplace_returns_channel_check', sql`${t.channel} in ('shopee', 'tiktok', 'lazada')`),
    check(
      'marketplace_returns_type_check',
      sql`${t.type} in ('refund_only', 'return_refund', 'failed_delivery', 'cancellation')`,
    ),
    check(
      'marketplace_returns_status_check',
      sql`${t.status} in ('diajukan', 'dana_dikembalikan', 'selesai', 'ditolak')`,
    ),
    check('marketplace_returns_quantity_check', sql`${t.quantity} >= 0`),
    check(
      'marketplace_returns_money_check',
      sql`${t.refundAmount} >= 0 and ${t.compensationAmount} >= 0`,
    ),
    uniqueIndex('marketplace_returns_key').on(t.channel, t.format, t.reference, t.lineKey),
    index('marketplace_returns_requested_idx').on(t.requestedOn.desc(), t.id.desc()),
    index('marketplace_returns_channel_requested_idx').on(
      t.channel,
      t.requestedOn.desc(),
      t.id.desc(),
    ),
    index('marketplace_returns_store_requested_idx').on(
      t.storeId,
      t.requestedOn.desc(),
      t.id.desc(),
    ),
    index('marketplace_returns_order_idx').on(t.orderNumber, t.channel),
    index('marketplace_returns_tracking_lower_idx')
      .on(sql`lower(${t.returnTracking})`)
      .where(sql`${t.returnTracking} is not null`),
    index('marketplace_returns_search_trgm_idx').using(
      'gin',
      sql`(${t.orderNumber} || chr(1) || coalesce(${t.returnNumber}, '') || chr(1) || coalesce(${t.returnTracking}, '') || chr(1) || coalesce(${t.sku}, '') || chr(1) || coalesce(${t.productName}, '')) gin_trgm_ops`,
    ),
    index('marketplace_returns_import_idx').on(t.importId),
  ],
);

/**
 * The settlements summed per store and release day (store 0: none), kept by the statement
 * triggers of migration 0037 (drizzle/functions/settlement_days_trigger.sql); fees: the
 * categories summed but pengembalian (refunds to the buyer: not part of a fee rate, migration
 * 0052), in sen.
 */
export const settlementDays = pgTable(
  'settlement_days',
  {
    storeId: integer('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    orders: integer('orders').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    fees: bigint('fees', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'settlement_days_pkey', columns: [t.storeId, t.day, t.channel] }),
    index('settlement_days_channel_idx').on(t.channel, t.day),
  ],
);

// Per product and day, and per day for the whole shop (in 8 slots chosen by the writing
// connection, read as their sum): kept by the same triggers (drizzle/0015_restock_cost.sql).
export const productDailyTotals = pgTable(
  'product_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    incomingQuantity: bigint('incoming_quantity', { mode: 'number' }).notNull().default(0),
    outgoingQuantity: bigint('outgoing_quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Its day range serves the restock list's 30 days; fillfactor 70 (migration 0025): the day's
    // row is updated in place by each movement.
    primaryKey({ name: 'product_daily_totals_pkey', columns: [t.day, t.productId] }),
  ],
);

export const dailyTotals = pgTable(
  'daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    incomingQuantity: bigint('incoming_quantity', { mode: 'number' }).notNull().default(0),
    outgoingQuantity: bigint('outgoing_quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_totals_pkey', columns: [t.day, t.slot] })],
);

/** The shop's settings: one row (id true). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** 'Target Persediaan': the days of sales an order should cover. */
    targetStockDays: integer('target_stock_days').notNull().default(14),
    /** 'Pesanan belum dibayar ikut dipesan' (migration 0033). */
    reserveUnpaid: boolean('reserve_unpaid').notNull().default(false),
    /** Each channel's default stock-file buffer (a store without its own takes it). */
    bufferShopee: integer('buffer_shopee').notNull().default(0),
    bufferTiktok: integer('buffer_tiktok').notNull().default(0),
    bufferLazada: integer('buffer_lazada').notNull().default(0),
    bufferTokopedia: integer('buffer_tokopedia').notNull().default(0),
    bufferBigseller: integer('buffer_bigseller').notNull().default(0),
    /** 'Perlu dicek' of Penghasilan Marketplace (migration 0037). */
    settlementCheckDays: integer('settlement_check_days').notNull().default(14),
    settlementTolerancePercent: integer('settlement_tolerance_percent').notNull().default(2),
    /** 'Dari Marketplace' of Retur: days a refunded parcel may take to come back (migration 0038). */
    returnCheckDays: integer('return_check_days').notNull().default(14),
    /** The kill switch: remotes the shell loads for no one (migration 0045). */
    disabledRemotes: text('disabled_remotes')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id}`),
    check('shop_settings_target_stock_days_check', sql`${t.targetStockDays} between 1 and 365`),
    check(
      'shop_settings_settlement_check_days_check',
      sql`${t.settlementCheckDays} between 1 and 365`,
    ),
    check(
      'shop_settings_settlement_tolerance_percent_check',
      sql`${t.settlementTolerancePercent} between 0 and 100`,
    ),
    check('shop_settings_return_check_days_check', sql`${t.returnCheckDays} between 1 and 365`),
  ],
);

export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull().default(0),
});

// Retur and Stok Opname (drizzle/0016_returns_opname.sql holds the triggers that keep
// the returned and adjusted totals, and the trigram index's expression).
export const returns = pgTable(
  'returns',
  {
    id: id(),
    resiNumber: text('resi_number').notNull(),
    date: day(),
    reason: text('reason').notNull(),
    marketplaceOrderId: integer('marketplace_order_id').references(() => marketplaceOrders.id, {
      onDelete: 'set null',
    }),
    /** The order's status before this return made it 'retur'; null: not changed by it. */
    previousOrderStatus: text('previous_order_status'),
    createdBy: createdBy(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('returns_date_idx').on(t.date.desc(), t.id.desc()),
    // The board of issue 46 finds an order's Retur records by the order or its resi (0038).
    index('returns_marketplace_order_idx')
      .on(t.marketplaceOrderId)
      .where(sql`${t.marketplaceOrderId} is not null`),
    index('returns_resi_lower_idx').on(sql`lower(${t.resiNumber})`),
    index('returns_search_trgm_idx').using(
      'gin',
      sql`(${t.resiNumber} || chr(1) || ${t.reason}) gin_trgm_ops`,
    ),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: id(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    outgoingGoodsId: integer('outgoing_goods_id')
      .notNull()
      .references(() => outgoingGoods.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    date: day(),
    quantity: integer('quantity').notNull(),
    condition: text('condition', { enum: ['good', 'damaged'] }).notNull(),
    damagedGoodsId: integer('damaged_goods_id').references(() => damagedGoods.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('return_lines_quantity_check', sql`${t.quantity} > 0`),
    check('return_lines_condition_check', sql`${t.condition} in ('good', 'damaged')`),
    index('return_lines_return_idx').on(t.returnId),
    // Also INCLUDE (quantity) in the migration.
    index('return_lines_outgoing_idx').on(t.outgoingGoodsId),
    index('return_lines_product_idx').on(t.productId, t.date),
    // Also INCLUDE (product_id, quantity, condition) in the migration.
    index('return_lines_date_idx').on(t.date),
  ],
);

export const stockOpnameSessions = pgTable(
  'stock_opname_sessions',
  {
    id: id(),
    name: text('name').notNull(),
    scopeType: text('scope_type', {
      enum: ['all', 'category', 'brand', 'products', 'rack'],
    }).notNull(),
    scopeValue: text('scope_value'),
    scopeProductCodes: jsonb('scope_product_codes'),
    status: text('status', { enum: ['open', 'posted', 'cancelled'] })
      .notNull()
      .default('open'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name').notNull(),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    postedByName: text('posted_by_name'),
    postedAt: timestampTz('posted_at'),
    cancelledByName: text('cancelled_by_name'),
    cancelledAt: timestampTz('cancelled_at'),
  },
  (t) => [
    check(
      'stock_opname_sessions_scope_check',
      sql`${t.scopeType} in ('all', 'category', 'brand', 'products')`,
    ),
    check(
      'stock_opname_sessions_status_check',
      sql`${t.status} in ('open', 'posted', 'cancelled')`,
    ),
    index('stock_opname_sessions_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('stock_opname_sessions_status_idx').on(t.status, t.startedAt.desc(), t.id.desc()),
    index('stock_opname_sessions_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const stockOpnameLines = pgTable(
  'stock_opname_lines',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => stockOpnameSessions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** null: not counted. */
    counted: integer('counted'),
    /** The product's stock when its count last changed. */
    expected: integer('expected'),
    countedAt: timestampTz('counted_at'),
    /** The product's cost per unit when the session was posted (null: not posted). */
    unitCost: numeric('unit_cost', { precision: 14, scale: 2, mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'stock_opname_lines_pkey', columns: [t.sessionId, t.productId] }),
    check('stock_opname_lines_counted_check', sql`${t.counted} >= 0`),
    check('stock_opname_lines_unit_cost_check', sql`${t.unitCost} >= 0`),
    index('stock_opname_lines_product_idx').on(t.productId),
  ],
);

export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    date: day(),
    /** Signed: + a gain, - a loss. */
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    stockOpnameId: integer('stock_opname_id').references(() => stockOpnameSessions.id),
    createdBy: createdBy(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_adjustments_quantity_check', sql`${t.quantity} <> 0`),
    index('stock_adjustments_date_idx').on(t.date.desc(), t.id.desc()),
    index('stock_adjustments_product_idx').on(t.productId, t.date),
    // Also INCLUDE (product_id, quantity) in the migration.
    index('stock_adjustments_date_quantity_idx').on(t.date),
    index('stock_adjustments_session_idx')
      .on(t.stockOpnameId)
      .where(sql`${t.stockOpnameId} is not null`),
    index('stock_adjustments_reason_trgm_idx').using('gin', t.reason.op('gin_trgm_ops')),
  ],
);

/** An uploaded rack file's preview until it is committed (once) or expires (issue 47). */
export const rackImports = pgTable(
  'rack_imports',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    rows: jsonb('rows').notNull(),
    ...previewStamps(),
  },
  (t) => [
    index('rack_imports_created_at_idx').on(t.createdAt),
    index('rack_imports_created_by_idx').on(t.createdBy, t.id),
  ],
);

// Daftar Ambil (issue 47, migration 0039): a batch of orders to pack, its orders (an order in
// at most one open batch: pick_batch_orders_active_key), what each order needs of each product,
// and the pick list's lines.
export const pickBatches = pgTable(
  'pick_batches',
  {
    id: id(),
    /** open or cancelled; picked and packed follow from the lines and the orders. */
    status: text('status', { enum: ['open', 'cancelled'] })
      .notNull()
      .default('open'),
    channel: text('channel'),
    storeId: integer('store_id').references(() => marketplaceStores.id, { onDelete: 'set null' }),
    courier: text('courier'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    orderLimit: integer('order_limit').notNull(),
    skippedFulfilled: integer('skipped_fulfilled').notNull().default(0),
    skippedNoResi: integer('skipped_no_resi').notNull().default(0),
    /** Units on the list and those ticked: picked when equal. */
    units: integer('units').notNull().default(0),
    pickedUnits: integer('picked_units').notNull().default(0),
    /** Orders not yet shipped nor cancelled (trigger pick_batch_progress): packed at 0. */
    unfinished: integer('unfinished').notNull().default(0),
    createdBy: createdBy(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledByName: text('cancelled_by_name'),
    cancelledAt: timestampTz('cancelled_at'),
  },
  (t) => [
    check('pick_batches_status_check', sql`${t.status} in ('open', 'cancelled')`),
    check('pick_batches_order_limit_check', sql`${t.orderLimit} > 0`),
    check(
      'pick_batches_picked_units_check',
      sql`${t.pickedUnits} >= 0 and ${t.pickedUnits} <= ${t.units}`,
    ),
    check('pick_batches_unfinished_check', sql`${t.unfinished} >= 0`),
  ],
);

export const pickBatchOrders = pgTable(
  'pick_batch_orders',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => pickBatches.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    /** Label order, from 1. */
    position: integer('position').notNull().default(0),
    /** The order is taken; cancelling the batch frees it. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'pick_batch_orders_pkey', columns: [t.batchId, t.orderId] }),
    uniqueIndex('pick_batch_orders_active_key')
      .on(t.orderId)
      .where(sql`${t.active}`),
  ],
);

export const pickBatchItems = pgTable(
  'pick_batch_items',
  {
    batchId: integer('batch_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** One of the batch's lines' products (their foreign key keeps the product). */
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'pick_batch_items_pkey', columns: [t.batchId, t.orderId, t.productId] }),
    // The batch's order: one check per row, and deleted with it.
    foreignKey({
      name: 'pick_batch_items_order_fkey',
      columns: [t.batchId, t.orderId],
      foreignColumns: [pickBatchOrders.batchId, pickBatchOrders.orderId],
    }).onDelete('cascade'),
    check('pick_batch_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const pickBatchLines = pgTable(
  'pick_batch_lines',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => pickBatches.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    picked: integer('picked').notNull().default(0),
    short: integer('short').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'pick_batch_lines_pkey', columns: [t.batchId, t.productId] }),
    check('pick_batch_lines_quantity_check', sql`${t.quantity} > 0`),
    check('pick_batch_lines_picked_check', sql`${t.picked} >= 0 and ${t.picked} <= ${t.quantity}`),
    check('pick_batch_lines_short_check', sql`${t.short} >= 0 and ${t.short} <= ${t.quantity}`),
    index('pick_batch_lines_product_idx').on(t.productId),
  ],
);

// What POST /api/shipping-labels did with each page of a label file (issue 47,
// drizzle/0041_shipping_label_reports.sql); kept 7 days.
export const shippingLabelReports = pgTable(
  'shipping_label_reports',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    mode: text('mode').notNull(),
    batchId: integer('batch_id').references(() => pickBatches.id, { onDelete: 'set null' }),
    pages: integer('pages').notNull(),
    outputPages: integer('output_pages').notNull(),
    matched: integer('matched').notNull(),
    unmatched: jsonb('unmatched')
      .notNull()
      .default(sql`'[]'::jsonb`),
    slipped: jsonb('slipped')
      .notNull()
      .default(sql`'[]'::jsonb`),
    shortened: jsonb('shortened')
      .notNull()
      .default(sql`'[]'::jsonb`),
    missing: jsonb('missing')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    check('shipping_label_reports_mode_check', sql`${t.mode} in ('on_label', 'slip')`),
    index('shipping_label_reports_created_at_idx').on(t.createdAt),
  ],
);

// The answer of a write sent with a client_id (issue 48, drizzle/0042_client_requests.sql,
// lib/idempotency.ts); kept 30 days.
export const clientRequests = pgTable(
  'client_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    route: text('route').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Null only inside the write's transaction, before its answer is stored. */
    status: smallint('status'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'client_requests_pkey', columns: [t.userId, t.clientId] }),
    index('client_requests_created_at_idx').on(t.createdAt),
  ],
);

// Deploy tokens (issue 49, drizzle/0044_deploy_tokens.sql): one remote each, kept as sha256.
export const remoteTokens = pgTable(
  'remote_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    remote: text('remote').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('remote_tokens_token_hash_idx').on(t.tokenHash),
    check(
      'remote_tokens_remote_check',
      sql`${t.remote} IN ('inventory', 'orders', 'finance', 'admin', 'shell')`,
    ),
  ],
);

// Failures the shell reports, counted per remote, version and kind (drizzle/0044_deploy_tokens.sql).
export const clientErrors = pgTable(
  'client_errors',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(1),
    page: text('page').notNull(),
    lastMessage: text('last_message').notNull(),
    firstAt: timestampTz('first_at').notNull().defaultNow(),
    lastAt: timestampTz('last_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'client_errors_pkey', columns: [t.remote, t.version, t.kind] })],
);

export const schema = {
  users,
  revokedTokens,
  products,
  incomingGoods,
  outgoingGoods,
  damagedGoods,
  orders,
  activityLogs,
  productTotals,
  productMonthlyTotals,
  productDailyTotals,
  dailyTotals,
  shopSettings,
  rowCounts,
  marketplaceStores,
  marketplaceOrders,
  marketplaceOrderLines,
  skuMappings,
  skuMappingItems,
  marketplaceImports,
  settlementImports,
  marketplaceSettlements,
  settlementDays,
  returns,
  returnLines,
  stockOpnameSessions,
  stockOpnameLines,
  stockAdjustments,
  rackImports,
  pickBatches,
  pickBatchOrders,
  pickBatchItems,
  pickBatchLines,
  shippingLabelReports,
  clientRequests,
  remoteTokens,
  clientErrors,
};

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type IncomingGoodsRow = typeof incomingGoods.$inferSelect;
export type OutgoingGoodsRow = typeof outgoingGoods.$inferSelect;
export type DamagedGoodsRow = typeof damagedGoods.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ActivityLogRow = typeof activityLogs.$inferSelect;
