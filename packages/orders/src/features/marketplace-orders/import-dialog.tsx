import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_MESSAGES,
  errorMessage,
  useAppDispatch,
} from '@gudang/api-client';
import type { CommitImportResult, MarketplaceChannel, UnknownFormatBody } from '@gudang/api-client';
import {
  Button,
  Modal,
  ModalCancelButton,
  SelectField,
  TextField,
  useToast,
} from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  marketplaceApi,
  useCommitMarketplaceImportMutation,
  useCreateMarketplaceImportMutation,
  useGetMarketplaceImportQuery,
  useGetMarketplaceStoresQuery,
} from './marketplace-api';
import { ImportPreview } from './import-preview';
import { FileFacts, ImportFailure, ImportGrid, ImportResult, useResultFocus } from './import-parts';
import { CHANNEL_LABELS, IMPORT_TEXTS, SPREADSHEET_ACCEPT } from './marketplace-texts';
import { count } from './order-columns';
import { ProgressNote } from './progress-note';
import { useCan } from './use-can';

const CHANNEL_OPTIONS = MARKETPLACE_CHANNELS.map((value) => ({
  value,
  label: CHANNEL_LABELS[value],
}));

const StoreNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// What keeps the file from being imported, and the choice to leave those lines out.
const Problems = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin-bottom: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amberText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p {
    margin: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
    color: ${({ theme }) => theme.colors.text};
  }
`;

type ExpectedHeaders = NonNullable<UnknownFormatBody['expected']>;

/** The headers looked for, from the 400 of a file in no known format; null for other errors. */
function expectedHeaders(error: unknown): ExpectedHeaders | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('expected' in data)) return null;
  const { expected } = data as Partial<UnknownFormatBody>;
  return Array.isArray(expected) && expected.length > 0 ? expected : null;
}

type Step =
  | { step: 'choose' }
  /** store: the name of the store chosen for the upload, where the shop has several. */
  | { step: 'preview'; id: number; store: string | null }
  | { step: 'done'; result: CommitImportResult; fileName: string };

export interface ImportDialogProps {
  onClose: () => void;
}

/**
 * Import in two steps: upload a marketplace's order file and see the preview with the
 * count per state, map the unknown SKUs right there, then 'Impor' commits it all or nothing.
 */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const formId = useId();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const canMap = useCan('PUT /api/sku-mappings');
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [channel, setChannel] = useState<MarketplaceChannel | undefined>(undefined);
  // undefined: the channel's default store.
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [skipProblems, setSkipProblems] = useState(false);
  const [mappingDirty, setMappingDirty] = useState(false);
  const [upload, uploadState] = useCreateMarketplaceImportMutation();
  const [commit, commitState] = useCommitMarketplaceImportMutation();
  const done = state.step === 'done';
  const resultFacts = useResultFocus(done);
  const previewQuery = useGetMarketplaceImportQuery(
    state.step === 'preview' ? state.id : skipToken,
  );
  const preview = previewQuery.currentData;
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploadState.isLoading) return;
    if (!file) {
      setFileError(IMPORT_TEXTS.fileRequired);
      return;
    }
    try {
      const created = await upload(
        channel ? { file, channel, ...(store ? { store_id: store.id } : {}) } : { file },
      ).unwrap();
      // The answer is the preview itself: kept as the GET's cache entry, so that a mapping
      // saved later fetches it again (its tag) without reading the file twice now.
      await dispatch(
        marketplaceApi.util.upsertQueryData('getMarketplaceImport', created.id, created),
      );
      setSkipProblems(false);
      setState({
        step: 'preview',
        id: created.id,
        store: store && channelStores.length > 1 ? store.name : null,
      });
    } catch {
      // The message is shown from uploadState.error.
    }
  };

  const problems = preview ? preview.summary.unknown_sku + preview.summary.invalid : 0;
  const blocked = problems > 0 && !skipProblems;

  const runCommit = async () => {
    if (state.step !== 'preview' || !preview || blocked) return;
    try {
      const result = await commit({
        id: state.id,
        body: problems > 0 ? { skip_problems: true } : {},
      }).unwrap();
      toast.success(MARKETPLACE_MESSAGES.imported);
      setState({ step: 'done', result, fileName: preview.file_name });
    } catch (error) {
      toast.error(errorMessage(error, IMPORT_TEXTS.commitFailed));
      // A mapping changed elsewhere or the preview was committed: show its current state.
      void previewQuery.refetch();
    }
  };

  const restart = () => {
    uploadState.reset();
    commitState.reset();
    setFile(null);
    setFileError(undefined);
    setState({ step: 'choose' });
  };

  const uploadFailure = uploadState.error;
  const expected = expectedHeaders(uploadFailure);
  const busy = uploadState.isLoading || commitState.isLoading;
  // A chosen file or channel not uploaded yet, or a SKU mapping being typed in the preview:
  // closing asks first.
  const dirty =
    (state.step === 'choose' && (file !== null || channel !== undefined) && !busy) ||
    (state.step === 'preview' && mappingDirty);

  let body;
  let footer;
  if (state.step === 'choose') {
    // The form stays while the file is read, so that the chosen file stays shown with it.
    body = (
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <ImportGrid>
          <TextField
            label={IMPORT_TEXTS.file}
            type="file"
            accept={SPREADSHEET_ACCEPT}
            required
            // The first field takes the focus on opening (issue 42 m12).
            autoFocus
            disabled={uploadState.isLoading}
            error={fileError}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
              uploadState.reset();
            }}
          />
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
        </ImportGrid>
        {!channel && severalStores ? <StoreNote>{IMPORT_TEXTS.storeOfDetected}</StoreNote> : null}
        {uploadState.isLoading ? <ProgressNote label={IMPORT_TEXTS.uploading} /> : null}
        {uploadFailure ? (
          <ImportFailure role="alert">
            <p>{errorMessage(uploadFailure, IMPORT_TEXTS.uploadFailed)}</p>
            {expected ? (
              <ul aria-label={IMPORT_TEXTS.expected}>
                {expected.map((format) => (
                  <li key={format.channel}>
                    <strong>{CHANNEL_LABELS[format.channel]}</strong>: {format.headers.join(', ')}
                  </li>
                ))}
              </ul>
            ) : null}
          </ImportFailure>
        ) : null}
      </form>
    );
    footer = (
      <>
        <ModalCancelButton />
        <Button
          type="submit"
          form={formId}
          busy={uploadState.isLoading}
          busyText={IMPORT_TEXTS.uploading}
        >
          {IMPORT_TEXTS.upload}
        </Button>
      </>
    );
  } else if (state.step === 'preview') {
    body = !preview ? (
      <ProgressNote label={IMPORT_TEXTS.refreshing} />
    ) : (
      <>
        <FileFacts>
          {preview.file_name} · {CHANNEL_LABELS[preview.channel]}
          {state.store === null ? '' : ` · ${IMPORT_TEXTS.store}: ${state.store}`} ·{' '}
          {count(preview.summary.total)} baris
        </FileFacts>
        {problems > 0 ? (
          <Problems>
            {blocked ? <p>{IMPORT_TEXTS.problemsFirst(problems)}</p> : null}
            <label>
              <input
                type="checkbox"
                checked={skipProblems}
                onChange={(event) => setSkipProblems(event.target.checked)}
              />
              {IMPORT_TEXTS.skipProblems}
            </label>
            {skipProblems ? <p>{IMPORT_TEXTS.skipHint}</p> : null}
          </Problems>
        ) : null}
        {commitState.isLoading ? <ProgressNote label={IMPORT_TEXTS.committing} /> : null}
        <ImportPreview
          preview={preview}
          refreshing={previewQuery.isFetching}
          canMap={canMap}
          onMappingDirty={setMappingDirty}
        />
      </>
    );
    footer = (
      <>
        <Button variant="ghost" disabled={busy} onClick={restart}>
          {IMPORT_TEXTS.another}
        </Button>
        <Button
          disabled={!preview || blocked || previewQuery.isFetching}
          busy={commitState.isLoading}
          busyText={IMPORT_TEXTS.committing}
          onClick={() => void runCommit()}
        >
          {IMPORT_TEXTS.commit}
        </Button>
      </>
    );
  } else {
    const { result } = state;
    body = (
      <>
        <FileFacts ref={resultFacts}>{state.fileName}</FileFacts>
        <ImportResult
          label={IMPORT_TEXTS.resultTitle}
          items={[
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
        />
      </>
    );
    footer = (
      <>
        <Button variant="ghost" onClick={restart}>
          {IMPORT_TEXTS.another}
        </Button>
        <Button onClick={onClose}>{IMPORT_TEXTS.done}</Button>
      </>
    );
  }

  return (
    <Modal
      open
      size="xl"
      closeOnBackdrop={false}
      title={state.step === 'done' ? IMPORT_TEXTS.resultTitle : IMPORT_TEXTS.title}
      onClose={onClose}
      dirty={dirty}
      footer={footer}
    >
      {body}
    </Modal>
  );
}
