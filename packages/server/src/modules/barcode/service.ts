import type { BarcodeProduct } from '@gudang/api-client/contract';
import type { Db } from '../../db/client';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { findProductByCode } from '../../lib/stock-kernel';

/**
 * Logs GENERATE_BARCODE for the product of the code (any letter case); null when no product has
 * it, and then nothing is logged.
 */
export async function recordBarcodeGenerated(
  db: Db,
  code: string,
  actor: ActivityActor,
): Promise<BarcodeProduct | null> {
  const product = await findProductByCode(db, code.trim());
  if (product === null) return null;
  await logActivity(db, {
    action: 'GENERATE_BARCODE',
    user: actor,
    details: `Membuat barcode produk ${product.name} (${product.code}), barcode ${product.barcodeId}`,
  });
  return { code: product.code, name: product.name, barcode_id: product.barcodeId };
}
