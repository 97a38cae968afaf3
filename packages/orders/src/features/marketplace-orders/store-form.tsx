import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  RESERVATION_MESSAGES,
  VALIDATION_MESSAGES,
  errorMessage,
} from '@gudang/api-client';
import type { MarketplaceChannel, SettingsResponse } from '@gudang/api-client';
import type { MarketplaceStore } from '@gudang/api-client/contract';
import {
  FormModal,
  QuantityField,
  SelectField,
  TextField,
  readIntegerInput,
  useToast,
} from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  useCreateMarketplaceStoreMutation,
  useUpdateMarketplaceStoreMutation,
} from './marketplace-api';
import { CHANNEL_LABELS, STORE_TEXTS } from './marketplace-texts';

const CHANNEL_OPTIONS = MARKETPLACE_CHANNELS.map((value) => ({
  value,
  label: CHANNEL_LABELS[value],
}));

const BUFFER = { label: FIELDS.buffer.label, min: 0, max: FIELDS.buffer.max };

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

export interface StoreFormProps {
  /** The store edited; null: a new one. */
  record: MarketplaceStore | null;
  /** The channels' default buffers, for the hint of an empty buffer. */
  settings: SettingsResponse | undefined;
  onClose: () => void;
}

/**
 * A store of the shop on one marketplace: its channel (fixed once made), its name and its own
 * buffer, left empty for the channel's default.
 */
export function StoreForm({ record, settings, onClose }: StoreFormProps) {
  const toast = useToast();
  const [channel, setChannel] = useState<MarketplaceChannel>(record?.channel ?? 'shopee');
  const [name, setName] = useState(record?.name ?? '');
  const [buffer, setBuffer] = useState(record?.buffer === null ? '' : String(record?.buffer ?? ''));
  const [errors, setErrors] = useState<{ name?: string; buffer?: string }>({});
  const [create, createState] = useCreateMarketplaceStoreMutation();
  const [update, updateState] = useUpdateMarketplaceStoreMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const initialBuffer = record?.buffer === null ? '' : String(record?.buffer ?? '');
  const dirty =
    channel !== (record?.channel ?? 'shopee') ||
    name !== (record?.name ?? '') ||
    buffer !== initialBuffer;
  const channelBuffer = settings?.[`buffer_${channel}`];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const amount = buffer.trim() === '' ? undefined : readIntegerInput(buffer, BUFFER);
    const found = {
      name: name.trim() === '' ? VALIDATION_MESSAGES.required(STORE_TEXTS.name) : undefined,
      buffer: amount?.error,
    };
    setErrors(found);
    if (found.name || found.buffer) return;
    const body = { name: name.trim(), buffer: amount?.value ?? null };
    try {
      const saved = record
        ? await update({ id: record.id, body }).unwrap()
        : await create({ channel, ...body }).unwrap();
      toast.success(saved.message || RESERVATION_MESSAGES.storeSaved);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, STORE_TEXTS.saveFailed));
    }
  };

  return (
    <FormModal
      size="md"
      title={record ? STORE_TEXTS.editTitle : STORE_TEXTS.addTitle}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      saving={saving}
      dirty={dirty}
    >
      <Grid>
        <SelectField
          label={FIELDS.channel.label}
          options={CHANNEL_OPTIONS}
          value={channel}
          disabled={record !== null}
          onChange={(event) =>
            setChannel(
              MARKETPLACE_CHANNELS.find((value) => value === event.target.value) ?? channel,
            )
          }
        />
        <TextField
          label={STORE_TEXTS.name}
          value={name}
          required
          maxLength={FIELDS.store_name.maxLength}
          autoFocus
          autoComplete="off"
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
      </Grid>
      <QuantityField
        label={BUFFER.label}
        min={BUFFER.min}
        max={BUFFER.max}
        value={buffer}
        hint={channelBuffer === undefined ? undefined : STORE_TEXTS.bufferHint(channelBuffer)}
        error={errors.buffer}
        onChange={(text) => {
          setBuffer(text);
          setErrors((current) => ({ ...current, buffer: undefined }));
        }}
      />
    </FormModal>
  );
}
