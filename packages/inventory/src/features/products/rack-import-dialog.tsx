import { RACK_IMPORT_HEADERS, RACK_IMPORT_MAX_ROWS, errorMessage } from '@gudang/api-client';
import type { RackImport, RackImportRow, RackImportState } from '@gudang/api-client';
import {
  Badge,
  Button,
  Modal,
  ModalCancelButton,
  Table,
  TextField,
  formatInteger,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useCommitRackImportMutation, useCreateRackImportMutation } from './products-api';

/** Texts of 'Impor Rak'. */
export const RACK_IMPORT_TEXTS = {
  title: 'Impor Rak',
  hint: `File Excel atau CSV dengan dua kolom: ${RACK_IMPORT_HEADERS.code[0]} dan ${RACK_IMPORT_HEADERS.rack[0]} (baris pertama judul kolom, maksimal ${RACK_IMPORT_MAX_ROWS.toLocaleString('id-ID')} baris). Rak kosong menghapus rak produk.`,
  file: 'File Rak',
  fileRequired: 'Pilih file rak',
  preview: 'Pratinjau',
  previewing: 'Membaca file...',
  commit: 'Impor',
  committing: 'Mengimpor...',
  skipProblems: 'Lewati baris bermasalah',
  failed: 'Gagal membaca file rak',
  commitFailed: 'Gagal mengimpor rak',
  rowsLabel: 'Pratinjau impor rak',
  empty: 'Tidak ada baris',
  summary: (data: RackImport['summary']) =>
    `${formatInteger(data.total)} baris: ${formatInteger(data.update)} diubah, ${formatInteger(data.unchanged)} tetap, ${formatInteger(data.unknown_product)} kode tidak ditemukan, ${formatInteger(data.invalid)} tidak valid`,
} as const;

const STATE_LABELS: Record<RackImportState, { label: string; tone: Tone }> = {
  update: { label: 'Diubah', tone: 'green' },
  unchanged: { label: 'Tetap', tone: 'grey' },
  unknown_product: { label: 'Kode tidak ditemukan', tone: 'red' },
  invalid: { label: 'Tidak valid', tone: 'red' },
};

const Note = styled.p<{ $tone?: 'red' }>`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.redText : theme.colors.text)};
  overflow-wrap: anywhere;
`;

const columns: TableColumn<RackImportRow>[] = [
  { key: 'row', header: 'Baris', align: 'right' },
  { key: 'product_code', header: 'Kode', code: true },
  { key: 'product_name', header: 'Nama Barang' },
  { key: 'current_rack', header: 'Rak Sekarang', render: (row) => row.current_rack ?? '-' },
  { key: 'rack', header: 'Rak Baru', render: (row) => row.rack ?? '-' },
  {
    key: 'state',
    header: 'Status',
    render: (row) => (
      <>
        <Badge tone={STATE_LABELS[row.state].tone}>{STATE_LABELS[row.state].label}</Badge>
        {row.problem ? <div>{row.problem}</div> : null}
      </>
    ),
  },
];

/**
 * 'Impor Rak' (manager): a two-column file (Kode Barang, Rak) read into a preview first, then
 * imported, the rows with problems left out only when asked.
 */
export function RackImportDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<RackImport>();
  const [skip, setSkip] = useState(false);
  const [upload, uploadState] = useCreateRackImportMutation();
  const [commit, commitState] = useCommitRackImportMutation();
  const problems = preview ? preview.summary.unknown_product + preview.summary.invalid : 0;

  async function read() {
    if (file === null) {
      setProblem(RACK_IMPORT_TEXTS.fileRequired);
      return;
    }
    setProblem(undefined);
    try {
      setPreview(await upload(file).unwrap());
      setSkip(false);
    } catch (error) {
      setProblem(errorMessage(error, RACK_IMPORT_TEXTS.failed));
    }
  }

  async function save() {
    if (preview === undefined) return;
    setProblem(undefined);
    try {
      const result = await commit({
        id: preview.id,
        body: skip ? { skip_problems: true } : {},
      }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, RACK_IMPORT_TEXTS.commitFailed));
    }
  }

  return (
    <Modal
      open
      size="lg"
      title={RACK_IMPORT_TEXTS.title}
      onClose={onClose}
      footer={
        <>
          <ModalCancelButton />
          {preview === undefined ? (
            <Button
              busy={uploadState.isLoading}
              busyText={RACK_IMPORT_TEXTS.previewing}
              onClick={() => void read()}
            >
              {RACK_IMPORT_TEXTS.preview}
            </Button>
          ) : (
            <Button
              busy={commitState.isLoading}
              busyText={RACK_IMPORT_TEXTS.committing}
              disabled={problems > 0 && !skip}
              onClick={() => void save()}
            >
              {RACK_IMPORT_TEXTS.commit}
            </Button>
          )}
        </>
      }
    >
      {preview === undefined ? (
        <>
          <Note>{RACK_IMPORT_TEXTS.hint}</Note>
          <TextField
            label={RACK_IMPORT_TEXTS.file}
            type="file"
            accept=".xlsx,.xls,.csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(undefined);
            }}
          />
        </>
      ) : (
        <>
          <Note role="status">
            {preview.file_name}: {RACK_IMPORT_TEXTS.summary(preview.summary)}
          </Note>
          {problems > 0 ? (
            <label>
              <input
                type="checkbox"
                checked={skip}
                onChange={(event) => setSkip(event.target.checked)}
              />{' '}
              {RACK_IMPORT_TEXTS.skipProblems}
            </label>
          ) : null}
          <Table
            label={RACK_IMPORT_TEXTS.rowsLabel}
            columns={columns}
            rows={preview.rows}
            rowKey="row"
            emptyText={RACK_IMPORT_TEXTS.empty}
          />
        </>
      )}
      {problem === undefined ? null : (
        <Note role="alert" $tone="red">
          {problem}
        </Note>
      )}
    </Modal>
  );
}
