import { useAppDispatch } from '@gudang/api-client';
import type { SettlementCommitResult, SettlementImport } from '@gudang/api-client/contract';
import { FileImportDialog, IMPORT_START, ImportNote, ImportStoreField } from '@gudang/shared-ui';
import type { ImportStep } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { SettlementPreview } from './settlement-preview';
import {
  CHANNEL_LABELS,
  IMPORT_TEXTS,
  SETTLEMENT_CHANNELS,
  SPREADSHEET_ACCEPT,
} from './settlement-texts';
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
  // undefined: the store the file names, else its channel's default store.
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [upload, uploadState] = useCreateSettlementImportMutation();
  const [commit, commitState] = useCommitSettlementImportMutation();
  const previewQuery = useGetSettlementImportQuery(step.step === 'preview' ? step.id : skipToken);
  const stores = useGetSettlementStoresQuery().currentData?.data ?? [];

  const uploadFile = async (file: File) => {
    const created = await upload(
      storeId === undefined ? { file } : { file, store_id: storeId },
    ).unwrap();
    // The answer is the preview itself: kept as the GET's cache entry, not fetched again.
    await dispatch(settlementsApi.util.upsertQueryData('getSettlementImport', created.id, created));
    return created.id;
  };

  return (
    <FileImportDialog<SettlementImport, SettlementCommitResult>
      step={step}
      onStepChange={setStep}
      texts={IMPORT_TEXTS}
      accept={SPREADSHEET_ACCEPT}
      onClose={onClose}
      fields={
        // The stores of the marketplaces that publish an income file (BigSeller does not).
        <ImportStoreField
          stores={stores}
          channels={SETTLEMENT_CHANNELS}
          channelLabels={CHANNEL_LABELS}
          label={IMPORT_TEXTS.store}
          placeholder={IMPORT_TEXTS.storeFromFile}
          hint={IMPORT_TEXTS.storeHint}
          value={storeId}
          onChange={setStoreId}
          disabled={uploadState.isLoading}
        />
      }
      upload={uploadFile}
      uploadState={uploadState}
      previewQuery={previewQuery}
      facts={(preview) => (
        <>
          {preview.file_name} · {CHANNEL_LABELS[preview.channel]} · {IMPORT_TEXTS.store}:{' '}
          {preview.store}
        </>
      )}
      notes={(preview) =>
        preview.committed ? (
          <ImportNote role="note">{IMPORT_TEXTS.committedAlready}</ImportNote>
        ) : preview.counts.orders === preview.counts.already ? (
          <ImportNote role="note">{IMPORT_TEXTS.allAlready}</ImportNote>
        ) : null
      }
      canCommit={(preview) => !preview.committed}
      commit={(id) => commit(id).unwrap()}
      commitState={commitState}
      committedMessage={(result) => result.message}
      resultItems={(result) => [
        [IMPORT_TEXTS.created, result.created],
        [IMPORT_TEXTS.alreadyResult, result.already],
        [IMPORT_TEXTS.matchedResult, result.matched],
      ]}
    >
      {(preview) => <SettlementPreview preview={preview} />}
    </FileImportDialog>
  );
}
