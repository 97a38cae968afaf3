import { SpreadRow, formatInteger } from '@gudang/shared-ui';
import styled from 'styled-components';

/** A dashboard list's title and actions on one line ('Perlu Restock', 'Pesanan Kurang Stok'). */
export const SectionHeader = styled(SpreadRow)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    margin: 0;
  }
`;

/** The title with the count of the whole list ('Perlu Restock (12)'); the bare title while it loads. */
export const countedTitle = (title: string, total: number | undefined): string =>
  total === undefined ? title : `${title} (${formatInteger(total)})`;
