// Helpers of the tests that reach the label routes from outside this module (the audit trail,
// the hostile-input walk): a label file of one Shopee label with the given resi.
import { labelPdf } from './fixtures/label-pdfs';

export { labelPdf };

/** One Shopee SPX label (100 x 150 mm) with this resi, as a Buffer to upload. */
export async function oneLabel(resi: string): Promise<Buffer> {
  return Buffer.from(await labelPdf([{ layout: 'shopee-spx', resi, orderNumber: `${resi}-ORD` }]));
}
