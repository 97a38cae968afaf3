// The barcode detector of the camera: the browser's own BarcodeDetector where it reads CODE128,
// else the `barcode-detector` ponyfill (ZXing in WebAssembly), imported only when a camera opens,
// its .wasm served by Gudang itself (/vendor/zxing_reader.wasm): never a CDN, the CSP stays strict
// and a shop offline still scans.
import { getApiBaseUrl } from '@gudang/api-client';

/** The formats of the shop's labels and the marketplaces' resi: CODE128, EAN-13/EAN-8, QR. */
export const SCAN_FORMATS = ['code_128', 'ean_13', 'ean_8', 'qr_code'] as const;

/** Where the server serves ZXing's reader (packages/server/src/plugins/static-files.ts). */
export const ZXING_WASM_PATH = '/vendor/zxing_reader.wasm';

export interface DetectedCode {
  rawValue: string;
}

/** What the camera loop needs of a detector. */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

export interface DetectorOptions {
  /** Use the ponyfill even where the browser has its own (tests, a browser that reads badly). */
  forcePonyfill?: boolean;
}

function nativeDetector(): DetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

export const zxingWasmUrl = (): string => `${getApiBaseUrl()}${ZXING_WASM_PATH}`;

/** A detector for SCAN_FORMATS: the browser's when it supports code_128, else the ponyfill. */
export async function createDetector(options: DetectorOptions = {}): Promise<CodeDetector> {
  const native = options.forcePonyfill === true ? null : nativeDetector();
  if (native !== null) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('code_128'))
      return new native({ formats: SCAN_FORMATS.filter((format) => supported.includes(format)) });
  }
  const ponyfill = await import('barcode-detector/ponyfill');
  ponyfill.prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingWasmUrl() : prefix + path,
    },
  });
  return new ponyfill.BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
