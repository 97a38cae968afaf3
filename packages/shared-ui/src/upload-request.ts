/** Uploads, previews and commits of large files may take longer than the usual 10 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The POST of a file to `url`: its text fields first (those undefined left out), since the
 * server reads them before it streams the file part, then the file under its own name.
 */
export function uploadRequest(
  url: string,
  fields: Readonly<Record<string, string | number | undefined>>,
  file: File,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) body.set(key, String(value));
  }
  body.set('file', file, file.name);
  return { url, method: 'POST', body, timeout: UPLOAD_TIMEOUT_MS } as const;
}
