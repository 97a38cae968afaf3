let apiBaseUrl = '';

/** The API origin, e.g. 'https://api.example.com'; '' (the default) means the page's origin. */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}
