import { useAppDispatch } from '@gudang/api-client';
import type { ReturnCommitResult, ReturnImport } from '@gudang/api-client/contract';
import { FileImportDialog, IMPORT_START, ImportNote, ImportStoreField } from '@gudang/shared-ui';
import type { FileImportTexts, ImportStep } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetMarketplaceStoresQuery } from '../marketplace-orders/marketplace-api';
import {
  CHANNEL_LABELS,
  IMPORT_TEXTS,
  SPREADSHEET_ACCEPT,
} from '../marketplace-orders/marketplace-texts';
import {
  marketplaceReturnsApi,
  useCommitReturnImportMutation,
  useCreateReturnImportMutation,
  useGetReturnImportQuery,
} from './marketplace-returns-api';
import {
  FORMAT_LABELS,
  RETURN_FILE_CHANNELS,
  RETURN_IMPORT_TEXTS,
} from './marketplace-returns-texts';
import { ReturnImportPreview } from './return-import-preview';

// The order import's words, with the return file's own where they differ.
const TEXTS: FileImportTexts = {
  ...IMPORT_TEXTS,
  title: RETURN_IMPORT_TEXTS.title,
  file: RETURN_IMPORT_TEXTS.file,
  fileHint: RETURN_IMPORT_TEXTS.fileHint,
  previewFailed: RETURN_IMPORT_TEXTS.previewFailed,
  committing: RETURN_IMPORT_TEXTS.committing,
  commitFailed: RETURN_IMPORT_TEXTS.commitFailed,
};

/**
 * Import of a marketplace's return, failed-delivery or cancellation file in the two steps of the
 * order import: upload it (the store chosen where the shop has several on one marketplace) and
 * see the preview kept on the server, then 'Impor' adds it all or nothing; requests imported
 * before are 'Sudah ada' and added nothing twice.
 */
export function ReturnImportDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<ImportStep<ReturnCommitResult>>(IMPORT_START);
  // undefined: the default store of the file's marketplace (detected from its headers).
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [upload, uploadState] = useCreateReturnImportMutation();
  const [commit, commitState] = useCommitReturnImportMutation();
  const previewQuery = useGetReturnImportQuery(step.step === 'preview' ? step.id : skipToken);
  const stores = useGetMarketplaceStoresQuery({}).currentData?.data ?? [];

  const uploadFile = async (file: File) => {
    const created = await upload(
      storeId === undefined ? { file } : { file, store_id: storeId },
    ).unwrap();
    // The answer is the preview itself: kept as the GET's cache entry, not fetched again.
    await dispatch(
      marketplaceReturnsApi.util.upsertQueryData('getReturnImport', created.id, created),
    );
    return created.id;
  };

  return (
    <FileImportDialog<ReturnImport, ReturnCommitResult>
      step={step}
      onStepChange={setStep}
      texts={TEXTS}
      accept={SPREADSHEET_ACCEPT}
      onClose={onClose}
      fields={
        // The stores of the marketplaces that publish a return file.
        <ImportStoreField
          stores={stores}
          channels={RETURN_FILE_CHANNELS}
          channelLabels={CHANNEL_LABELS}
          label={RETURN_IMPORT_TEXTS.store}
          placeholder={RETURN_IMPORT_TEXTS.storeMain}
          hint={RETURN_IMPORT_TEXTS.storeHint}
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
          {preview.file_name} · {FORMAT_LABELS[preview.format]} · {RETURN_IMPORT_TEXTS.store}:{' '}
          {preview.store}
        </>
      )}
      notes={(preview) =>
        preview.committed ? (
          <ImportNote role="note">{RETURN_IMPORT_TEXTS.committedAlready}</ImportNote>
        ) : preview.counts.new === 0 && preview.counts.changed === 0 ? (
          <ImportNote role="note">{RETURN_IMPORT_TEXTS.allAlready}</ImportNote>
        ) : null
      }
      canCommit={(preview) => !preview.committed}
      commit={(id) => commit(id).unwrap()}
      commitState={commitState}
      committedMessage={(result) => result.message}
      resultItems={(result) => [
        [RETURN_IMPORT_TEXTS.created, result.created],
        [RETURN_IMPORT_TEXTS.updated, result.updated],
        [RETURN_IMPORT_TEXTS.alreadyResult, result.already],
        [RETURN_IMPORT_TEXTS.matchedResult, result.matched],
      ]}
    >
      {(preview) => <ReturnImportPreview preview={preview} />}
    </FileImportDialog>
  );
}
