// The central directory of a zip (an xlsx), found by its end record: the order import's
// inflation guard (sheet-worker.ts) and the income file's reader (settlements) both start there.

/**
 * Where a zip's central directory starts and how many entries it lists, from its end record (in
 * the last 22 bytes + 64 KiB of comment); null when there is none.
 */
export function zipDirectory(
  file: Uint8Array,
): { view: DataView; start: number; count: number } | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const lowest = Math.max(0, file.length - 22 - 0xffff);
  for (let at = file.length - 22; at >= lowest; at -= 1)
    if (view.getUint32(at, true) === 0x06054b50)
      return { view, start: view.getUint32(at + 16, true), count: view.getUint16(at + 10, true) };
  return null;
}
