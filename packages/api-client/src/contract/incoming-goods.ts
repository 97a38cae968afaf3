import { Type, type Static } from '@sinclair/typebox';
import {
  ChoiceField,
  DataOf,
  DateField,
  DateString,
  IdField,
  IntegerField,
  MoneyField,
  ListOf,
  PageQuery,
  ResiField,
  SavedOf,
  TextField,
} from './common';
import { FIELDS, MAX_MOVEMENT_QUANTITY, MOVEMENT_LIST_SORTS, MOVEMENT_SORTS } from './constants';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export { MAX_MOVEMENT_QUANTITY, MOVEMENT_LIST_SORTS };

/** Quantity of a movement or damaged record: an integer from 1 ('Jumlah harus lebih dari 0'). */
export const MovementQuantity = IntegerField({ minimum: 1, maximum: MAX_MOVEMENT_QUANTITY });

/** Tanggal (Terbaru) = date (default, newest first), Merek (A-Z) = brand, Merek (Z-A) = brand_desc. */
export const MovementSort = ChoiceField(MOVEMENT_SORTS);
export type MovementSort = Static<typeof MovementSort>;

/**
 * The first columns of every incoming, outgoing, List Order and stock adjustment row; code to
 * brand come from the product.
 */
export const StockMovementRowBase = Type.Object({
  id: Type.Integer(),
  date: DateString,
  product_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
});
export type StockMovementRowBase = Static<typeof StockMovementRowBase>;

/**
 * The product of an incoming, outgoing or List Order body: found by product_code; the name,
 * category and brand sent along are not trusted (the product's own are used).
 */
export const ProductCodeInput = {
  product_code: TextField({ maxLength: FIELDS.product_code.maxLength }),
  product_name: Type.Optional(
    TextField({ maxLength: FIELDS.product_name.maxLength, required: false }),
  ),
  category: Type.Optional(TextField({ maxLength: FIELDS.category.maxLength, required: false })),
  brand: Type.Optional(TextField({ maxLength: FIELDS.brand.maxLength, required: false })),
};

/** The fields every incoming and outgoing body starts with. */
export const StockMovementInputBase = Type.Object({
  ...ProductCodeInput,
  resi_number: ResiField(),
  quantity: MovementQuantity,
});
export type StockMovementInputBase = Static<typeof StockMovementInputBase>;

/** Query of GET /api/incoming-goods and /api/outgoing-goods. */
export const StockMovementListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(MovementSort),
});
export type StockMovementListQuery = Static<typeof StockMovementListQuery>;

/** A row of GET /api/incoming-goods. */
export const IncomingGoods = Type.Object({
  ...StockMovementRowBase.properties,
  /** The product's barcode_id (the list's Barcode column). */
  barcode: Type.String(),
  resi_number: Type.String(),
  quantity: Type.Integer(),
  platform: Type.String(),
  /**
   * Harga Beli per unit of this receipt: what moves the product's moving-average cost.
   * Sent to the manager only: an admin may type it on a new receipt but never reads it back.
   */
  purchase_price: Type.Optional(Type.Number()),
});
export type IncomingGoods = Static<typeof IncomingGoods>;

/** Body of POST and PUT /api/incoming-goods. */
export const IncomingGoodsInput = Type.Object({
  ...StockMovementInputBase.properties,
  platform: TextField({ maxLength: FIELDS.platform.maxLength }),
  date: DateField(),
  /**
   * Harga Beli per unit (optional). Create: absent = the price of the List Order that matches the
   * arrival exactly (same product, resi and quantity, within 3 days), else the product's current
   * cost. Edit: absent = the stored price is kept.
   */
  purchase_price: Type.Optional(MoneyField(FIELDS.purchase_price.max)),
});
export type IncomingGoodsInput = Static<typeof IncomingGoodsInput>;

export const IncomingGoodsListQuery = StockMovementListQuery;
export type IncomingGoodsListQuery = StockMovementListQuery;

export const IncomingGoodsList = ListOf(IncomingGoods);
export type IncomingGoodsList = Static<typeof IncomingGoodsList>;

export const IncomingGoodsSaved = SavedOf(IncomingGoods);
export type IncomingGoodsSaved = Static<typeof IncomingGoodsSaved>;

/** GET /api/{incoming,outgoing}-goods/check-resi/{resi}. */
export const ResiParam = Type.Object({ resi: TextField({ maxLength: FIELDS.resi.maxLength }) });
export type ResiParam = Static<typeof ResiParam>;

/**
 * excludeId: the record being edited. product_code: the product the record is for; with it,
 * only the records that product may not share the resi with count (one package holds several
 * products, docs/adr/0014); without it, every other record using the resi.
 */
export const CheckResiQuery = Type.Object({
  excludeId: Type.Optional(IdField()),
  product_code: Type.Optional(
    TextField({ maxLength: FIELDS.product_code.maxLength, required: false }),
  ),
});
export type CheckResiQuery = Static<typeof CheckResiQuery>;

export const ResiDuplicate = Type.Object({
  id: Type.Integer(),
  product_name: Type.String(),
  date: DateString,
});
export type ResiDuplicate = Static<typeof ResiDuplicate>;

export const CheckResiResponse = Type.Object({
  isDuplicate: Type.Boolean(),
  duplicates: Type.Array(ResiDuplicate),
  /**
   * What the form says in place of 'Nomor resi ini sudah digunakan sebelumnya!' when no record of
   * the list holds the resi but something else does (Barang Keluar: a marketplace order's resi).
   */
  message: Type.Optional(Type.String()),
});
export type CheckResiResponse = Static<typeof CheckResiResponse>;

/**
 * GET /api/incoming-goods/for-comparison; productCodes is comma-separated. Without productCodes
 * (or sent empty) no product filter: every incoming record of the range.
 */
export const ComparisonQuery = Type.Object({
  productCodes: Type.Optional(TextField({ maxLength: 10_000, required: false })),
  startDate: DateField(),
  endDate: DateField(),
});
export type ComparisonQuery = Static<typeof ComparisonQuery>;

export const IncomingForComparison = Type.Object({
  product_name: Type.String(),
  product_code: Type.String(),
  resi_number: Type.String(),
  quantity: Type.Integer(),
  date: DateString,
});
export type IncomingForComparison = Static<typeof IncomingForComparison>;

export const ComparisonResponse = DataOf(Type.Array(IncomingForComparison));
export type ComparisonResponse = Static<typeof ComparisonResponse>;
