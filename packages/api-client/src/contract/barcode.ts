import { Type, type Static } from '@sinclair/typebox';
import { RequiredText } from './common';

export const BarcodeProduct = Type.Object({
  code: Type.String(),
  name: Type.String(),
  barcode_id: Type.String(),
});
export type BarcodeProduct = Static<typeof BarcodeProduct>;

/** POST /api/barcode/generate: sent after a download or print; logs GENERATE_BARCODE. */
export const GenerateBarcodeRequest = Type.Object({ product_code: RequiredText(100) });
export type GenerateBarcodeRequest = Static<typeof GenerateBarcodeRequest>;

export const GenerateBarcodeResponse = Type.Object({
  message: Type.String(),
  data: BarcodeProduct,
});
export type GenerateBarcodeResponse = Static<typeof GenerateBarcodeResponse>;
