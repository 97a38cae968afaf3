import { useAppDispatch, SETTLEMENT_CHANNELS } from '@gudang/api-client';
import type { SettlementCommitResult, SettlementImport } from '@gudang/api-client/contract';
import { IMPORT_START, StoreFileImportDialog } from '@gudang/shared-ui';
import type { ImportStep } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { SettlementPreview } from './settlement-preview';
import { CHANNEL_LABELS, IMPORT_TEXTS, SPREADSHEET_ACCEPT } from './settlement-texts';
import {
  settlementsApi,
  useCommitSettlementImportMutation,
  useCreateSettlementImportMutation,
  useGetSettlementImportQuery,
  useGetSettlementStoresQuery,
} from './settlements-api';

/**
 * Import of an income file in the two steps of the order import: upload it (the store chosen
 * where the file does not say it) and see the preview kept on the server, then 'Impor' adds it
 * all or nothing; orders imported before are 'Sudah ada' and added nothing twice.
 */
export function SettlementImportDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<ImportStep<SettlementCommitResult>>(IMPORT_START);
  const [upload, uploadState] = useCreateSettlementImportMutation();
  const [commit, commitState] = useCommitSettlementImportMutation();
  const previewQuery = useGetSettlementImportQuery(step.step === 'preview' ? step.id : skipToken);
  // The stores of the marketplaces that publish an income file (BigSeller does not).
  const stores = useGetSettlementStoresQuery().currentData?.data ?? [];

  return (
    <StoreFileImportDialog<SettlementImport, SettlementCommitResult, SettlementImport['channel']>
      step={step}
      onStepChange={setStep}
      texts={IMPORT_TEXTS}
      accept={SPREADSHEET_ACCEPT}
      onClose={onClose}
      stores={stores}
      channels={SETTLEMENT_CHANNELS}
      channelLabels={CHANNEL_LABELS}
      storePlaceholder={IMPORT_TEXTS.storeFromFile}
      upload={(body) => upload(body).unwrap()}
      uploadState={uploadState}
      keep={(created) =>
        dispatch(settlementsApi.util.upsertQueryData('getSettlementImport', created.id, created))
      }
      previewQuery={previewQuery}
      kind={(preview) => CHANNEL_LABELS[preview.channel]}
      // Some order read, and every one imported before (a file with none readable is not that).
      allAlready={({ counts }) => counts.orders > 0 && counts.orders === counts.already}
      commit={(id) => commit(id).unwrap()}
      commitState={commitState}
      resultItems={(result) => [
        [IMPORT_TEXTS.created, result.created],
        [IMPORT_TEXTS.alreadyResult, result.already],
        [IMPORT_TEXTS.matchedResult, result.matched],
        [IMPORT_TEXTS.not_packed, result.not_packed],
      ]}
    >
      {(preview) => <SettlementPreview preview={preview} />}
    </StoreFileImportDialog>
  );
}
