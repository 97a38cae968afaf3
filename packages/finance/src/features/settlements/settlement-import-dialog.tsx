import { errorMessage, useAppDispatch } from '@gudang/api-client';
import type { SettlementCommitResult } from '@gudang/api-client/contract';
import {
  Button,
  Modal,
  ModalCancelButton,
  ProgressNote,
  SelectField,
  TextField,
  formatInteger,
  useToast,
} from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
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

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

const Failure = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amberText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FileFacts = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.grey700};
  overflow-wrap: anywhere;
`;

const Result = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.spacing.md};
    border: 1px solid ${({ theme }) => theme.colors.borderLight};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
  }
`;

type Step =
  | { step: 'choose' }
  | { step: 'preview'; id: number }
  | { step: 'done'; result: SettlementCommitResult; fileName: string };

/**
 * Import of an income file in the two steps of the order import: upload it (the store chosen
 * where the file does not say it) and see the preview kept on the server, then 'Impor' adds it
 * all or nothing; orders imported before are 'Sudah ada' and added nothing twice.
 */
export function SettlementImportDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  // undefined: the store the file names, else its channel's default store.
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [upload, uploadState] = useCreateSettlementImportMutation();
  const [commit, commitState] = useCommitSettlementImportMutation();
  const resultFacts = useRef<HTMLParagraphElement>(null);
  const done = state.step === 'done';
  // The result opens at the dialog's top with the focus on the dialog (the button pressed is
  // gone), as the order import's does.
  useEffect(() => {
    const facts = resultFacts.current;
    if (!done || !facts) return;
    for (let box = facts.parentElement; box && box !== document.body; box = box.parentElement) {
      box.scrollTop = 0;
    }
    facts.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
  }, [done]);
  const previewQuery = useGetSettlementImportQuery(state.step === 'preview' ? state.id : skipToken);
  const preview = previewQuery.currentData;
  const storesQuery = useGetSettlementStoresQuery();
  // The stores of the marketplaces that publish an income file (BigSeller does not).
  const stores = (storesQuery.currentData?.data ?? []).flatMap((store) => {
    const channel = SETTLEMENT_CHANNELS.find((value) => value === store.channel);
    return channel ? [{ id: store.id, name: store.name, channel }] : [];
  });
  // One store per marketplace (the usual shop): nothing to choose, the file's channel says it.
  const severalStores = SETTLEMENT_CHANNELS.some(
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
        settlementsApi.util.upsertQueryData('getSettlementImport', created.id, created),
      );
      setState({ step: 'preview', id: created.id });
    } catch {
      // The message is shown from uploadState.error.
    }
  };

  const nothingNew = preview !== undefined && preview.counts.orders === preview.counts.already;

  const runCommit = async () => {
    if (state.step !== 'preview' || !preview || preview.committed) return;
    try {
      const result = await commit(state.id).unwrap();
      toast.success(result.message);
      setState({ step: 'done', result, fileName: preview.file_name });
    } catch (error) {
      toast.error(errorMessage(error, IMPORT_TEXTS.commitFailed));
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
        <Grid>
          <TextField
            label={IMPORT_TEXTS.file}
            type="file"
            accept={SPREADSHEET_ACCEPT}
            required
            autoFocus
            disabled={uploadState.isLoading}
            error={fileError}
            hint={IMPORT_TEXTS.fileHint}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
              uploadState.reset();
            }}
          />
          {severalStores ? (
            <SelectField
              label={IMPORT_TEXTS.store}
              placeholder={IMPORT_TEXTS.storeFromFile}
              options={storeOptions}
              value={storeId ?? ''}
              disabled={uploadState.isLoading}
              hint={IMPORT_TEXTS.storeHint}
              onChange={(event) =>
                setStoreId(event.target.value === '' ? undefined : Number(event.target.value))
              }
            />
          ) : null}
        </Grid>
        {uploadState.isLoading ? <ProgressNote label={IMPORT_TEXTS.uploading} /> : null}
        {uploadState.error ? (
          <Failure role="alert">
            <p>{errorMessage(uploadState.error, IMPORT_TEXTS.uploadFailed)}</p>
          </Failure>
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
        <Failure role="alert">
          <p>{errorMessage(previewQuery.error, IMPORT_TEXTS.previewFailed)}</p>
        </Failure>
      ) : (
        <ProgressNote label={IMPORT_TEXTS.refreshing} />
      )
    ) : (
      <>
        <FileFacts>
          {preview.file_name} · {CHANNEL_LABELS[preview.channel]} · {IMPORT_TEXTS.store}:{' '}
          {preview.store}
        </FileFacts>
        {preview.committed ? (
          <Note role="note">{IMPORT_TEXTS.committedAlready}</Note>
        ) : nothingNew ? (
          <Note role="note">{IMPORT_TEXTS.allAlready}</Note>
        ) : null}
        {commitState.isLoading ? <ProgressNote label={IMPORT_TEXTS.committing} /> : null}
        <SettlementPreview preview={preview} />
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
        <Result aria-label={IMPORT_TEXTS.resultTitle}>
          {(
            [
              [IMPORT_TEXTS.created, result.created],
              [IMPORT_TEXTS.alreadyResult, result.already],
              [IMPORT_TEXTS.matchedResult, result.matched],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatInteger(value)}</dd>
            </div>
          ))}
        </Result>
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
