import { RESERVATION_MESSAGES } from '@gudang/api-client';
import type { MarketplaceStore } from '@gudang/api-client/contract';
import {
  Badge,
  Button,
  CONFIRM_TEXTS,
  Card,
  EditIcon,
  IconButton,
  MutedText,
  PlusIcon,
  TABLE_TEXTS,
  Table,
  Toolbar,
  TrashIcon,
  numberColumn,
  tableState,
  useConfirmedDelete,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import {
  useDeleteMarketplaceStoreMutation,
  useGetMarketplaceStoresQuery,
  useGetReservationSettingsQuery,
} from './marketplace-api';
import { CHANNEL_LABELS, STORE_TEXTS } from './marketplace-texts';
import { count } from './order-columns';
import { ProgressNote } from './progress-note';
import { ReservationSettingsForm } from './reservation-settings-form';
import { StoreForm } from './store-form';
import { useCan } from './use-can';

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.redText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StoresToolbar = styled(Toolbar)`
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

type FormState = { open: false } | { open: true; record: MarketplaceStore | null };

/**
 * Toko & Cadangan: the shop's stores per marketplace with the buffer each keeps back from the
 * stock file, the channels' default buffers and whether unpaid orders hold stock. The manager
 * keeps them; an admin reads them.
 */
export function StoresTab() {
  const canEditStores = useCan('POST /api/marketplace-stores');
  const canEditSettings = useCan('PUT /api/settings');
  const [form, setForm] = useState<FormState>({ open: false });
  const settingsQuery = useGetReservationSettingsQuery();
  const storesQuery = useGetMarketplaceStoresQuery({});
  const [deleteStore] = useDeleteMarketplaceStoreMutation();
  const remove = useConfirmedDelete(deleteStore, {
    confirm: CONFIRM_TEXTS.deleteData,
    success: RESERVATION_MESSAGES.storeDeleted,
    failure: STORE_TEXTS.deleteFailed,
  });
  const settings = settingsQuery.data;

  const columns: TableColumn<MarketplaceStore>[] = [
    {
      key: 'channel',
      header: 'Channel',
      nowrap: true,
      render: (row) => CHANNEL_LABELS[row.channel],
    },
    {
      key: 'name',
      header: STORE_TEXTS.name,
      render: (row) =>
        row.is_default ? (
          <>
            {row.name} <Badge tone="blue">{STORE_TEXTS.main}</Badge>
          </>
        ) : (
          row.name
        ),
    },
    numberColumn('buffer', 'Stok Cadangan', (row) =>
      row.buffer === null ? (
        <Muted>{STORE_TEXTS.channelBuffer(row.effective_buffer)}</Muted>
      ) : (
        count(row.buffer)
      ),
    ),
    numberColumn('order_count', STORE_TEXTS.orders, (row) => count(row.order_count)),
    // Read only for the admin: no column of buttons that could not be used.
    ...(canEditStores
      ? [
          {
            key: 'actions',
            header: 'Aksi',
            nowrap: true,
            render: (row: MarketplaceStore) => (
              <Actions>
                <IconButton
                  label={STORE_TEXTS.edit(row.name)}
                  icon={<EditIcon />}
                  tone="primary"
                  onClick={() => setForm({ open: true, record: row })}
                />
                {/* A store with orders stays (the server refuses it too): said on the button. */}
                <IconButton
                  label={
                    row.order_count > 0
                      ? RESERVATION_MESSAGES.storeHasOrders(row.order_count)
                      : STORE_TEXTS.remove(row.name)
                  }
                  icon={<TrashIcon />}
                  tone="red"
                  disabled={row.order_count > 0}
                  onClick={() => void remove(row.id)}
                />
              </Actions>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card title={STORE_TEXTS.settingsTitle}>
        <MutedText $below="lg">{STORE_TEXTS.settingsIntro}</MutedText>
        {canEditSettings ? null : <MutedText $below="lg">{STORE_TEXTS.readOnly}</MutedText>}
        {settings ? (
          <ReservationSettingsForm settings={settings} canEdit={canEditSettings} />
        ) : settingsQuery.isError ? (
          <Failure role="alert">{STORE_TEXTS.settingsLoadFailed}</Failure>
        ) : (
          <ProgressNote label={TABLE_TEXTS.loading} />
        )}
      </Card>
      <Card title={STORE_TEXTS.storesTitle}>
        <MutedText $below="lg">{STORE_TEXTS.storesIntro}</MutedText>
        {canEditStores ? (
          <StoresToolbar>
            <Button icon={<PlusIcon />} onClick={() => setForm({ open: true, record: null })}>
              {STORE_TEXTS.add}
            </Button>
          </StoresToolbar>
        ) : null}
        <Table
          label={STORE_TEXTS.table}
          columns={columns}
          rows={storesQuery.currentData?.data ?? []}
          rowKey="id"
          emptyText={STORE_TEXTS.empty}
          {...tableState(storesQuery)}
        />
      </Card>
      {form.open ? (
        <StoreForm
          record={form.record}
          settings={settings}
          onClose={() => setForm({ open: false })}
        />
      ) : null}
    </>
  );
}
