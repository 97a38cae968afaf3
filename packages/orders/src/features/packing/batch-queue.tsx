import type { PickBatch } from '@gudang/api-client';
import { Button } from '@gudang/shared-ui';
import { useEffect } from 'react';
import styled from 'styled-components';
import { isDropped, isShippableStatus } from '../marketplace-orders/shippable';
import { useGetPickBatchQuery } from '../pick-batches/pick-batches-api';
import { PACKING_TEXTS } from './packing-texts';

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: center;
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** The batch's next order to pack: the first in label order not shipped and still shippable. */
const nextOf = (orders: PickBatch['orders']) =>
  // Cancelled (or returned, or unpaid) since the batch was made: skipped, never offered.
  orders.find(
    (order) => !order.shipped && order.resi_number !== null && isShippableStatus(order.status),
  );

/** Another packer's packages show within this long without a click. */
const POLL_MS = 15_000;

/**
 * Scan Kirim opened from a Daftar Ambil (`/packing?batch=12`): the batch's orders in label order,
 * the next one not yet shipped named (and opened with a click). Read again after each package,
 * every 15 s (two packers on one batch), and at the click, which opens the next resi of that
 * fresh read: never a package another packer has shipped since.
 */
export function BatchQueue({
  id,
  packed,
  onOpen,
}: {
  id: number;
  /** Today's packed count: the batch is read again when it changes. */
  packed: number;
  onOpen: (resi: string) => void;
}) {
  const batch = useGetPickBatchQuery(id, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const { refetch } = batch;
  useEffect(() => {
    void refetch();
  }, [packed, refetch]);
  if (batch.data === undefined) return null;
  const { orders, number } = batch.data;
  const shipped = orders.filter((order) => order.shipped).length;
  const next = nextOf(orders);
  const openNext = async () => {
    let fresh = orders;
    try {
      fresh = (await refetch().unwrap()).orders;
    } catch {
      // Unreachable (offline): the batch as last read.
    }
    const resi = nextOf(fresh)?.resi_number;
    if (resi) onOpen(resi);
  };
  const dropped = orders.filter(isDropped).length;
  return (
    <Box aria-label={PACKING_TEXTS.batchSection(number)}>
      <p>
        <strong>{PACKING_TEXTS.batchSection(number)}</strong>:{' '}
        {PACKING_TEXTS.batchProgress(shipped, orders.length)}
      </p>
      {next?.resi_number ? (
        <>
          <p>{PACKING_TEXTS.batchNext(next.position, next.resi_number, next.order_number)}</p>
          <Button size="sm" variant="ghost" onClick={() => void openNext()}>
            {PACKING_TEXTS.batchOpenNext}
          </Button>
        </>
      ) : (
        <p>{dropped === 0 ? PACKING_TEXTS.batchDone : PACKING_TEXTS.batchNothingLeft(dropped)}</p>
      )}
    </Box>
  );
}
