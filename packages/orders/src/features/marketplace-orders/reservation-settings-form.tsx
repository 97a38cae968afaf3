import { FIELDS, MARKETPLACE_CHANNELS, RESTOCK_MESSAGES, errorMessage } from '@gudang/api-client';
import type { MarketplaceChannel, SettingsInput, SettingsResponse } from '@gudang/api-client';
import {
  Button,
  FORM_MODAL_TEXTS,
  QuantityField,
  readRequiredIntegerInput,
  useToast,
} from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useUpdateReservationSettingsMutation } from './marketplace-api';
import { STORE_TEXTS } from './marketplace-texts';

type Buffers = Record<MarketplaceChannel, string>;

const bufferKey = (channel: MarketplaceChannel) => `buffer_${channel}` as const;

const buffersOf = (settings: SettingsResponse): Buffers =>
  Object.fromEntries(
    MARKETPLACE_CHANNELS.map((channel) => [channel, String(settings[bufferKey(channel)])]),
  ) as Buffers;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  input {
    width: 18px;
    height: 18px;
  }
`;

const Hint = styled.p`
  margin: ${({ theme }) => `${theme.spacing.xs} 0 ${theme.spacing.lg}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Buttons = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface ReservationSettingsFormProps {
  settings: SettingsResponse;
  /** The manager edits; anyone else sees the values only. */
  canEdit: boolean;
}

/**
 * Stok Tersedia's settings: whether unpaid orders hold stock ('Pesanan belum dibayar ikut
 * dipesan'), and each channel's default buffer (a store without its own takes it).
 */
export function ReservationSettingsForm({ settings, canEdit }: ReservationSettingsFormProps) {
  const toast = useToast();
  const [reserveUnpaid, setReserveUnpaid] = useState(settings.reserve_unpaid);
  const [buffers, setBuffers] = useState<Buffers>(() => buffersOf(settings));
  const [errors, setErrors] = useState<Partial<Record<MarketplaceChannel, string>>>({});
  const [save, { isLoading }] = useUpdateReservationSettingsMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || !canEdit) return;
    const body: SettingsInput = { reserve_unpaid: reserveUnpaid };
    const found: Partial<Record<MarketplaceChannel, string>> = {};
    for (const channel of MARKETPLACE_CHANNELS) {
      const label = FIELDS[bufferKey(channel)].label;
      const text = buffers[channel];
      const amount = readRequiredIntegerInput(text, { label, min: 0, max: FIELDS.buffer.max });
      if (amount.error !== undefined) found[channel] = amount.error;
      else body[bufferKey(channel)] = amount.value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save(body).unwrap();
      toast.success(RESTOCK_MESSAGES.settingsSaved);
    } catch (error) {
      toast.error(errorMessage(error, STORE_TEXTS.settingsSaveFailed));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Switch>
        <input
          type="checkbox"
          role="switch"
          checked={reserveUnpaid}
          disabled={!canEdit}
          onChange={(event) => setReserveUnpaid(event.target.checked)}
        />
        {FIELDS.reserve_unpaid.label}
      </Switch>
      <Hint>{STORE_TEXTS.reserveUnpaidHint}</Hint>
      <Grid>
        {MARKETPLACE_CHANNELS.map((channel) => (
          <QuantityField
            key={channel}
            label={FIELDS[bufferKey(channel)].label}
            min={0}
            max={FIELDS.buffer.max}
            value={buffers[channel]}
            required
            readOnly={!canEdit}
            error={errors[channel]}
            onChange={(text) => {
              setBuffers((current) => ({ ...current, [channel]: text }));
              setErrors((current) => ({ ...current, [channel]: undefined }));
            }}
          />
        ))}
      </Grid>
      {canEdit ? (
        <Buttons>
          <Button type="submit" busy={isLoading} busyText={FORM_MODAL_TEXTS.saving}>
            {FORM_MODAL_TEXTS.save}
          </Button>
        </Buttons>
      ) : null}
    </form>
  );
}
