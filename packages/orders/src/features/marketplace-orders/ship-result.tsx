import type { ShipOrdersResult } from '@gudang/api-client';
import { Button } from '@gudang/shared-ui';
import styled from 'styled-components';
import { MARKETPLACE_TEXTS } from './marketplace-texts';

const Panel = styled.section`
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  p,
  ul {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
  }
`;

const Refused = styled.li`
  color: ${({ theme }) => theme.colors.red};
`;

export interface ShipResultProps {
  /** null: the request itself failed. */
  result: ShipOrdersResult | null;
  /** The order numbers of the ids sent. */
  numbers: ReadonlyMap<number, string>;
  failed: boolean;
  onClose: () => void;
}

/** What 'Catat sebagai Barang Keluar' did: the orders shipped, and each refused one with why. */
export function ShipResult({ result, numbers, failed, onClose }: ShipResultProps) {
  return (
    <Panel role="status" aria-label={MARKETPLACE_TEXTS.shipResult}>
      {failed || result === null ? (
        <p>{MARKETPLACE_TEXTS.shipFailed}</p>
      ) : (
        <>
          <p>{MARKETPLACE_TEXTS.shippedCount(result.shipped.length)}</p>
          {result.refused.length === 0 ? null : (
            <>
              <p>{MARKETPLACE_TEXTS.refusedCount(result.refused.length)}</p>
              <ul>
                {result.refused.map(({ id, message }) => (
                  <Refused key={id}>
                    {MARKETPLACE_TEXTS.refusedOrder(numbers.get(id) ?? `#${id}`, message)}
                  </Refused>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <Button size="sm" variant="ghost" onClick={onClose}>
        {MARKETPLACE_TEXTS.closeResult}
      </Button>
    </Panel>
  );
}
