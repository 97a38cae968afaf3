import styled from 'styled-components';

// Values a person compares character by character (resi, barcodes, codes, amounts) and names
// that are one word (brands) must not break inside, even where a table cell allows breaking
// anywhere so that the table fits its frame (table.tsx: overflow-wrap: anywhere).

/**
 * One value on one line: a resi, barcode, product code or amount ('Rp 19.000,00' stays with its
 * 'Rp', 'AKS-003' is not broken at its hyphen). Also in prints. On a phone's card (a Table's
 * cards) a value wider than the card still breaks, where it must, rather than widen the page (a
 * Tokopedia invoice number, 'INV/20261202/MPL/4562674689', at 375 px).
 */
export const Unbroken = styled.span`
  white-space: nowrap;
  overflow-wrap: normal;
  word-break: normal;

  [data-layout='cards'] & {
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

/**
 * Text that wraps between its words (brand names, categories, banks), inside a word only when that
 * word alone is wider than its line: never in a table column (which is at least as wide as its
 * longest word), but a phone's card does not grow past the screen for one.
 */
export const WholeWords = styled.span`
  overflow-wrap: break-word;
  word-break: normal;
  hyphens: manual;
`;
