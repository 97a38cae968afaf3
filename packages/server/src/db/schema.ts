// The drizzle schema of every entity of SPEC.md point 3. Run `npm run db:generate -w
// @gudang/server` after a change and commit the new migration in drizzle/.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
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

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'manager'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in looks the address up case-insensitively, so uniqueness is case-insensitive too.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'manager')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    barcodeId: text('barcode_id').notNull().unique('products_barcode_id_key'),
    code: text('code').notNull().unique('products_code_key'),
    name: text('name').notNull(),
    initialStock: integer('initial_stock').notNull().default(0),
    currentStock: integer('current_stock').notNull().default(0),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_initial_stock_check', sql`${t.initialStock} >= 0`),
    check('products_current_stock_check', sql`${t.currentStock} >= 0`),
    // 'Cari produk...' is a substring search (ILIKE '%x%'): trigram indexes serve it.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    index('products_brand_trgm_idx').using('gin', t.brand.op('gin_trgm_ops')),
    index('products_category_trgm_idx').using('gin', t.category.op('gin_trgm_ops')),
    index('products_barcode_id_trgm_idx').using('gin', t.barcodeId.op('gin_trgm_ops')),
    // Sorts: Merk A-Z / Z-A, Tanggal Terbaru; dashboard: stock tops and out-of-stock count.
    index('products_brand_idx').on(t.brand, t.id),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_current_stock_idx').on(t.currentStock),
  ],
);

// Movements and orders reference their product with the default NO ACTION: deleting a product
// that has any is refused (23503), never cascaded.
export const incomingGoods = pgTable(
  'incoming_goods',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    date: day(),
    resiNumber: text('resi_number').notNull().unique('incoming_goods_resi_number_key'),
    quantity: integer('quantity').notNull(),
    platform: text('platform').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('incoming_goods_quantity_check', sql`${t.quantity} > 0`),
    index('incoming_goods_date_idx').on(t.date.desc(), t.id.desc()),
    index('incoming_goods_product_id_idx').on(t.productId, t.date),
    index('incoming_goods_resi_trgm_idx').using('gin', t.resiNumber.op('gin_trgm_ops')),
    index('incoming_goods_platform_trgm_idx').using('gin', t.platform.op('gin_trgm_ops')),
  ],
);

export const outgoingGoods = pgTable(
  'outgoing_goods',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    date: day(),
    resiNumber: text('resi_number').notNull().unique('outgoing_goods_resi_number_key'),
    quantity: integer('quantity').notNull(),
    barcode: text('barcode').notNull(),
    purchasePrice: money('purchase_price'),
    sellingPrice: money('selling_price'),
    discount: money('discount'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
    // The record keeps its own copy of the product fields (SPEC.md point 3), so it outlives
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
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('damaged_goods_stock_check', sql`${t.stock} > 0`),
    index('damaged_goods_date_idx').on(t.date.desc(), t.id.desc()),
    index('damaged_goods_product_id_idx').on(t.productId),
    index('damaged_goods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('damaged_goods_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    date: day(),
    quantity: integer('quantity').notNull(),
    price: money('price'),
    // Not unique: the order list compares orders with incoming goods by resi.
    resiNumber: text('resi_number').notNull(),
    bank: text('bank'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_quantity_check', sql`${t.quantity} > 0`),
    check('orders_price_check', sql`${t.price} >= 0`),
    index('orders_date_idx').on(t.date.desc(), t.id.desc()),
    index('orders_product_id_idx').on(t.productId, t.date),
    index('orders_resi_number_idx').on(t.resiNumber),
    index('orders_resi_trgm_idx').using('gin', t.resiNumber.op('gin_trgm_ops')),
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
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_timestamp_idx').on(t.timestamp.desc(), t.id.desc()),
    index('activity_logs_action_timestamp_idx').on(t.action, t.timestamp.desc()),
    index('activity_logs_user_id_idx').on(t.userId),
    index('activity_logs_details_trgm_idx').using('gin', t.details.op('gin_trgm_ops')),
    index('activity_logs_user_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
  ],
);

export const schema = {
  users,
  products,
  incomingGoods,
  outgoingGoods,
  damagedGoods,
  orders,
  activityLogs,
};

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type IncomingGoodsRow = typeof incomingGoods.$inferSelect;
export type OutgoingGoodsRow = typeof outgoingGoods.$inferSelect;
export type DamagedGoodsRow = typeof damagedGoods.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ActivityLogRow = typeof activityLogs.$inferSelect;
