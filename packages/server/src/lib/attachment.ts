// The Content-Disposition of a file the server answers with (the filled stock file, the labels).

/** Content-Disposition with an ASCII name and the exact one (RFC 6266 / 5987). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
