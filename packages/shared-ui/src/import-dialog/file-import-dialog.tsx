import { errorMessage } from '@gudang/api-client';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../components/button';
import { TextField } from '../components/fields';
import { FieldGrid } from '../components/layout';
import { Modal, ModalCancelButton } from '../components/modal';
import { ProgressNote } from '../components/progress-note';
import { useToast } from '../components/toast';
import { FileFacts, ImportFailure, ImportResult } from './import-parts';
import type { ImportResultItem } from './import-parts';

/** Where a two-step import is: choosing its file, its preview kept on the server, or done. */
export type ImportStep<R> =
  | { step: 'choose' }
  | { step: 'preview'; id: number }
  | { step: 'done'; result: R; fileName: string };

/** The first step, for useState. */
export const IMPORT_START = { step: 'choose' } as const satisfies ImportStep<never>;

/** The texts every two-step import says; an importer's texts object usually has them all. */
export interface FileImportTexts {
  /** The dialog's title until the result ('Impor Pesanan Marketplace'). */
  title: string;
  /** The file field's label ('File pesanan (xlsx, xls, csv)'). */
  file: string;
  fileHint?: string;
  fileRequired: string;
  upload: string;
  uploading: string;
  uploadFailed: string;
  /** While the preview is fetched (again). */
  refreshing: string;
  /** Said when the preview cannot be fetched; without it, `refreshing` stays. */
  previewFailed?: string;
  commit: string;
  committing: string;
  commitFailed: string;
  /** The dialog's title and the result's name once committed ('Hasil Impor'). */
  resultTitle: string;
  another: string;
  done: string;
}

/**
 * The words of FileImportDialog that every import says alike; an importer spreads them into its
 * texts and adds its own (title, file, committing) or says one otherwise.
 */
export const FILE_IMPORT_TEXTS = {
  fileRequired: 'Pilih file terlebih dahulu',
  upload: 'Unggah',
  uploading: 'Mengunggah dan membaca file...',
  uploadFailed: 'Gagal membaca file',
  refreshing: 'Memperbarui pratinjau...',
  commit: 'Impor',
  resultTitle: 'Hasil Impor',
  another: 'Impor File Lain',
  done: 'Selesai',
} as const satisfies Partial<FileImportTexts>;

/** The part of a mutation's state the dialog reads (an RTK Query mutation result has it). */
export interface ImportMutationState {
  isLoading: boolean;
  error?: unknown;
  reset: () => void;
}

/** The part of the preview query's state the dialog reads (an RTK Query result has it). */
export interface ImportPreviewQuery<P> {
  currentData?: P;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface FileImportDialogProps<P extends { file_name: string }, R> {
  /** Where the import is (useState(IMPORT_START) in the importer, which fetches the preview). */
  step: ImportStep<R>;
  onStepChange: (step: ImportStep<R>) => void;
  texts: FileImportTexts;
  /** The file input's accept. */
  accept: string;
  onClose: () => void;
  /** Beside the file field: the marketplace or store to import into. */
  fields?: ReactNode;
  /** Below the fields. */
  chooseNote?: ReactNode;
  /**
   * Uploads the file and answers the preview's id (the preview itself kept as the query's cache
   * entry); a failure shows from `uploadState.error`.
   */
  upload: (file: File) => Promise<number>;
  uploadState: ImportMutationState;
  /**
   * The upload's failure said in full (the columns looked for, as a list), shown in its alert
   * instead of the failure's message, which says the same in one sentence.
   */
  uploadFailureDetail?: ReactNode;
  previewQuery: ImportPreviewQuery<P>;
  /** The line above the preview (file, marketplace, store). */
  facts: (preview: P) => ReactNode;
  /** What to know before 'Impor', above the preview. */
  notes?: (preview: P) => ReactNode;
  /** The preview itself: counts, rows, problems. */
  children: (preview: P) => ReactNode;
  /** Whether 'Impor' may be pressed (not committed yet, no problem left in the way). */
  canCommit: (preview: P) => boolean;
  commit: (id: number, preview: P) => Promise<R>;
  commitState: ImportMutationState;
  /** The toast after a commit. */
  committedMessage: (result: R) => string;
  resultItems: (result: R) => readonly ImportResultItem[];
  /** Typed data besides the file (a chosen marketplace): closing asks first. */
  chooseDirty?: boolean;
  /** Typed data in the preview (a mapping being typed): closing asks first. */
  previewDirty?: boolean;
}

/**
 * 'Impor' sits below a long preview: the shorter result would keep that scroll and open with its
 * title above the top (a phone). Once `done`, the dialog goes back to its top and takes the focus,
 * so that a screen reader reads 'Hasil Impor' (the button pressed is gone). Answers the ref to put
 * on an element of the result.
 */
function useResultFocus(done: boolean) {
  const facts = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = facts.current;
    if (!done || !element) return;
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      box.scrollTop = 0;
    }
    element.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
  }, [done]);
  return facts;
}

/**
 * Import of a file in two steps: choose the file (and what the importer adds beside it) and
 * upload it, see the preview the server keeps (its facts, notes and rows), then 'Impor' commits
 * it all or nothing and the result shows its counts; 'Impor File Lain' starts again. The
 * importer gives its texts, fields, calls and the preview's content.
 */
export function FileImportDialog<P extends { file_name: string }, R>({
  step,
  onStepChange,
  texts,
  accept,
  onClose,
  fields,
  chooseNote,
  upload,
  uploadState,
  uploadFailureDetail,
  previewQuery,
  facts,
  notes,
  children,
  canCommit,
  commit,
  commitState,
  committedMessage,
  resultItems,
  chooseDirty = false,
  previewDirty = false,
}: FileImportDialogProps<P, R>) {
  const formId = useId();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const resultFacts = useResultFocus(step.step === 'done');
  const preview = previewQuery.currentData;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploadState.isLoading) return;
    if (!file) {
      setFileError(texts.fileRequired);
      return;
    }
    try {
      onStepChange({ step: 'preview', id: await upload(file) });
    } catch {
      // The message is shown from uploadState.error.
    }
  };

  const runCommit = async () => {
    if (step.step !== 'preview' || !preview || !canCommit(preview)) return;
    try {
      const result = await commit(step.id, preview);
      toast.success(committedMessage(result));
      onStepChange({ step: 'done', result, fileName: preview.file_name });
    } catch (error) {
      toast.error(errorMessage(error, texts.commitFailed));
      // Committed meanwhile (another tab) or changed elsewhere: show the preview as it is now.
      void previewQuery.refetch();
    }
  };

  const restart = () => {
    uploadState.reset();
    commitState.reset();
    setFile(null);
    setFileError(undefined);
    onStepChange({ step: 'choose' });
  };

  const busy = uploadState.isLoading || commitState.isLoading;
  // A chosen file (or choice) not uploaded yet, or data typed in the preview: closing asks first.
  const dirty =
    (step.step === 'choose' && (file !== null || chooseDirty) && !busy) ||
    (step.step === 'preview' && previewDirty);

  let body;
  let footer;
  if (step.step === 'choose') {
    // The form stays while the file is read, so that the chosen file stays shown with it.
    body = (
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <FieldGrid>
          <TextField
            label={texts.file}
            type="file"
            accept={accept}
            required
            // The first field takes the focus on opening.
            autoFocus
            disabled={uploadState.isLoading}
            error={fileError}
            hint={texts.fileHint}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
              uploadState.reset();
            }}
          />
          {fields}
        </FieldGrid>
        {chooseNote}
        {uploadState.isLoading ? <ProgressNote label={texts.uploading} /> : null}
        {uploadState.error ? (
          <ImportFailure role="alert">
            {uploadFailureDetail ?? <p>{errorMessage(uploadState.error, texts.uploadFailed)}</p>}
          </ImportFailure>
        ) : null}
      </form>
    );
    footer = (
      <>
        <ModalCancelButton />
        <Button type="submit" form={formId} busy={uploadState.isLoading} busyText={texts.uploading}>
          {texts.upload}
        </Button>
      </>
    );
  } else if (step.step === 'preview') {
    body = !preview ? (
      previewQuery.isError && texts.previewFailed !== undefined ? (
        <ImportFailure role="alert">
          <p>{errorMessage(previewQuery.error, texts.previewFailed)}</p>
        </ImportFailure>
      ) : (
        <ProgressNote label={texts.refreshing} />
      )
    ) : (
      <>
        <FileFacts>{facts(preview)}</FileFacts>
        {notes?.(preview)}
        {commitState.isLoading ? <ProgressNote label={texts.committing} /> : null}
        {children(preview)}
      </>
    );
    footer = (
      <>
        <Button variant="ghost" disabled={busy} onClick={restart}>
          {texts.another}
        </Button>
        <Button
          disabled={!preview || !canCommit(preview) || previewQuery.isFetching}
          busy={commitState.isLoading}
          busyText={texts.committing}
          onClick={() => void runCommit()}
        >
          {texts.commit}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <FileFacts ref={resultFacts}>{step.fileName}</FileFacts>
        <ImportResult label={texts.resultTitle} items={resultItems(step.result)} />
      </>
    );
    footer = (
      <>
        <Button variant="ghost" onClick={restart}>
          {texts.another}
        </Button>
        <Button onClick={onClose}>{texts.done}</Button>
      </>
    );
  }

  return (
    <Modal
      open
      size="xl"
      closeOnBackdrop={false}
      title={step.step === 'done' ? texts.resultTitle : texts.title}
      onClose={onClose}
      dirty={dirty}
      footer={footer}
    >
      {body}
    </Modal>
  );
}
