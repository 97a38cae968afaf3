import { useAppDispatch } from '@gudang/api-client';
import type { ReturnCommitResult, ReturnImport } from '@gudang/api-client/contract';
import { IMPORT_START, StoreFileImportDialog } from '@gudang/shared-ui';
import type { ImportStep } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetMarketplaceStoresQuery } from '../marketplace-orders/marketplace-api';
import { CHANNEL_LABELS, SPREADSHEET_ACCEPT } from '../marketplace-orders/marketplace-texts';
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

/**
 * Import of a marketplace's return, failed-delivery or cancellation file in the two steps of the
 * order import: upload it (the store chosen where the shop has several on one marketplace) and
 * see the preview kept on the server, then 'Impor' adds it all or nothing; requests imported
 * before are 'Sudah ada' and added nothing twice.
 */
export function ReturnImportDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<ImportStep<ReturnCommitResult>>(IMPORT_START);
  const [upload, uploadState] = useCreateReturnImportMutation();
  const [commit, commitState] = useCommitReturnImportMutation();
  const previewQuery = useGetReturnImportQuery(step.step === 'preview' ? step.id : skipToken);
  // Offered: the stores of the marketplaces that publish a return file.
  const stores = useGetMarketplaceStoresQuery({}).currentData?.data ?? [];

  return (
    <StoreFileImportDialog<ReturnImport, ReturnCommitResult, (typeof RETURN_FILE_CHANNELS)[number]>
      step={step}
      onStepChange={setStep}
      texts={RETURN_IMPORT_TEXTS}
      accept={SPREADSHEET_ACCEPT}
      onClose={onClose}
      stores={stores}
      channels={RETURN_FILE_CHANNELS}
      channelLabels={CHANNEL_LABELS}
      storePlaceholder={RETURN_IMPORT_TEXTS.storeMain}
      upload={(body) => upload(body).unwrap()}
      uploadState={uploadState}
      keep={(created) =>
        dispatch(marketplaceReturnsApi.util.upsertQueryData('getReturnImport', created.id, created))
      }
      previewQuery={previewQuery}
      kind={(preview) => FORMAT_LABELS[preview.format]}
      // Some request read, and none new or changed (a file with none readable is not that).
      allAlready={({ counts }) => counts.rows > 0 && counts.new === 0 && counts.changed === 0}
      commit={(id) => commit(id).unwrap()}
      commitState={commitState}
      resultItems={(result) => [
        [RETURN_IMPORT_TEXTS.created, result.created],
        [RETURN_IMPORT_TEXTS.updated, result.updated],
        [RETURN_IMPORT_TEXTS.alreadyResult, result.already],
        [RETURN_IMPORT_TEXTS.matchedResult, result.matched],
      ]}
    >
      {(preview) => <ReturnImportPreview preview={preview} />}
    </StoreFileImportDialog>
  );
}
