import {
  API_RULES,
  FIELDS,
  RESTOCK_MESSAGES,
  accessOutcome,
  errorMessage,
  selectCurrentUser,
  useAppSelector,
} from '@gudang/api-client';
import type { SettingsInput, SettingsResponse } from '@gudang/api-client';
import {
  Button,
  FORM_MODAL_TEXTS,
  QuantityField,
  Spinner,
  readRequiredIntegerInput,
  useToast,
} from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { CHECK_DEFAULTS, SETTLEMENT_TEXTS } from './settlement-texts';
import {
  useGetSettlementSettingsQuery,
  useUpdateSettlementSettingsMutation,
} from './settlements-api';

type Key = 'settlement_check_days' | 'settlement_tolerance_percent';
const KEYS: readonly Key[] = ['settlement_check_days', 'settlement_tolerance_percent'];
const MIN: Record<Key, number> = { settlement_check_days: 1, settlement_tolerance_percent: 0 };
const HINTS: Record<Key, string> = {
  settlement_check_days: SETTLEMENT_TEXTS.daysHint,
  settlement_tolerance_percent: SETTLEMENT_TEXTS.toleranceHint,
};

/** The saved values, or the server's defaults while none is saved. */
const valuesOf = (settings: SettingsResponse): Record<Key, string> => ({
  settlement_check_days: String(
    settings.settlement_check_days ?? CHECK_DEFAULTS.settlement_check_days,
  ),
  settlement_tolerance_percent: String(
    settings.settlement_tolerance_percent ?? CHECK_DEFAULTS.settlement_tolerance_percent,
  ),
});

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

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
  const toast = useToast();
  const [values, setValues] = useState(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [save, { isLoading }] = useUpdateSettlementSettingsMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || !canEdit) return;
    const body: SettingsInput = {};
    const found: Partial<Record<Key, string>> = {};
    for (const key of KEYS) {
      const { label, max } = FIELDS[key];
      const text = values[key];
      const read = readRequiredIntegerInput(text, { label, min: MIN[key], max });
      if (read.error !== undefined) found[key] = read.error;
      else body[key] = read.value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save(body).unwrap();
      toast.success(RESTOCK_MESSAGES.settingsSaved);
    } catch (error) {
      toast.error(errorMessage(error, SETTLEMENT_TEXTS.settingsSaveFailed));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Row>
        {KEYS.map((key) => (
          <QuantityField
            key={key}
            label={FIELDS[key].label}
            min={MIN[key]}
            max={FIELDS[key].max}
            value={values[key]}
            required
            readOnly={!canEdit}
            hint={HINTS[key]}
            error={errors[key]}
            onChange={(text) => {
              setValues((current) => ({ ...current, [key]: text }));
              setErrors((current) => ({ ...current, [key]: undefined }));
            }}
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
      <Intro>{SETTLEMENT_TEXTS.settingsIntro}</Intro>
      {!canEdit ? <Intro>{SETTLEMENT_TEXTS.readOnly}</Intro> : null}
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
