export { CAMERA_TEXTS, CameraScan, CameraScanField, cameraErrorMessage } from './camera-scan';
export type { CameraScanProps } from './camera-scan';
export { SCAN_FORMATS, ZXING_WASM_PATH, createDetector, zxingWasmUrl } from './detector';
export type { CodeDetector, DetectorOptions } from './detector';
export { namingScan, refusalBuzz, typeAsScanner } from './feedback';
export { keepScanFocus } from './scan-focus';
