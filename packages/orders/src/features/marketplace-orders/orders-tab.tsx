import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_STATUSES,
  MESSAGES,
} from '@gudang/api-client';
import type { MarketplaceOrder, ShipOrdersResult } from '@gudang/api-client';
import {
  BoundedDateFields,
  Button,
  CONFIRM_TEXTS,
  ChannelFilter,
  ChoiceFilter,
  FilterBar,
  IconButton,
  ListSearchBox,
  ListTable,
  TrashIcon,
  confirmAction,
  pageArgs,
  useConfirmedDelete,
  useListParams,
} from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import styled from 'styled-components';
import { useShipMarketplaceOrdersMutation } from '../packing/packing-api';
import { useDeleteMarketplaceOrderMutation, useGetMarketplaceOrdersQuery } from './marketplace-api';
import { ShipResult } from './ship-result';
import { MARKETPLACE_TEXTS, STATUS_LABELS } from './marketplace-texts';
import { orderColumns } from './order-columns';
import { OrderDetailModal } from './order-detail-modal';
import type { MarketplaceFilters } from './use-marketplace-filters';
import { useCan } from './use-can';
import { isShippableStatus } from './shippable';

// The search box has no visible label, the selects and dates have one: align their bottoms.
const Filters = styled(FilterBar)`
  > div:not(:first-child) {
    flex: 0 1 160px;
    > div {
      margin-bottom: 0;
    }
  }
  > div:first-child {
    flex: 1 1 220px;
  }
`;

const Actions = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
`;

/** Not shipped, in a status the server ships, with a resi and every line imported. */
const shippable = (order: MarketplaceOrder) =>
  !order.shipped &&
  isShippableStatus(order.status) &&
  (order.resi_number ?? '').trim() !== '' &&
  order.skipped_lines.length === 0;

/** The imported orders: filters in the URL, the detail of one, delete for the manager. */
export function OrdersTab({ filters }: { filters: MarketplaceFilters }) {
  const list = useListParams();
  const canDelete = useCan('DELETE /api/marketplace-orders/:id');
  const [shown, setShown] = useState<MarketplaceOrder | null>(null);
  const query = useGetMarketplaceOrdersQuery(
    filters.valid
      ? {
          ...pageArgs(list),
          startDate: filters.startDate,
          endDate: filters.endDate,
          ...(filters.channel ? { channel: filters.channel } : {}),
          ...(filters.status ? { status: filters.status } : {}),
        }
      : skipToken,
  );
  const [deleteOrder] = useDeleteMarketplaceOrderMutation();
  const remove = useConfirmedDelete(deleteOrder, {
    confirm: CONFIRM_TEXTS.deleteData,
    success: MARKETPLACE_MESSAGES.orderDeleted,
    failure: MARKETPLACE_TEXTS.deleteFailed,
  });

  // 'Catat sebagai Barang Keluar' (the manager): the selected orders shipped without scanning.
  const canShip = useCan('POST /api/marketplace-orders/ship');
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(new Map());
  const [shipOrders, shipping] = useShipMarketplaceOrdersMutation();
  const [shipResult, setShipResult] = useState<{
    result: ShipOrdersResult | null;
    numbers: ReadonlyMap<number, string>;
    failed: boolean;
  } | null>(null);
  const toggle = (order: MarketplaceOrder) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(order.id)) next.delete(order.id);
      else next.set(order.id, order.order_number);
      return next;
    });
  async function shipSelected() {
    const numbers = selected;
    if (!confirmAction(MARKETPLACE_TEXTS.shipConfirm(numbers.size))) return;
    try {
      const result = await shipOrders({ ids: [...numbers.keys()] }).unwrap();
      setShipResult({ result, numbers, failed: false });
      setSelected(new Map());
    } catch {
      setShipResult({ result: null, numbers, failed: true });
    }
  }

  const baseColumns = orderColumns((order) => (
    <Actions>
      <Button size="sm" variant="ghost" onClick={() => setShown(order)}>
        {MARKETPLACE_TEXTS.detail}
      </Button>
      <IconButton
        label={canDelete ? 'Hapus' : MESSAGES.managerOnlyDelete}
        icon={<TrashIcon />}
        tone="red"
        disabled={!canDelete}
        onClick={() => void remove(order.id)}
      />
    </Actions>
  ));
  const columns = canShip
    ? [
        {
          key: 'select',
          header: MARKETPLACE_TEXTS.select,
          nowrap: true,
          render: (order: MarketplaceOrder) => (
            <input
              type="checkbox"
              aria-label={MARKETPLACE_TEXTS.selectOrder(order.order_number)}
              title={
                shippable(order)
                  ? undefined
                  : order.skipped_lines.length > 0
                    ? MARKETPLACE_TEXTS.notShippableIncomplete(order.order_number)
                    : MARKETPLACE_TEXTS.notShippable(order.order_number)
              }
              disabled={!shippable(order)}
              checked={selected.has(order.id)}
              onChange={() => toggle(order)}
            />
          ),
        },
        ...baseColumns,
      ]
    : baseColumns;

  return (
    <>
      <Filters>
        <ListSearchBox list={list} placeholder={MARKETPLACE_TEXTS.search} />
        <ChannelFilter
          channels={MARKETPLACE_CHANNELS}
          value={filters.channel}
          onChange={filters.setChannel}
        />
        <ChoiceFilter
          label={FIELDS.status.label}
          placeholder={MARKETPLACE_TEXTS.allStatuses}
          values={MARKETPLACE_STATUSES}
          labels={STATUS_LABELS}
          value={filters.status}
          onChange={filters.setStatus}
        />
        {/* Each date bounds the other, as on the other marketplace lists. */}
        <BoundedDateFields range={filters} />
        <Button variant="ghost" disabled={!filters.active} onClick={filters.reset}>
          {MARKETPLACE_TEXTS.reset}
        </Button>
        {canShip ? (
          <Button
            disabled={selected.size === 0 || shipping.isLoading}
            onClick={() => void shipSelected()}
          >
            {MARKETPLACE_TEXTS.shipSelected(selected.size)}
          </Button>
        ) : null}
      </Filters>
      {shipResult === null ? null : (
        <ShipResult
          result={shipResult.result}
          numbers={shipResult.numbers}
          failed={shipResult.failed}
          onClose={() => setShipResult(null)}
        />
      )}
      <ListTable
        query={query}
        list={list}
        label={MARKETPLACE_TEXTS.ordersTable}
        columns={columns}
        rowKey="id"
        emptyText={MARKETPLACE_TEXTS.empty}
      />
      {shown ? <OrderDetailModal order={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
