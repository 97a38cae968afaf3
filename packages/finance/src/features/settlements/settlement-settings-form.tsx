import {
  API_RULES,
  FIELDS,
  RESTOCK_MESSAGES,
  accessOutcome,
  selectCurrentUser,
  useAppSelector,
  SETTLEMENT_CHECK_DEFAULTS,
} from '@gudang/api-client';
import type { SettingsResponse } from '@gudang/api-client';
import {
  Button,
  FORM_MODAL_TEXTS,
  MutedText,
  QuantityField,
  Spinner,
  useIntegerSettings,
} from '@gudang/shared-ui';
import type { IntegerSetting } from '@gudang/shared-ui';
import styled from 'styled-components';
import { SETTLEMENT_TEXTS } from './settlement-texts';
import {
  useGetSettlementSettingsQuery,
  useUpdateSettlementSettingsMutation,
} from './settlements-api';

type Key = 'settlement_check_days' | 'settlement_tolerance_percent';
const SETTINGS: readonly IntegerSetting<Key>[] = [
  { key: 'settlement_check_days', min: 1, ...FIELDS.settlement_check_days },
  { key: 'settlement_tolerance_percent', min: 0, ...FIELDS.settlement_tolerance_percent },
];
const HINTS: Record<Key, string> = {
  settlement_check_days: SETTLEMENT_TEXTS.daysHint,
  settlement_tolerance_percent: SETTLEMENT_TEXTS.toleranceHint,
};

/** The saved values, or the server's defaults while none is saved. */
const valuesOf = (settings: SettingsResponse): Record<Key, string> => ({
  settlement_check_days: String(
    settings.settlement_check_days ?? SETTLEMENT_CHECK_DEFAULTS.settlement_check_days,
  ),
  settlement_tolerance_percent: String(
    settings.settlement_tolerance_percent ?? SETTLEMENT_CHECK_DEFAULTS.settlement_tolerance_percent,
  ),
});

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => `0 ${theme.spacing.lg}`};
  > div {
    flex: 0 1 220px;
  }
  > button {
    margin-top: 26px;
  }
`;

function Fields({ settings, canEdit }: { settings: SettingsResponse; canEdit: boolean }) {
  const [save, { isLoading }] = useUpdateSettlementSettingsMutation();
  const form = useIntegerSettings(SETTINGS, valuesOf(settings), save, {
    disabled: isLoading || !canEdit,
    texts: { saved: RESTOCK_MESSAGES.settingsSaved, failure: SETTLEMENT_TEXTS.settingsSaveFailed },
  });

  return (
    <form noValidate onSubmit={(event) => void form.submit(event)}>
      <Row>
        {SETTINGS.map((setting) => (
          <QuantityField
            key={setting.key}
            {...form.field(setting)}
            readOnly={!canEdit}
            hint={HINTS[setting.key]}
          />
        ))}
        {canEdit ? (
          <Button type="submit" busy={isLoading} busyText={FORM_MODAL_TEXTS.saving}>
            {FORM_MODAL_TEXTS.save}
          </Button>
        ) : null}
      </Row>
    </form>
  );
}

/** 'Batas hari belum cair' and 'Toleransi selisih (%)': the manager's settings of 'Perlu dicek'. */
export function SettlementSettingsForm() {
  const user = useAppSelector(selectCurrentUser);
  const canEdit = accessOutcome(API_RULES['PUT /api/settings'], user?.role ?? null) === 'allowed';
  const settings = useGetSettlementSettingsQuery();
  return (
    <>
      <MutedText $below="md">{SETTLEMENT_TEXTS.settingsIntro}</MutedText>
      {!canEdit ? <MutedText $below="md">{SETTLEMENT_TEXTS.readOnly}</MutedText> : null}
      {settings.currentData ? (
        // A fresh form when the saved values change (a save here or in another tab).
        <Fields
          key={JSON.stringify(valuesOf(settings.currentData))}
          settings={settings.currentData}
          canEdit={canEdit}
        />
      ) : settings.isError ? (
        <p role="alert">{SETTLEMENT_TEXTS.settingsLoadFailed}</p>
      ) : (
        <Spinner />
      )}
    </>
  );
}
