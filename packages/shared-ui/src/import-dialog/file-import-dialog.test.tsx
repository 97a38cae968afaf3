import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MODAL_TEXTS } from '../components/modal';
import { renderWithProviders } from '../testing';
import { FileImportDialog, IMPORT_START } from './file-import-dialog';
import type { FileImportTexts, ImportStep } from './file-import-dialog';
import { FileImportPreview, ImportNote, ImportStoreField } from './import-parts';
import type { ImportProblem } from './import-parts';

const TEXTS: FileImportTexts = {
  title: 'Impor Contoh',
  file: 'File contoh (xlsx, xls, csv)',
  fileHint: 'Format dikenali dari kolomnya.',
  fileRequired: 'Pilih file terlebih dahulu',
  upload: 'Unggah',
  uploading: 'Mengunggah dan membaca file...',
  uploadFailed: 'Gagal membaca file',
  refreshing: 'Memuat pratinjau...',
  previewFailed: 'Gagal memuat pratinjau',
  commit: 'Impor',
  committing: 'Mengimpor contoh...',
  commitFailed: 'Gagal mengimpor contoh',
  resultTitle: 'Hasil Impor',
  another: 'Impor File Lain',
  done: 'Selesai',
};

const PREVIEW_TEXTS = {
  summary: 'Ringkasan',
  problemsTable: 'Baris yang tidak terbaca',
  sheet: 'Sheet',
  row: 'Baris',
  message: 'Alasan',
  firstProblems: (shown: number, total: number) => `Menampilkan ${shown} dari ${total} baris.`,
};

interface Row {
  code: string;
}

interface Preview {
  file_name: string;
  committed: boolean;
  rows: Row[];
  total: number;
  problems: ImportProblem[];
}

interface Result {
  created: number;
  already: number;
}

const preview = (overrides: Partial<Preview> = {}): Preview => ({
  file_name: 'contoh.xlsx',
  committed: false,
  rows: [{ code: 'A-1' }, { code: 'B-2' }],
  total: 2,
  problems: [{ sheet: 'Data', row: 7, message: 'Jumlah bukan angka: "dua"' }],
  ...overrides,
});

const failure = (message: string) => ({ status: 400, data: { message } });

interface HarnessProps {
  upload: (file: File) => Promise<number>;
  commit?: (id: number, preview: Preview) => Promise<Result>;
  previews?: Map<number, Preview>;
  previewError?: unknown;
  refetch?: () => void;
  texts?: FileImportTexts;
  onClose?: () => void;
}

// The importer's side: its state for the step, its calls' states, its preview's content.
function Harness({
  upload,
  commit = () => Promise.resolve({ created: 2, already: 1 }),
  previews = new Map([[5, preview()]]),
  previewError,
  refetch = () => undefined,
  texts = TEXTS,
  onClose = () => undefined,
}: HarnessProps) {
  const [step, setStep] = useState<ImportStep<Result>>(IMPORT_START);
  const [uploadError, setUploadError] = useState<unknown>(undefined);
  const [committing, setCommitting] = useState(false);
  const current = step.step === 'preview' ? previews.get(step.id) : undefined;
  return (
    <FileImportDialog<Preview, Result>
      step={step}
      onStepChange={setStep}
      texts={texts}
      accept=".xlsx,.xls,.csv"
      onClose={onClose}
      fields={<label htmlFor="extra">Toko contoh</label>}
      upload={async (file) => {
        try {
          return await upload(file);
        } catch (error) {
          setUploadError(error);
          throw error;
        }
      }}
      uploadState={{
        isLoading: false,
        error: uploadError,
        reset: () => setUploadError(undefined),
      }}
      uploadFailureDetail={
        uploadError === undefined ? undefined : (
          <>
            <p>Format file tidak dikenali. Kolom yang dicari:</p>
            <ul aria-label="Kolom yang dicari" />
          </>
        )
      }
      previewQuery={{
        currentData: current,
        isFetching: false,
        isError: previewError !== undefined,
        error: previewError,
        refetch,
      }}
      facts={(shown) => `${shown.file_name} · Shopee`}
      notes={(shown) =>
        shown.committed ? <ImportNote role="note">Pratinjau ini sudah diimpor.</ImportNote> : null
      }
      canCommit={(shown) => !shown.committed}
      commit={async (id, shown) => {
        setCommitting(true);
        try {
          return await commit(id, shown);
        } finally {
          setCommitting(false);
        }
      }}
      commitState={{ isLoading: committing, reset: () => undefined }}
      committedMessage={(result) => `${result.created} contoh diimpor`}
      resultItems={(result) => [
        ['Contoh baru', result.created],
        ['Sudah ada (dilewati)', result.already],
      ]}
    >
      {(shown) => (
        <FileImportPreview
          texts={PREVIEW_TEXTS}
          counts={[
            { label: 'Baris di file', value: shown.total },
            { label: 'Baris tidak terbaca', value: shown.problems.length, warn: true },
          ]}
          label="Contoh di File"
          columns={[{ key: 'code', header: 'Kode' }]}
          rows={shown.rows}
          rowKey="code"
          emptyText="Tidak ada contoh"
          total={shown.total}
          firstRows={(count, total) => `Menampilkan ${count} dari ${total} contoh.`}
          problems={shown.problems}
          problemTotal={shown.problems.length}
        />
      )}
    </FileImportDialog>
  );
}

const xlsx = () => new File(['a'], 'contoh.xlsx', { type: 'application/vnd.ms-excel' });

describe('FileImportDialog', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks for a file, uploads it, shows the preview, commits it and shows the result', async () => {
    const upload = jest.fn(() => Promise.resolve(5));
    const commit = jest.fn(() => Promise.resolve({ created: 2, already: 1 }));
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <Harness upload={upload} commit={commit} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    const input = within(dialog).getByLabelText('File contoh (xlsx, xls, csv)');
    expect(input).toHaveFocus();
    expect(within(dialog).getByText('Format dikenali dari kolomnya.')).toBeInTheDocument();
    expect(within(dialog).getByText('Toko contoh')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(within(dialog).getByText('Pilih file terlebih dahulu')).toBeVisible();
    expect(upload).not.toHaveBeenCalled();

    await user.upload(input, xlsx());
    expect(within(dialog).queryByText('Pilih file terlebih dahulu')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: 'contoh.xlsx' }));

    const region = await within(dialog).findByRole('region', { name: 'Contoh di File' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Contoh di File' })).toBeInTheDocument();
    expect(within(dialog).getByText('contoh.xlsx · Shopee')).toBeInTheDocument();
    const counts = within(dialog).getByLabelText('Ringkasan');
    expect(within(counts).getByText('Baris di file').nextSibling?.textContent).toBe('2');
    expect(within(counts).getByText('Baris tidak terbaca').parentElement).toHaveAttribute(
      'data-warn',
      'true',
    );
    const problems = within(dialog).getByRole('table', { name: 'Baris yang tidak terbaca' });
    const problem = within(problems).getByText('Jumlah bukan angka: "dua"').closest('tr');
    expect(within(problem as HTMLElement).getByText('7')).toBeInTheDocument();
    // All rows are here: no 'first of' note.
    expect(within(dialog).queryByText(/Menampilkan/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    const result = await screen.findByRole('dialog', { name: 'Hasil Impor' });
    expect(commit).toHaveBeenCalledWith(5, expect.objectContaining({ file_name: 'contoh.xlsx' }));
    expect(screen.getByText('2 contoh diimpor')).toBeInTheDocument();
    expect(within(result).getByText('Contoh baru').nextSibling?.textContent).toBe('2');
    expect(within(result).getByText('Sudah ada (dilewati)').nextSibling?.textContent).toBe('1');
    // The button pressed is gone: the dialog takes the focus.
    await waitFor(() => expect(result).toHaveFocus());
    await user.click(within(result).getByRole('button', { name: 'Selesai' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows why the upload failed with its detail, until another file is chosen', async () => {
    const upload = jest
      .fn<Promise<number>, [File]>()
      .mockRejectedValueOnce(failure('Format file tidak dikenali'))
      .mockResolvedValueOnce(5);
    const { user } = renderWithProviders(<Harness upload={upload} />);
    const dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    const input = within(dialog).getByLabelText('File contoh (xlsx, xls, csv)');
    await user.upload(input, xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Format file tidak dikenali');
    expect(within(alert).getByRole('list', { name: 'Kolom yang dicari' })).toBeInTheDocument();
    await user.upload(input, xlsx());
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(await within(dialog).findByRole('table', { name: 'Contoh di File' })).toBeVisible();
  });

  it('keeps Impor off for a preview that cannot be committed, and starts again', async () => {
    const commit = jest.fn(() => Promise.resolve({ created: 0, already: 0 }));
    const { user } = renderWithProviders(
      <Harness
        upload={() => Promise.resolve(5)}
        commit={commit}
        previews={new Map([[5, preview({ committed: true })]])}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    await user.upload(within(dialog).getByLabelText('File contoh (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(await within(dialog).findByRole('note')).toHaveTextContent(
      'Pratinjau ini sudah diimpor.',
    );
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Impor File Lain' }));
    expect(within(dialog).getByLabelText('File contoh (xlsx, xls, csv)')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Unggah' })).toBeEnabled();
    expect(commit).not.toHaveBeenCalled();
  });

  it('says a failed commit and fetches the preview again', async () => {
    const refetch = jest.fn();
    const { user } = renderWithProviders(
      <Harness
        upload={() => Promise.resolve(5)}
        commit={() => Promise.reject(failure('Pratinjau ini sudah diimpor'))}
        refetch={refetch}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    await user.upload(within(dialog).getByLabelText('File contoh (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Impor' }));
    expect(await screen.findByText('Pratinjau ini sudah diimpor')).toBeInTheDocument();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Impor Contoh' })).toBeInTheDocument();
  });

  it('says a preview that cannot be fetched, or waits for it without that text', async () => {
    const { user, unmount } = renderWithProviders(
      <Harness
        upload={() => Promise.resolve(9)}
        previews={new Map()}
        previewError={failure('Pratinjau tidak ditemukan')}
      />,
    );
    let dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    await user.upload(within(dialog).getByLabelText('File contoh (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pratinjau tidak ditemukan');
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toBeDisabled();
    unmount();

    const { previewFailed: _, ...withoutFailure } = TEXTS;
    const second = renderWithProviders(
      <Harness
        upload={() => Promise.resolve(9)}
        previews={new Map()}
        previewError={failure('Pratinjau tidak ditemukan')}
        texts={withoutFailure}
      />,
    );
    dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    await second.user.upload(within(dialog).getByLabelText('File contoh (xlsx, xls, csv)'), xlsx());
    await second.user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Memuat pratinjau...' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('asks before closing with a chosen file not uploaded', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <Harness upload={() => Promise.resolve(5)} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Impor Contoh' });
    await user.upload(within(dialog).getByLabelText('File contoh (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('FileImportPreview', () => {
  it('says when the rows and problems shown are the first of more', () => {
    renderWithProviders(
      <FileImportPreview
        texts={PREVIEW_TEXTS}
        counts={[{ label: 'Baris di file', value: 1200 }]}
        label="Contoh di File"
        columns={[{ key: 'code', header: 'Kode' }]}
        rows={[{ code: 'A-1' }]}
        rowKey="code"
        emptyText="Tidak ada contoh"
        total={1200}
        firstRows={(shown, total) => `Menampilkan ${shown} dari ${total} contoh.`}
        problems={[{ sheet: 'Data', row: 3, message: 'Kosong' }]}
        problemTotal={40}
      />,
    );
    expect(screen.getByText('Menampilkan 1 dari 1200 contoh.')).toBeInTheDocument();
    expect(screen.getByText('Menampilkan 1 dari 40 baris.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ringkasan')).toHaveTextContent('Baris di file1.200');
    expect(screen.getByText('Baris di file').parentElement?.hasAttribute('data-warn')).toBe(false);
  });

  it('has no problems section when every row was read', () => {
    renderWithProviders(
      <FileImportPreview
        texts={PREVIEW_TEXTS}
        counts={[]}
        label="Contoh di File"
        columns={[{ key: 'code', header: 'Kode' }]}
        rows={[]}
        rowKey="code"
        emptyText="Tidak ada contoh"
        total={0}
        firstRows={(shown, total) => `Menampilkan ${shown} dari ${total} contoh.`}
        problems={[]}
        problemTotal={0}
      />,
    );
    expect(screen.getByText('Tidak ada contoh')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Baris yang tidak terbaca' })).toBeNull();
    expect(screen.queryByText(/Menampilkan/)).toBeNull();
  });
});

describe('ImportStoreField', () => {
  const LABELS = { shopee: 'Shopee', tiktok: 'TikTok Shop' } as const;
  const field = (stores: { id: number; name: string; channel: string }[], onChange = jest.fn()) =>
    renderWithProviders(
      <ImportStoreField
        stores={stores}
        channels={['shopee', 'tiktok'] as const}
        channelLabels={LABELS}
        label="Toko"
        placeholder="Toko utama channel file"
        hint="Pilih toko bila punya beberapa toko di satu marketplace."
        value={undefined}
        onChange={onChange}
      />,
    );

  it('is not shown with one store per marketplace of the import', () => {
    field([
      { id: 1, name: 'cbmajwastore', channel: 'shopee' },
      { id: 2, name: 'TikTok Shop', channel: 'tiktok' },
      // Not a marketplace of this import: its second store asks nothing.
      { id: 3, name: 'Lain', channel: 'bigseller' },
      { id: 4, name: 'Lain 2', channel: 'bigseller' },
    ]);
    expect(screen.queryByLabelText('Toko')).toBeNull();
  });

  it("offers the import's stores where one marketplace has several", async () => {
    const onChange = jest.fn();
    const { user } = field(
      [
        { id: 1, name: 'cbmajwastore', channel: 'shopee' },
        { id: 5, name: 'Toko Kedua', channel: 'shopee' },
        { id: 2, name: 'TikTok Shop', channel: 'tiktok' },
        { id: 3, name: 'Lain', channel: 'bigseller' },
      ],
      onChange,
    );
    const select = screen.getByLabelText('Toko');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Toko utama channel file',
      'Shopee · cbmajwastore',
      'Shopee · Toko Kedua',
      'TikTok Shop · TikTok Shop',
    ]);
    await user.selectOptions(select, 'Shopee · Toko Kedua');
    expect(onChange).toHaveBeenLastCalledWith(5);
    await user.selectOptions(select, 'Toko utama channel file');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
