import { useState } from 'react';
import type { ReactNode } from 'react';
import { FileImportDialog } from './file-import-dialog';
import type {
  FileImportTexts,
  ImportMutationState,
  ImportPreviewQuery,
  ImportStep,
} from './file-import-dialog';
import { ImportNote, ImportStoreField } from './import-parts';
import type { ImportResultItem, ImportStore } from './import-parts';

/** The texts of an import into a store: FileImportDialog's and the store's and notes' own. */
export interface StoreFileImportTexts extends FileImportTexts {
  /** The store field's label and the store's name above the preview ('Toko'). */
  store: string;
  storeHint: string;
  /** Said above a preview imported before. */
  committedAlready: string;
  /** Said above a preview whose every row is imported already. */
  allAlready: string;
}

/**
 * The words an import into a store says alike (the income and return files): its notes, its
 * preview's counts and states, its result's counts.
 */
export const STORE_IMPORT_TEXTS = {
  previewFailed: 'Gagal memuat pratinjau',
  committedAlready: 'Pratinjau ini sudah diimpor.',
  state: 'Keterangan',
  new: 'Baru',
  already: 'Sudah ada',
  matched: 'Cocok dengan pesanan',
  unmatched: 'Tanpa pesanan di Gudang',
  problems: 'Baris tidak terbaca',
  alreadyResult: 'Sudah ada (dilewati)',
  matchedResult: 'Cocok dengan pesanan',
} as const;

/** What the dialog reads of a kept preview. */
export interface StoreImportPreview {
  id: number;
  file_name: string;
  /** The store's name. */
  store: string;
  committed: boolean;
}

export interface StoreFileImportDialogProps<
  P extends StoreImportPreview,
  R extends { message: string },
  C extends string,
> {
  /** Where the import is (useState(IMPORT_START) in the importer, which fetches the preview). */
  step: ImportStep<R>;
  onStepChange: (step: ImportStep<R>) => void;
  texts: StoreFileImportTexts;
  accept: string;
  onClose: () => void;
  /** The shop's stores, on every marketplace. */
  stores: readonly ImportStore[];
  /** The marketplaces whose files the import reads: the stores offered. */
  channels: readonly C[];
  channelLabels: Readonly<Record<C, string>>;
  /** The choice of no store: what the import then takes. */
  storePlaceholder: string;
  /** Uploads the file (`store_id` left out: none chosen) and answers the kept preview. */
  upload: (body: { file: File; store_id?: number }) => Promise<P>;
  uploadState: ImportMutationState;
  /** Keeps the uploaded preview as the preview query's cache entry: not fetched again. */
  keep: (preview: P) => Promise<unknown>;
  previewQuery: ImportPreviewQuery<P>;
  /** What the file is, between its name and its store above the preview (its marketplace). */
  kind: (preview: P) => string;
  /** Whether every row of the preview is imported already. */
  allAlready: (preview: P) => boolean;
  commit: (id: number) => Promise<R>;
  commitState: ImportMutationState;
  resultItems: (result: R) => readonly ImportResultItem[];
  /** The preview itself: counts, rows, problems. */
  children: (preview: P) => ReactNode;
}

/**
 * A two-step import of a marketplace's file into one of the shop's stores (the income and return
 * files): the store chosen where the shop has several on one marketplace (none: the file's or
 * its marketplace's default store), the preview kept on the server, then 'Impor' adds it all or
 * nothing, once; rows imported before are 'Sudah ada' and added nothing twice.
 */
export function StoreFileImportDialog<
  P extends StoreImportPreview,
  R extends { message: string },
  C extends string,
>({
  texts,
  stores,
  channels,
  channelLabels,
  storePlaceholder,
  upload,
  keep,
  kind,
  allAlready,
  commit,
  ...dialog
}: StoreFileImportDialogProps<P, R, C>) {
  // undefined: the store the file names, else its marketplace's default store.
  const [storeId, setStoreId] = useState<number | undefined>(undefined);

  const uploadFile = async (file: File) => {
    const created = await upload(storeId === undefined ? { file } : { file, store_id: storeId });
    await keep(created);
    return created.id;
  };

  return (
    <FileImportDialog<P, R>
      {...dialog}
      texts={texts}
      fields={
        <ImportStoreField
          stores={stores}
          channels={channels}
          channelLabels={channelLabels}
          label={texts.store}
          placeholder={storePlaceholder}
          hint={texts.storeHint}
          value={storeId}
          onChange={setStoreId}
          disabled={dialog.uploadState.isLoading}
        />
      }
      upload={uploadFile}
      facts={(preview) => (
        <>
          {preview.file_name} · {kind(preview)} · {texts.store}: {preview.store}
        </>
      )}
      notes={(preview) =>
        preview.committed ? (
          <ImportNote role="note">{texts.committedAlready}</ImportNote>
        ) : allAlready(preview) ? (
          <ImportNote role="note">{texts.allAlready}</ImportNote>
        ) : null
      }
      canCommit={(preview) => !preview.committed}
      commit={(id) => commit(id)}
      committedMessage={(result) => result.message}
    />
  );
}
