import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_MESSAGES,
  useAppDispatch,
} from '@gudang/api-client';
import type {
  CommitImportResult,
  MarketplaceChannel,
  MarketplaceImport,
  UnknownFormatBody,
} from '@gudang/api-client';
import {
  FileImportDialog,
  IMPORT_START,
  ImportNote,
  MutedText,
  SelectField,
} from '@gudang/shared-ui';
import type { ImportStep } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import {
  marketplaceApi,
  useCommitMarketplaceImportMutation,
  useCreateMarketplaceImportMutation,
  useGetMarketplaceImportQuery,
  useGetMarketplaceStoresQuery,
} from './marketplace-api';
import { ImportPreview } from './import-preview';
import { CHANNEL_LABELS, IMPORT_TEXTS, SPREADSHEET_ACCEPT } from './marketplace-texts';
import { count } from './order-columns';
import { useCan } from './use-can';

const CHANNEL_OPTIONS = MARKETPLACE_CHANNELS.map((value) => ({
  value,
  label: CHANNEL_LABELS[value],
}));

type ExpectedHeaders = NonNullable<UnknownFormatBody['expected']>;

/** The headers looked for, from the 400 of a file in no known format; null for other errors. */
function expectedHeaders(error: unknown): ExpectedHeaders | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('expected' in data)) return null;
  const { expected } = data as Partial<UnknownFormatBody>;
  return Array.isArray(expected) && expected.length > 0 ? expected : null;
}

export interface ImportDialogProps {
  onClose: () => void;
}

/**
 * Import in two steps: upload a marketplace's order file and see the preview with the
 * count per state, map the unknown SKUs right there, then 'Impor' commits it all or nothing.
 */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const dispatch = useAppDispatch();
  const canMap = useCan('PUT /api/sku-mappings');
  const [step, setStep] = useState<ImportStep<CommitImportResult>>(IMPORT_START);
  // The name of the store chosen for the upload, where the shop has several on its marketplace.
  const [uploadedStore, setUploadedStore] = useState<string | null>(null);
  const [channel, setChannel] = useState<MarketplaceChannel | undefined>(undefined);
  // undefined: the channel's default store.
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [skipProblems, setSkipProblems] = useState(false);
  const [mappingDirty, setMappingDirty] = useState(false);
  const [upload, uploadState] = useCreateMarketplaceImportMutation();
  const [commit, commitState] = useCommitMarketplaceImportMutation();
  const previewQuery = useGetMarketplaceImportQuery(step.step === 'preview' ? step.id : skipToken);
  // The chosen channel's stores (its default one is made on first use); with the channel
  // detected, every store, to tell whether a marketplace has several.
  const storesQuery = useGetMarketplaceStoresQuery(channel ? { channel } : {});
  const stores = storesQuery.currentData?.data ?? [];
  const channelStores = channel ? stores.filter((store) => store.channel === channel) : [];
  const store =
    channelStores.find((candidate) => candidate.id === storeId) ??
    channelStores.find((candidate) => candidate.is_default);
  const severalStores = MARKETPLACE_CHANNELS.some(
    (value) => stores.filter((candidate) => candidate.channel === value).length > 1,
  );

  const uploadFile = async (file: File) => {
    const created = await upload(
      channel ? { file, channel, ...(store ? { store_id: store.id } : {}) } : { file },
    ).unwrap();
    // The answer is the preview itself: kept as the GET's cache entry, so that a mapping
    // saved later fetches it again (its tag) without reading the file twice now.
    await dispatch(
      marketplaceApi.util.upsertQueryData('getMarketplaceImport', created.id, created),
    );
    setSkipProblems(false);
    setUploadedStore(store && channelStores.length > 1 ? store.name : null);
    return created.id;
  };

  const problemsOf = (preview: MarketplaceImport) =>
    preview.summary.unknown_sku + preview.summary.invalid;
  const expected = expectedHeaders(uploadState.error);

  return (
    <FileImportDialog<MarketplaceImport, CommitImportResult>
      step={step}
      onStepChange={setStep}
      texts={IMPORT_TEXTS}
      accept={SPREADSHEET_ACCEPT}
      onClose={onClose}
      fields={
        <>
          <SelectField
            label={FIELDS.channel.label}
            placeholder={IMPORT_TEXTS.autoChannel}
            options={CHANNEL_OPTIONS}
            value={channel ?? ''}
            disabled={uploadState.isLoading}
            // One store on the marketplace (the usual shop): named, nothing to choose.
            hint={
              channelStores.length === 1 && store ? IMPORT_TEXTS.onlyStore(store.name) : undefined
            }
            onChange={(event) => {
              setChannel(MARKETPLACE_CHANNELS.find((value) => value === event.target.value));
              setStoreId(undefined);
            }}
          />
          {channelStores.length > 1 ? (
            <SelectField
              label={IMPORT_TEXTS.store}
              options={channelStores.map((option) => ({ value: option.id, label: option.name }))}
              value={store?.id ?? ''}
              disabled={uploadState.isLoading}
              onChange={(event) => setStoreId(Number(event.target.value))}
            />
          ) : null}
        </>
      }
      chooseNote={
        !channel && severalStores ? (
          <MutedText $below="md">{IMPORT_TEXTS.storeOfDetected}</MutedText>
        ) : null
      }
      upload={uploadFile}
      uploadState={uploadState}
      uploadFailureDetail={
        expected ? (
          <>
            <p>{IMPORT_TEXTS.unknownFormat}</p>
            <ul aria-label={IMPORT_TEXTS.expected}>
              {expected.map((format) => (
                <li key={format.channel}>
                  <strong>{CHANNEL_LABELS[format.channel]}</strong>: {format.headers.join(', ')}
                </li>
              ))}
            </ul>
          </>
        ) : undefined
      }
      previewQuery={previewQuery}
      facts={(preview) => (
        <>
          {preview.file_name} · {CHANNEL_LABELS[preview.channel]}
          {uploadedStore === null ? '' : ` · ${IMPORT_TEXTS.store}: ${uploadedStore}`} ·{' '}
          {count(preview.summary.total)} baris
        </>
      )}
      // What keeps the file from being imported, and the choice to leave those lines out.
      notes={(preview) => {
        const problems = problemsOf(preview);
        if (problems === 0) return null;
        return (
          <ImportNote>
            {skipProblems ? null : <p>{IMPORT_TEXTS.problemsFirst(problems)}</p>}
            <label>
              <input
                type="checkbox"
                checked={skipProblems}
                onChange={(event) => setSkipProblems(event.target.checked)}
              />
              {IMPORT_TEXTS.skipProblems}
            </label>
            {skipProblems ? <p>{IMPORT_TEXTS.skipHint}</p> : null}
          </ImportNote>
        );
      }}
      canCommit={(preview) => skipProblems || problemsOf(preview) === 0}
      commit={(id, preview) =>
        commit({ id, body: problemsOf(preview) > 0 ? { skip_problems: true } : {} }).unwrap()
      }
      commitState={commitState}
      committedMessage={() => MARKETPLACE_MESSAGES.imported}
      resultItems={(result) => [
        [IMPORT_TEXTS.createdOrders, result.created_orders],
        [IMPORT_TEXTS.updatedOrders, result.updated_orders],
        [IMPORT_TEXTS.createdLines, result.created_lines],
        [IMPORT_TEXTS.skippedCancelled, result.skipped.cancelled],
        [IMPORT_TEXTS.skippedInvalid, result.skipped.invalid],
        [IMPORT_TEXTS.skippedUnknown, result.skipped.unknown_sku],
        // Only a re-import after packing has these: not a row of zeros on every import.
        ...(result.skipped.already_shipped
          ? [[IMPORT_TEXTS.skippedShipped, result.skipped.already_shipped] as const]
          : []),
        // Orders left without a skipped line: they are not shipped until resolved.
        ...(result.incomplete_orders
          ? [[IMPORT_TEXTS.incompleteOrders, result.incomplete_orders] as const]
          : []),
      ]}
      // A chosen channel not uploaded yet, or a SKU mapping being typed in the preview: closing
      // asks first.
      chooseDirty={channel !== undefined}
      previewDirty={mappingDirty}
    >
      {(preview) => (
        <ImportPreview
          preview={preview}
          refreshing={previewQuery.isFetching}
          canMap={canMap}
          onMappingDirty={setMappingDirty}
        />
      )}
    </FileImportDialog>
  );
}
