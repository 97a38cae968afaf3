import { useEffect } from 'react';

/** The app's name: the tab title of a page is 'Barang Keluar - Gudang'. */
export const PRODUCT_NAME = 'Gudang';

/** 'Barang Keluar - Gudang' for a page name, 'Gudang' without one. */
export function documentTitle(page: string | undefined): string {
  return page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the browser tab's title for the page shown, so that two tabs can be told apart. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
