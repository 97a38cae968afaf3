import { Type, type Static } from '@sinclair/typebox';
import { SavedOf, TextField } from './common';
import { FIELDS } from './constants';

export const BarcodeProduct = Type.Object({
  code: Type.String(),
  name: Type.String(),
  barcode_id: Type.String(),
});
export type BarcodeProduct = Static<typeof BarcodeProduct>;

/** POST /api/barcode/generate: sent after a download or print; logs GENERATE_BARCODE. */
export const GenerateBarcodeRequest = Type.Object({
  product_code: TextField({ maxLength: FIELDS.product_code.maxLength }),
});
export type GenerateBarcodeRequest = Static<typeof GenerateBarcodeRequest>;

/** The answer of POST /api/barcode/generate (the page does not show it). */
export const BARCODE_MESSAGES = {
  generated: (code: string) => `Barcode produk ${code} berhasil dicatat`,
} as const;

export const GenerateBarcodeResponse = SavedOf(BarcodeProduct);
export type GenerateBarcodeResponse = Static<typeof GenerateBarcodeResponse>;
