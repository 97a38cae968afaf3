import { errorMessage, useAppDispatch } from '@gudang/api-client';
import type { ReturnCommitResult } from '@gudang/api-client/contract';
import {
  Button,
  Modal,
  ModalCancelButton,
  ProgressNote,
  SelectField,
  TextField,
  useToast,
} from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  FileFacts,
  ImportFailure,
  ImportGrid,
  ImportResult,
  useResultFocus,
} from '../marketplace-orders/import-parts';
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

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amberText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type Step =
  | { step: 'choose' }
  | { step: 'preview'; id: number }
  | { step: 'done'; result: ReturnCommitResult; fileName: string };

/**
 * Import of a marketplace's return, failed-delivery or cancellation file in the two steps of the
 * order import: upload it (the store chosen where the shop has several on one marketplace) and
 * see the preview kept on the server, then 'Impor' adds it all or nothing; requests imported
 * before are 'Sudah ada' and added nothing twice.
 */
export function ReturnImportDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  // undefined: the default store of the file's marketplace (detected from its headers).
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [upload, uploadState] = useCreateReturnImportMutation();
  const [commit, commitState] = useCommitReturnImportMutation();
  const resultFacts = useResultFocus(state.step === 'done');
  const previewQuery = useGetReturnImportQuery(state.step === 'preview' ? state.id : skipToken);
  const preview = previewQuery.currentData;
  // The stores of the marketplaces that publish a return file.
  const stores = (useGetMarketplaceStoresQuery({}).currentData?.data ?? []).flatMap((store) => {
    const channel = RETURN_FILE_CHANNELS.find((value) => value === store.channel);
    return channel ? [{ id: store.id, name: store.name, channel }] : [];
  });
  // One store per marketplace (the usual shop): nothing to choose, the file's channel says it.
  const severalStores = RETURN_FILE_CHANNELS.some(
    (channel) => stores.filter((store) => store.channel === channel).length > 1,
  );
  const storeOptions = stores.map((store) => ({
    value: store.id,
    label: `${CHANNEL_LABELS[store.channel]} · ${store.name}`,
  }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploadState.isLoading) return;
    if (!file) {
      setFileError(IMPORT_TEXTS.fileRequired);
      return;
    }
    try {
      const created = await upload(
        storeId === undefined ? { file } : { file, store_id: storeId },
      ).unwrap();
      // The answer is the preview itself: kept as the GET's cache entry, not fetched again.
      await dispatch(
        marketplaceReturnsApi.util.upsertQueryData('getReturnImport', created.id, created),
      );
      setState({ step: 'preview', id: created.id });
    } catch {
      // The message is shown from uploadState.error.
    }
  };

  const nothingNew =
    preview !== undefined && preview.counts.new === 0 && preview.counts.changed === 0;

  const runCommit = async () => {
    if (state.step !== 'preview' || !preview || preview.committed) return;
    try {
      const result = await commit(state.id).unwrap();
      toast.success(result.message);
      setState({ step: 'done', result, fileName: preview.file_name });
    } catch (error) {
      toast.error(errorMessage(error, RETURN_IMPORT_TEXTS.commitFailed));
      // Committed meanwhile (another tab): show the preview as it is now.
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

  const busy = uploadState.isLoading || commitState.isLoading;
  const dirty = state.step === 'choose' && file !== null && !busy;

  let body;
  let footer;
  if (state.step === 'choose') {
    body = (
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <ImportGrid>
          <TextField
            label={RETURN_IMPORT_TEXTS.file}
            type="file"
            accept={SPREADSHEET_ACCEPT}
            required
            autoFocus
            disabled={uploadState.isLoading}
            error={fileError}
            hint={RETURN_IMPORT_TEXTS.fileHint}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
              uploadState.reset();
            }}
          />
          {severalStores ? (
            <SelectField
              label={RETURN_IMPORT_TEXTS.store}
              placeholder={RETURN_IMPORT_TEXTS.storeMain}
              options={storeOptions}
              value={storeId ?? ''}
              disabled={uploadState.isLoading}
              hint={RETURN_IMPORT_TEXTS.storeHint}
              onChange={(event) =>
                setStoreId(event.target.value === '' ? undefined : Number(event.target.value))
              }
            />
          ) : null}
        </ImportGrid>
        {uploadState.isLoading ? <ProgressNote label={IMPORT_TEXTS.uploading} /> : null}
        {uploadState.error ? (
          <ImportFailure role="alert">
            <p>{errorMessage(uploadState.error, IMPORT_TEXTS.uploadFailed)}</p>
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
      previewQuery.isError ? (
        <ImportFailure role="alert">
          <p>{errorMessage(previewQuery.error, RETURN_IMPORT_TEXTS.previewFailed)}</p>
        </ImportFailure>
      ) : (
        <ProgressNote label={IMPORT_TEXTS.refreshing} />
      )
    ) : (
      <>
        <FileFacts>
          {preview.file_name} · {FORMAT_LABELS[preview.format]} · {RETURN_IMPORT_TEXTS.store}:{' '}
          {preview.store}
        </FileFacts>
        {preview.committed ? (
          <Note role="note">{RETURN_IMPORT_TEXTS.committedAlready}</Note>
        ) : nothingNew ? (
          <Note role="note">{RETURN_IMPORT_TEXTS.allAlready}</Note>
        ) : null}
        {commitState.isLoading ? <ProgressNote label={RETURN_IMPORT_TEXTS.committing} /> : null}
        <ReturnImportPreview preview={preview} />
      </>
    );
    footer = (
      <>
        <Button variant="ghost" disabled={busy} onClick={restart}>
          {IMPORT_TEXTS.another}
        </Button>
        <Button
          disabled={!preview || preview.committed || previewQuery.isFetching}
          busy={commitState.isLoading}
          busyText={RETURN_IMPORT_TEXTS.committing}
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
            [RETURN_IMPORT_TEXTS.created, result.created],
            [RETURN_IMPORT_TEXTS.updated, result.updated],
            [RETURN_IMPORT_TEXTS.alreadyResult, result.already],
            [RETURN_IMPORT_TEXTS.matchedResult, result.matched],
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
      title={state.step === 'done' ? IMPORT_TEXTS.resultTitle : RETURN_IMPORT_TEXTS.title}
      onClose={onClose}
      dirty={dirty}
      footer={footer}
    >
      {body}
    </Modal>
  );
}
