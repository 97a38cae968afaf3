import { WholeWords } from './keep-whole';
import type { TableColumn } from './table';

/** A product's Kategori and Merk columns: the names wrap only between words, never mid-word. */
export function categoryBrandColumns<
  T extends { category: string; brand: string },
>(): TableColumn<T>[] {
  return [
    {
      key: 'category',
      header: 'Kategori',
      render: (row) => <WholeWords>{row.category}</WholeWords>,
    },
    { key: 'brand', header: 'Merk', render: (row) => <WholeWords>{row.brand}</WholeWords> },
  ];
}
