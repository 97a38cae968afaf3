import {
  MARKETPLACE_CHANNELS,
  MARKETPLACE_CHANNEL_LABELS,
  PICK_BATCH_DEFAULT_ORDERS,
  PICK_BATCH_MAX_ORDERS,
  errorMessage,
  errorStatus,
} from '@gudang/api-client';
import type { MarketplaceChannel, PickBatchSkipped } from '@gudang/api-client';
import {
  Button,
  DateField,
  Modal,
  ModalCancelButton,
  QuantityField,
  SelectField,
  readIntegerInput,
  useToast,
} from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useGetMarketplaceStoresQuery } from '../marketplace-orders/marketplace-api';
import { useCreatePickBatchMutation, useGetAvailableOrdersQuery } from './pick-batches-api';
import { PICK_TEXTS } from './pick-batches-texts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
`;

const Note = styled.p<{ $tone?: 'red' }>`
  margin: ${({ theme }) => theme.spacing.md} 0 0;
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.redText : theme.colors.text)};
  font-weight: ${({ $tone }) => ($tone === 'red' ? 600 : 400)};
`;

const channelOf = (value: string): MarketplaceChannel | undefined =>
  MARKETPLACE_CHANNELS.find((channel) => channel === value);

/** The 409 body of POST /api/pick-batches: the message and what was left out. */
function skippedOf(error: unknown): PickBatchSkipped | null {
  const data = (error as { data?: { skipped?: PickBatchSkipped } } | undefined)?.data;
  return data?.skipped ?? null;
}

export function SkippedNote({ skipped }: { skipped: PickBatchSkipped }) {
  return <Note>{PICK_TEXTS.skipped(skipped.marketplace_fulfilled, skipped.no_resi)}</Note>;
}

/** 'Buat Daftar Ambil': the filters, what they match now, and the batch made from them. */
export function BuildBatchModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const toast = useToast();
  const formId = useId();
  const [channel, setChannel] = useState<MarketplaceChannel | undefined>(undefined);
  const [storeId, setStoreId] = useState('');
  const [courier, setCourier] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [limit, setLimit] = useState(String(PICK_BATCH_DEFAULT_ORDERS));
  const [refusal, setRefusal] = useState<{ message: string; skipped: PickBatchSkipped | null }>();
  const stores = useGetMarketplaceStoresQuery(channel ? { channel } : {});
  const filters = {
    ...(channel ? { channel } : {}),
    ...(storeId !== '' ? { store_id: Number(storeId) } : {}),
    ...(courier !== '' ? { courier } : {}),
    ...(startDate !== '' ? { startDate } : {}),
    ...(endDate !== '' ? { endDate } : {}),
  };
  const available = useGetAvailableOrdersQuery(filters, { refetchOnMountOrArgChange: true });
  const [create, createState] = useCreatePickBatchMutation();
  const limitRead = readIntegerInput(limit, {
    label: PICK_TEXTS.limit,
    min: 1,
    max: PICK_BATCH_MAX_ORDERS,
  });
  const limitValue = limitRead.value;
  const limitError = limitRead.error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (limitValue === undefined) return;
    setRefusal(undefined);
    try {
      const saved = await create({ ...filters, limit: limitValue }).unwrap();
      toast.success(PICK_TEXTS.created(saved.data.number, saved.data.orders.length));
      onCreated(saved.data.id);
    } catch (error) {
      setRefusal({
        message: errorMessage(error, PICK_TEXTS.formTitle),
        skipped: errorStatus(error) === 409 ? skippedOf(error) : null,
      });
    }
  }

  return (
    <Modal
      open
      title={PICK_TEXTS.formTitle}
      onClose={onClose}
      footer={
        <>
          <ModalCancelButton />
          <Button
            type="submit"
            form={formId}
            busy={createState.isLoading}
            disabled={limitError !== undefined}
          >
            {PICK_TEXTS.create}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Grid>
          <SelectField
            label={PICK_TEXTS.channel}
            value={channel ?? ''}
            placeholder={PICK_TEXTS.allChannels}
            options={MARKETPLACE_CHANNELS.map((value) => ({
              value,
              label: MARKETPLACE_CHANNEL_LABELS[value],
            }))}
            onChange={(event) => {
              setChannel(channelOf(event.target.value));
              setStoreId('');
            }}
          />
          <SelectField
            label={PICK_TEXTS.store}
            value={storeId}
            placeholder={PICK_TEXTS.allStores}
            options={(stores.data?.data ?? []).map((store) => ({
              value: String(store.id),
              label: channel
                ? store.name
                : `${store.name} (${MARKETPLACE_CHANNEL_LABELS[store.channel]})`,
            }))}
            onChange={(event) => setStoreId(event.target.value)}
          />
          <SelectField
            label={PICK_TEXTS.courier}
            value={courier}
            placeholder={PICK_TEXTS.allCouriers}
            options={[
              ...(available.data?.couriers ?? []).map((row) => ({
                value: row.courier,
                label: `${row.courier} (${row.orders.toLocaleString('id-ID')})`,
              })),
              // The chosen courier stays a choice while other filters leave it no orders.
              ...(courier !== '' &&
              !(available.data?.couriers ?? []).some((row) => row.courier === courier)
                ? [{ value: courier, label: courier }]
                : []),
            ]}
            onChange={(event) => setCourier(event.target.value)}
          />
          <DateField
            label={PICK_TEXTS.startDate}
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
          />
          <DateField
            label={PICK_TEXTS.endDate}
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
          />
          <QuantityField
            label={PICK_TEXTS.limit}
            value={limit}
            onChange={setLimit}
            min={1}
            max={PICK_BATCH_MAX_ORDERS}
          />
        </Grid>
        {available.data ? (
          <div aria-live="polite">
            <Note>{PICK_TEXTS.available(available.data.orders)}</Note>
            <SkippedNote skipped={available.data.skipped} />
          </div>
        ) : available.isError ? (
          <Note $tone="red">{errorMessage(available.error, PICK_TEXTS.formTitle)}</Note>
        ) : null}
        {refusal === undefined ? null : (
          <div role="alert">
            <Note $tone="red">{refusal.message}</Note>
            {refusal.skipped ? <SkippedNote skipped={refusal.skipped} /> : null}
          </div>
        )}
      </form>
    </Modal>
  );
}
