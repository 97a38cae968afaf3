import {
  BARCODE_FONT_SIZE,
  BARCODE_FORMAT,
  BARCODE_MARGIN,
  BARCODE_SIZES,
  BARCODE_TEXT_MARGIN,
} from '@gudang/api-client';
import type { BarcodeSize } from '@gudang/api-client';
import JsBarcode from 'jsbarcode';

export interface BarcodeLook {
  size: BarcodeSize;
  showText: boolean;
}

/** The jsbarcode options of docs/product.md point 9 for a size and the 'Tampilkan Teks' choice. */
export function barcodeOptions({ size, showText }: BarcodeLook): JsBarcode.Options {
  return {
    format: BARCODE_FORMAT,
    width: BARCODE_SIZES[size].width,
    height: BARCODE_SIZES[size].height,
    displayValue: showText,
    fontSize: showText ? BARCODE_FONT_SIZE : 0,
    textMargin: BARCODE_TEXT_MARGIN,
    margin: BARCODE_MARGIN,
    background: '#ffffff',
    lineColor: '#000000',
  };
}

/** Whether CODE128 can encode `text` (encoded into a plain object: nothing is drawn). */
export function canEncode(text: string): boolean {
  if (text === '') return false;
  try {
    JsBarcode({}, text, { format: BARCODE_FORMAT });
    return true;
  } catch {
    return false;
  }
}

/**
 * Draws `text` as CODE128 on an <svg> (the preview, the printed labels) or a <canvas> (the PNG
 * download). False when CODE128 cannot encode the text (for example characters beyond ASCII).
 */
export function drawBarcode(
  target: SVGSVGElement | HTMLCanvasElement,
  text: string,
  look: BarcodeLook,
): boolean {
  let valid = true;
  try {
    JsBarcode(target, text, {
      ...barcodeOptions(look),
      valid: (ok) => {
        valid = ok;
      },
    });
  } catch {
    return false;
  }
  return valid;
}

/** The barcode as a PNG image, drawn at its natural size (one canvas pixel per module unit). */
export function barcodePng(text: string, look: BarcodeLook): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  if (!drawBarcode(canvas, text, look)) return Promise.resolve(null);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
