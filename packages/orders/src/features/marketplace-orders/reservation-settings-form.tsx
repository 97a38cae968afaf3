import { FIELDS, MARKETPLACE_CHANNELS, RESTOCK_MESSAGES } from '@gudang/api-client';
import type { MarketplaceChannel, SettingsResponse } from '@gudang/api-client';
import { Button, FORM_MODAL_TEXTS, QuantityField, useIntegerSettings } from '@gudang/shared-ui';
import type { IntegerSetting } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useUpdateReservationSettingsMutation } from './marketplace-api';
import { STORE_TEXTS } from './marketplace-texts';

type BufferKey = `buffer_${MarketplaceChannel}`;

// Each channel's default buffer.
const BUFFERS: readonly IntegerSetting<BufferKey>[] = MARKETPLACE_CHANNELS.map((channel) => {
  const key = `buffer_${channel}` as const;
  return { key, label: FIELDS[key].label, min: 0, max: FIELDS.buffer.max };
});

const buffersOf = (settings: SettingsResponse) =>
  Object.fromEntries(BUFFERS.map(({ key }) => [key, String(settings[key])])) as Record<
    BufferKey,
    string
  >;

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
  const [reserveUnpaid, setReserveUnpaid] = useState(settings.reserve_unpaid);
  const [save, { isLoading }] = useUpdateReservationSettingsMutation();
  const form = useIntegerSettings(
    BUFFERS,
    buffersOf(settings),
    (buffers) => save({ reserve_unpaid: reserveUnpaid, ...buffers }),
    {
      disabled: isLoading || !canEdit,
      texts: { saved: RESTOCK_MESSAGES.settingsSaved, failure: STORE_TEXTS.settingsSaveFailed },
    },
  );

  return (
    <form noValidate onSubmit={(event) => void form.submit(event)}>
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
        {BUFFERS.map((buffer) => (
          <QuantityField key={buffer.key} {...form.field(buffer)} readOnly={!canEdit} />
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
