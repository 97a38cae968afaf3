// Demo data for a fresh install (SEED_DEMO): two accounts and a believable shop, dated around
// today in the shop's time zone. Deterministic, consistent with the stock rule
// current = initial + incoming - outgoing, and written in one transaction.
import {
  MARKETPLACE_CHANNEL_LABELS,
  type ActivityAction,
  type MarketplaceChannel,
  type MarketplaceStatus,
} from '@gudang/api-client/contract';
import { count } from 'drizzle-orm';
import { addDays, todayIn, zonedTime } from '../lib/dates';
import type { Db } from '../db/client';
import {
  BANKS,
  CATEGORY_PREFIX,
  DAMAGE_REASONS,
  DEMO_CATALOG,
  PLATFORMS,
  RESI_PREFIX,
  type Platform,
} from './seed-catalog';
import {
  activityLogs,
  damagedGoods,
  incomingGoods,
  marketplaceOrderLines,
  marketplaceOrders,
  orders,
  outgoingGoods,
  products,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/password';

export const DEMO_ACCOUNTS = [
  { email: 'manager@gudang.test', password: 'manager123', name: 'Manajer Demo', role: 'manager' },
  { email: 'admin@gudang.test', password: 'admin123', name: 'Admin Demo', role: 'admin' },
] as const;

/** How many days of history the demo shop has, ending today. */
const HISTORY_DAYS = 28;
/** One sale (outgoing record) of the demo shop is at most this many units, as a real day's are. */
export const SEED_MAX_SALE = 5;
/** The products that sell out or run low do so over this many last days, not in one record. */
const SELL_DOWN_DAYS = 7;
const ORDER_DAYS_AHEAD = 5;
const SEED = 20261121;

export interface SeedOptions {
  timeZone: string;
  /** Overrides "now" (tests). */
  now?: Date;
}

/** mulberry32: small, fast and deterministic. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const digits = (length: number): string =>
    Array.from({ length }, () => String(int(0, 9))).join('');
  return { next, int, pick, digits, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof createRandom>;

function uniqueResi(random: Random, platform: Platform, used: Set<string>): string {
  for (;;) {
    const resi = `${RESI_PREFIX[platform]}${random.digits(10)}`;
    if (!used.has(resi)) {
      used.add(resi);
      return resi;
    }
  }
}

interface PlannedProduct {
  barcodeId: string;
  code: string;
  name: string;
  category: string;
  brand: string;
  cost: number;
  price: number;
  initialStock: number;
  currentStock: number;
  createdDate: string;
}

interface PlannedIncoming {
  product: number;
  date: string;
  resiNumber: string;
  quantity: number;
  platform: Platform;
}

interface PlannedOutgoing {
  product: number;
  date: string;
  resiNumber: string;
  quantity: number;
  purchasePrice: number;
  sellingPrice: number;
  discount: number;
}

/** Plans every row in memory first, so the inserts are a handful of bulk statements. */
function planShop(random: Random, today: string) {
  const firstDay = addDays(today, -(HISTORY_DAYS - 1));
  const codeCounters = new Map<string, number>();
  const planned: PlannedProduct[] = DEMO_CATALOG.map((item, index) => {
    const prefix = CATEGORY_PREFIX[item.category] ?? 'PRD';
    const counter = (codeCounters.get(prefix) ?? 0) + 1;
    codeCounters.set(prefix, counter);
    const initialStock = random.int(5, 60);
    return {
      barcodeId: `899${String(1000000000 + index * 7919 + random.int(0, 999)).padStart(10, '0')}`,
      code: `${prefix}-${String(counter).padStart(3, '0')}`,
      name: item.name,
      category: item.category,
      brand: item.brand,
      cost: item.cost,
      price: item.price,
      initialStock,
      currentStock: initialStock,
      createdDate: addDays(firstDay, -random.int(3, 20)),
    };
  });

  const incoming: PlannedIncoming[] = [];
  const outgoing: PlannedOutgoing[] = [];
  const incomingResi = new Set<string>();
  const outgoingResi = new Set<string>();

  const addIncoming = (product: number, date: string, quantity: number) => {
    const platform = random.pick(PLATFORMS);
    incoming.push({
      product,
      date,
      quantity,
      platform,
      resiNumber: uniqueResi(random, platform, incomingResi),
    });
    (planned[product] as PlannedProduct).currentStock += quantity;
  };
  const addOutgoing = (product: number, date: string, quantity: number) => {
    const item = planned[product] as PlannedProduct;
    const discount = random.chance(0.2) ? random.int(2, 20) * 500 : 0;
    // Prices move a little between transactions, as they do in a real shop.
    const sellingPrice = item.price + (random.chance(0.25) ? random.int(-2, 2) * 1000 : 0);
    outgoing.push({
      product,
      date,
      quantity,
      purchasePrice: item.cost,
      sellingPrice,
      discount,
      resiNumber: uniqueResi(random, random.pick(PLATFORMS), outgoingResi),
    });
    item.currentStock -= quantity;
  };

  // Products the dashboard shows sold out or running low: restocked only before the sell-down.
  const sellsDown = (product: number) => product % 9 === 0 || product % 9 === 4;
  const sellDownStart = HISTORY_DAYS - SELL_DOWN_DAYS;

  // Day by day, incoming before outgoing, so stock never goes below zero along the way.
  for (let offset = 0; offset < HISTORY_DAYS; offset += 1) {
    const date = addDays(firstDay, offset);
    planned.forEach((item, product) => {
      const restock = !sellsDown(product) || offset < sellDownStart;
      if (restock && random.chance(0.1)) addIncoming(product, date, random.int(2, 6) * 5);
      if (random.chance(0.3)) {
        const quantity = random.int(1, 4);
        if (item.currentStock >= quantity) addOutgoing(product, date, quantity);
      }
    });
  }

  // Make the dashboard interesting: some products sold out today, some running low. The stock
  // goes in small sales spread over the last days (no incoming then, so it never dips below 0).
  const sellDown = (product: number, units: number) => {
    let left = units;
    while (left > 0) {
      const quantity = Math.min(left, random.int(1, SEED_MAX_SALE));
      addOutgoing(product, addDays(today, -random.int(0, SELL_DOWN_DAYS - 1)), quantity);
      left -= quantity;
    }
  };
  planned.forEach((item, product) => {
    if (product % 9 === 0 && item.currentStock > 0) {
      sellDown(product, item.currentStock);
    } else if (product % 9 === 4) {
      const target = random.int(1, 10);
      if (item.currentStock < target) addIncoming(product, today, target - item.currentStock);
      if (item.currentStock > target) sellDown(product, item.currentStock - target);
    }
  });

  return { planned, incoming, outgoing, outgoingResi };
}

/**
 * The buyers' orders waiting to be packed, as an imported order file leaves them: a first look
 * at Pesanan Marketplace and Scan Kirim shows real packages (their lines' SKUs are the products'
 * codes, so they need no mapping). One cancelled and one unpaid show what Scan Kirim refuses.
 */
/** The demo's marketplaces: each channel whose label is a seed platform (not BigSeller). */
type DemoChannel = Exclude<MarketplaceChannel, 'bigseller'>;

const DEMO_MARKETPLACE: readonly {
  channel: DemoChannel;
  status: MarketplaceStatus;
  /** The marketplace's own words for it. */
  statusText: string;
  /** Days before today. */
  age: number;
}[] = [
  { channel: 'shopee', status: 'perlu_dikirim', statusText: 'Perlu Dikirim', age: 0 },
  { channel: 'shopee', status: 'perlu_dikirim', statusText: 'Perlu Dikirim', age: 0 },
  { channel: 'tiktok', status: 'perlu_dikirim', statusText: 'Awaiting Shipment', age: 0 },
  { channel: 'lazada', status: 'perlu_dikirim', statusText: 'Siap Dikirim', age: 0 },
  { channel: 'tokopedia', status: 'perlu_dikirim', statusText: 'Pesanan Diproses', age: 0 },
  { channel: 'shopee', status: 'perlu_dikirim', statusText: 'Perlu Dikirim', age: 1 },
  { channel: 'tiktok', status: 'perlu_dikirim', statusText: 'Awaiting Shipment', age: 1 },
  { channel: 'shopee', status: 'belum_bayar', statusText: 'Belum Bayar', age: 0 },
  { channel: 'lazada', status: 'batal', statusText: 'Dibatalkan', age: 1 },
];

/** An order number as each marketplace writes it. */
function orderNumberOf(random: Random, channel: MarketplaceChannel, date: string): string {
  const compact = date.replaceAll('-', '');
  const letters = () =>
    Array.from({ length: 8 }, () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[random.int(0, 33)]).join(
      '',
    );
  switch (channel) {
    case 'shopee':
      return `${compact.slice(2)}${letters()}`;
    case 'tiktok':
      return `57${random.digits(16)}`;
    case 'lazada':
      return `3${random.digits(14)}`;
    case 'tokopedia':
      return `INV/${compact}/MPL/${random.digits(10)}`;
    default:
      return random.digits(12);
  }
}

/** Creates the demo accounts and shop when the database has no users. Returns whether it did. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<boolean> {
  const now = options.now ?? new Date();
  const today = todayIn(options.timeZone, now);
  const random = createRandom(SEED);
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(users);
    if ((existing?.value ?? 0) > 0) return false;

    const [manager, admin] = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account, index) => ({
          ...account,
          passwordHash: hashes[index] as string,
        })),
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    if (manager === undefined || admin === undefined)
      throw new Error('demo users were not created');
    const staff = [manager, admin];

    const at = (date: string): Date => {
      const instant = zonedTime(date, random.int(8, 20), random.int(0, 59), options.timeZone);
      return instant.getTime() > now.getTime()
        ? new Date(now.getTime() - random.int(1, 120) * 60_000)
        : instant;
    };

    const { planned, incoming, outgoing, outgoingResi } = planShop(random, today);
    const productRows = await tx
      .insert(products)
      .values(
        planned.map((item) => {
          const createdAt = at(item.createdDate);
          return {
            barcodeId: item.barcodeId,
            code: item.code,
            name: item.name,
            category: item.category,
            brand: item.brand,
            initialStock: item.initialStock,
            currentStock: item.currentStock,
            // The default prices a new sale takes: the same the demo's own sales were made at.
            purchasePrice: item.cost,
            sellingPrice: item.price,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: products.id });
    const productId = (index: number): number => (productRows[index] as { id: number }).id;
    const productOf = (index: number): PlannedProduct => planned[index] as PlannedProduct;

    const logs: (typeof activityLogs.$inferInsert)[] = [];
    const log = (
      action: ActivityAction,
      actor: (typeof staff)[number],
      details: string,
      timestamp: Date,
    ) =>
      logs.push({
        action,
        userId: actor.id,
        userName: actor.name,
        userEmail: actor.email,
        details,
        timestamp,
      });

    planned.forEach((item) =>
      log(
        'CREATE_PRODUCT',
        manager,
        `Menambahkan produk ${item.name} (${item.code})`,
        at(item.createdDate),
      ),
    );

    /** A movement of the history, made and logged by one of the staff: the columns both kinds share. */
    const movement = (
      row: PlannedIncoming | PlannedOutgoing,
      action: ActivityAction,
      details: string,
    ) => {
      const actor = random.pick(staff);
      const createdAt = at(row.date);
      log(action, actor, details, createdAt);
      return {
        productId: productId(row.product),
        date: row.date,
        resiNumber: row.resiNumber,
        quantity: row.quantity,
        createdBy: actor.id,
        createdAt,
        updatedAt: createdAt,
      };
    };
    const incomingValues = incoming.map((row) => {
      const item = productOf(row.product);
      const details = `Barang masuk ${item.name} (${item.code}) sebanyak ${row.quantity}, resi ${row.resiNumber}, platform ${row.platform}`;
      return { ...movement(row, 'INCOMING_GOODS', details), platform: row.platform };
    });
    const outgoingValues = outgoing.map((row) => {
      const item = productOf(row.product);
      const details = `Barang keluar ${item.name} (${item.code}) sebanyak ${row.quantity}, resi ${row.resiNumber}`;
      return {
        ...movement(row, 'OUTGOING_GOODS', details),
        barcode: item.barcodeId,
        purchasePrice: row.purchasePrice,
        sellingPrice: row.sellingPrice,
        discount: row.discount,
      };
    });
    if (incomingValues.length > 0) await tx.insert(incomingGoods).values(incomingValues);
    if (outgoingValues.length > 0) await tx.insert(outgoingGoods).values(outgoingValues);

    const damagedValues = Array.from({ length: 9 }, () => {
      const index = random.int(0, planned.length - 1);
      const item = productOf(index);
      const date = addDays(today, -random.int(0, HISTORY_DAYS - 1));
      const createdAt = at(date);
      const actor = random.pick(staff);
      const stock = random.int(1, 3);
      log(
        'DAMAGED_GOODS',
        actor,
        `Barang rusak ${item.name} (${item.code}) sebanyak ${stock}`,
        createdAt,
      );
      return {
        productId: productId(index),
        barcodeId: item.barcodeId,
        code: item.code,
        name: item.name,
        stock,
        category: item.category,
        brand: item.brand,
        damageReason: random.pick(DAMAGE_REASONS),
        date,
        createdBy: actor.id,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await tx.insert(damagedGoods).values(damagedValues);

    // Orders to suppliers: most arrive later as incoming goods (same resi, within 3 days), some
    // with a different quantity, some not (yet) matched, a few placed for the coming days.
    const orderValues = Array.from({ length: 45 }, (_, n) => {
      const source = incoming[random.int(0, incoming.length - 1)];
      const kind = n % 9;
      let product: number;
      let date: string;
      let quantity: number;
      let resiNumber: string;
      if (source !== undefined && kind < 5) {
        product = source.product;
        date = addDays(source.date, -random.int(0, 3));
        quantity = kind === 4 ? source.quantity + 5 : source.quantity;
        resiNumber = source.resiNumber;
      } else {
        product = random.int(0, planned.length - 1);
        date = addDays(today, random.int(-(HISTORY_DAYS - 1), ORDER_DAYS_AHEAD));
        quantity = random.int(1, 6) * 5;
        resiNumber = `${RESI_PREFIX[random.pick(PLATFORMS)]}${random.digits(10)}`;
      }
      const item = productOf(product);
      const createdAt = at(date < today ? date : today);
      log(
        'CREATE_ORDER',
        manager,
        `Order ${item.name} (${item.code}) sebanyak ${quantity}, resi ${resiNumber}`,
        createdAt,
      );
      return {
        productId: productId(product),
        date,
        quantity,
        price: item.cost,
        resiNumber,
        bank: random.chance(0.8) ? random.pick(BANKS) : null,
        createdBy: manager.id,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await tx.insert(orders).values(orderValues);

    // Orders to pack: one to three products each, at the marketplace's price (sometimes
    // discounted), their resi unlike any Barang Keluar's. Every package can leave: what the
    // orders hold is taken from what the products have left.
    const left = planned.map((item) => item.currentStock);
    for (const demo of DEMO_MARKETPLACE) {
      const date = addDays(today, -demo.age);
      const chosen = new Set<number>();
      for (let line = random.int(1, 3); line > 0; line -= 1) {
        const packable = left.flatMap((stock, index) => (stock >= 2 ? [index] : []));
        chosen.add(random.pick(packable));
      }
      const lines = [...chosen].map((index) => {
        const item = productOf(index);
        const quantity = random.int(1, 2);
        left[index] = (left[index] ?? 0) - quantity;
        return {
          sku: item.code,
          productName: item.name,
          quantity,
          unitPrice: item.price - (random.chance(0.4) ? random.int(1, 5) * 500 : 0),
        };
      });
      const [order] = await tx
        .insert(marketplaceOrders)
        .values({
          channel: demo.channel,
          orderNumber: orderNumberOf(random, demo.channel, date),
          resiNumber: uniqueResi(random, MARKETPLACE_CHANNEL_LABELS[demo.channel], outgoingResi),
          status: demo.status,
          statusText: demo.statusText,
          date,
          total: lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0),
        })
        .returning({ id: marketplaceOrders.id });
      if (order === undefined) throw new Error('demo marketplace order was not created');
      await tx
        .insert(marketplaceOrderLines)
        .values(lines.map((line) => ({ ...line, orderId: order.id })));
    }
    log(
      'IMPORT_MARKETPLACE_ORDERS',
      manager,
      `Impor pesanan demo: ${DEMO_MARKETPLACE.length} pesanan marketplace`,
      at(today),
    );

    for (let offset = HISTORY_DAYS - 1; offset >= 0; offset -= 1) {
      const date = addDays(today, -offset);
      for (const actor of staff)
        if (random.chance(0.7)) log('LOGIN', actor, 'Login berhasil', at(date));
    }
    logs.sort((a, b) => (a.timestamp as Date).getTime() - (b.timestamp as Date).getTime());
    await tx.insert(activityLogs).values(logs);
    return true;
  });
}
