import { DEBOUNCE_MS, FIELDS, errorMessage } from '@gudang/api-client';
import type { StockFileUnchangedRow } from '@gudang/api-client';
import type { StockFilePreview, StockFilePreviewRow } from '@gudang/api-client/contract';
import {
  Button,
  CellLines,
  CellNote,
  FieldGrid,
  FileFacts,
  ImportDone,
  ImportFailure,
  ImportScroll,
  Modal,
  MutedText,
  Pager,
  QuantityField,
  SelectField,
  Table,
  TextField,
  numberColumn,
  readIntegerInput,
  useDebouncedValue,
  useModalClose,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  useFillMarketplaceStockFileMutation,
  useGetMarketplaceStoresQuery,
  usePreviewMarketplaceStockFileMutation,
} from './marketplace-api';
import type { StockFileResult, StockFileUpload } from './marketplace-api';
import {
  CHANNEL_LABELS,
  IMPORT_TEXTS,
  PREVIEW_PAGE_SIZE,
  SPREADSHEET_ACCEPT,
  STOCK_FILE_TEXTS,
  UNCHANGED_REASON_TEXTS,
} from './marketplace-texts';
import { count } from './order-columns';
import { ProgressNote } from './progress-note';

const BUFFER = { label: FIELDS.buffer.label, min: 0, max: FIELDS.buffer.max };

/** The buffer as typed: undefined when left empty (the store's own applies). */
const readBuffer = (text: string) =>
  text.trim() === '' ? undefined : readIntegerInput(text, BUFFER);

const PreviewBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;

/** The most rows of a page the dialog holds in place; it scrolls itself to show them. */
const ROWS_IN_PLACE = 10;

const Unmapped = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amberText};
  overflow-wrap: anywhere;
`;

// The rows left as they were: a long list scrolls inside its box.
const Unchanged = styled.ul`
  margin: ${({ theme }) => theme.spacing.sm} 0;
  padding-left: ${({ theme }) => theme.spacing.lg};
  max-height: 240px;
  overflow-y: auto;
  li + li {
    margin-top: 2px;
  }
`;

const Code = styled.span`
  white-space: nowrap;
`;

const PREVIEW_COLUMNS: TableColumn<StockFilePreviewRow>[] = [
  { key: 'row', header: 'Baris', align: 'right', nowrap: true, render: (row) => count(row.row) },
  {
    key: 'sku',
    header: 'SKU',
    render: (row) => (
      <CellLines>
        <Code>{row.sku}</Code>
        {row.variation ? <CellNote>{row.variation}</CellNote> : null}
      </CellLines>
    ),
  },
  numberColumn('quantity', 'Stok Ditulis', (row) => count(row.quantity)),
  { key: 'explanation', header: 'Keterangan' },
];

/** 'Selesai': closes the dialog the way Escape does (asking first while a chosen file waits). */
function DoneButton() {
  const close = useModalClose();
  return (
    <Button variant="ghost" onClick={close}>
      {IMPORT_TEXTS.done}
    </Button>
  );
}

/** Each row the file leaves as it is, with the reason; those not named are counted. */
function UnchangedRows({ rows, total }: { rows: readonly StockFileUnchangedRow[]; total: number }) {
  if (rows.length === 0) return null;
  const more = total - rows.length;
  return (
    <>
      <Unchanged aria-label={STOCK_FILE_TEXTS.unchangedList}>
        {rows.map((row) => (
          <li key={row.row}>
            {STOCK_FILE_TEXTS.unchangedRow(row.row, row.sku, row.variation)}:{' '}
            {UNCHANGED_REASON_TEXTS[row.reason]}
          </li>
        ))}
        {more > 0 ? <li>{STOCK_FILE_TEXTS.unchangedMore(more)}</li> : null}
      </Unchanged>
      <p>{STOCK_FILE_TEXTS.unchangedHint}</p>
    </>
  );
}

/** The filled rows a page at a time, with how each number was made, and the rows left alone. */
function PreviewRows({ preview }: { preview: StockFilePreview }) {
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(preview.rows.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const rows = preview.rows.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);
  const table = (
    <Table
      label={STOCK_FILE_TEXTS.previewTable}
      columns={PREVIEW_COLUMNS}
      rows={rows}
      rowKey="row"
      emptyText={STOCK_FILE_TEXTS.previewEmpty}
    />
  );
  return (
    <PreviewBox aria-label={STOCK_FILE_TEXTS.previewTitle}>
      <h3>{STOCK_FILE_TEXTS.previewTitle}</h3>
      <FileFacts>
        {STOCK_FILE_TEXTS.previewFacts(
          CHANNEL_LABELS[preview.channel],
          preview.store,
          preview.buffer,
        )}
      </FileFacts>
      <p>{STOCK_FILE_TEXTS.filled(preview.rows.length)}</p>
      {/* More rows scroll in a box of their own, so that the fields above and the download
          below stay near. Its track stays drawn: the box cuts a row off with no other sign. */}
      {rows.length > ROWS_IN_PLACE ? (
        <ImportScroll $least="360px" $track>
          {table}
        </ImportScroll>
      ) : (
        table
      )}
      <Pager
        page={current}
        totalPages={totalPages}
        total={preview.rows.length}
        limit={PREVIEW_PAGE_SIZE}
        onPageChange={setPage}
      />
      {preview.unchanged.length > 0 ? (
        <Unmapped>
          <p>{STOCK_FILE_TEXTS.unmapped(preview.unchanged.length)}</p>
          <UnchangedRows rows={preview.unchanged} total={preview.unchanged.length} />
        </Unmapped>
      ) : (
        <p>{STOCK_FILE_TEXTS.unmapped(0)}</p>
      )}
    </PreviewBox>
  );
}

/**
 * 'Perbarui Stok Marketplace': the marketplace's stock template goes up and its channel is read
 * from its headers; the store of that channel is chosen (its buffer applies unless one is typed)
 * and the preview says what each row will get and why ('Stok 10 - dipesan 3 - cadangan 2 = 5').
 * Then the same upload comes back as the template with its stock column filled, downloaded
 * under the name the server gives it; the rows it left as they were are counted and named.
 */
export function StockFileDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  // undefined: the default store of the file's channel (the preview names it).
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [buffer, setBuffer] = useState('');
  const [errors, setErrors] = useState<{ file?: string; buffer?: string }>({});
  const [preview, setPreview] = useState<StockFilePreview | null>(null);
  const [done, setDone] = useState<StockFileResult | null>(null);
  const [fill, fillState] = useFillMarketplaceStockFileMutation();
  const [runPreview, previewState] = usePreviewMarketplaceStockFileMutation();
  const settledBuffer = useDebouncedValue(buffer, DEBOUNCE_MS);
  const channel = preview?.channel;
  const storesQuery = useGetMarketplaceStoresQuery(channel ? { channel } : skipToken);
  const stores = storesQuery.currentData?.data ?? [];
  const chosenId = storeId ?? preview?.store_id ?? stores.find((store) => store.is_default)?.id;
  const chosen = stores.find((store) => store.id === chosenId);

  // What the download would send now; the preview is asked for the same once typing settles.
  const uploadOf = (bufferText: string): StockFileUpload | null => {
    const amount = readBuffer(bufferText);
    if (!file || amount?.error !== undefined) return null;
    return {
      file,
      ...(chosenId === undefined ? {} : { store_id: chosenId }),
      ...(amount?.value === undefined ? {} : { buffer: amount.value }),
    };
  };
  const settled = readBuffer(settledBuffer);
  const settledValue = settled?.value;
  const settledInvalid = settled?.error !== undefined;

  useEffect(() => {
    if (!file || settledInvalid) return;
    let current = true;
    const request = runPreview({
      file,
      ...(storeId === undefined ? {} : { store_id: storeId }),
      ...(settledValue === undefined ? {} : { buffer: settledValue }),
    });
    request.unwrap().then(
      (answer) => {
        if (current) setPreview(answer);
      },
      () => {
        // Shown from previewState.error; a request replaced by a newer one says nothing.
        if (current) setPreview(null);
      },
    );
    return () => {
      current = false;
      request.abort();
    };
  }, [file, storeId, settledValue, settledInvalid, runPreview]);

  const previewing = previewState.isLoading || buffer !== settledBuffer;
  const bufferInvalid = readBuffer(buffer)?.error !== undefined;
  // The download sends what the preview shown was made of, never more recent typing.
  const ready = preview !== null && !previewing && !previewState.isError && !bufferInvalid;
  // A chosen file or a typed buffer not filled yet: closing asks first.
  const dirty = (file !== null || buffer !== '') && done === null && !fillState.isLoading;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fillState.isLoading) return;
    const found = {
      file: file ? undefined : IMPORT_TEXTS.fileRequired,
      buffer: readBuffer(buffer)?.error,
    };
    setErrors(found);
    const upload = uploadOf(buffer);
    if (!upload || !ready) return;
    setDone(null);
    try {
      const result = await fill(upload).unwrap();
      toast.success(STOCK_FILE_TEXTS.downloaded(result.file_name));
      setDone(result);
    } catch {
      // Shown from fillState.error below the form.
    }
  };

  const failure = fillState.error ?? previewState.error;
  return (
    <Modal
      open
      size="lg"
      title={STOCK_FILE_TEXTS.title}
      onClose={onClose}
      dirty={dirty}
      footer={
        <>
          <DoneButton />
          <Button
            type="submit"
            form={formId}
            disabled={!ready}
            busy={fillState.isLoading}
            busyText={STOCK_FILE_TEXTS.filling}
          >
            {STOCK_FILE_TEXTS.fill}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <MutedText $below="lg">{STOCK_FILE_TEXTS.intro}</MutedText>
        <TextField
          label={STOCK_FILE_TEXTS.file}
          type="file"
          accept={SPREADSHEET_ACCEPT}
          required
          error={errors.file}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            // Another file may be of another channel: its default store until one is chosen.
            setStoreId(undefined);
            setPreview(null);
            setErrors((current) => ({ ...current, file: undefined }));
            setDone(null);
            fillState.reset();
            previewState.reset();
          }}
        />
        <FieldGrid>
          {stores.length > 1 ? (
            <SelectField
              label={STOCK_FILE_TEXTS.store}
              options={stores.map((store) => ({ value: store.id, label: store.name }))}
              value={chosenId ?? ''}
              disabled={fillState.isLoading}
              onChange={(event) => {
                setStoreId(Number(event.target.value));
                setDone(null);
                fillState.reset();
              }}
            />
          ) : null}
          <QuantityField
            label={BUFFER.label}
            min={BUFFER.min}
            max={BUFFER.max}
            value={buffer}
            hint={
              chosen
                ? STOCK_FILE_TEXTS.storeBufferHint(chosen.effective_buffer)
                : STOCK_FILE_TEXTS.bufferHint
            }
            error={errors.buffer}
            onChange={(text) => {
              setBuffer(text);
              setErrors((current) => ({ ...current, buffer: undefined }));
              setDone(null);
              fillState.reset();
            }}
          />
        </FieldGrid>
      </form>
      {previewing && file ? <ProgressNote label={STOCK_FILE_TEXTS.previewing} /> : null}
      {fillState.isLoading ? <ProgressNote label={STOCK_FILE_TEXTS.filling} /> : null}
      {done ? (
        <ImportDone role="status">
          <p>{STOCK_FILE_TEXTS.downloaded(done.file_name)}</p>
          <p>{STOCK_FILE_TEXTS.unmapped(done.unmapped)}</p>
          <UnchangedRows rows={done.unchanged} total={done.unmapped} />
        </ImportDone>
      ) : preview && file ? (
        <PreviewRows key={`${preview.store_id ?? ''}-${preview.buffer}`} preview={preview} />
      ) : null}
      {failure && !fillState.isLoading && !previewState.isLoading ? (
        <ImportFailure role="alert">
          {errorMessage(
            failure,
            fillState.error ? STOCK_FILE_TEXTS.failed : STOCK_FILE_TEXTS.previewFailed,
          )}
        </ImportFailure>
      ) : null}
    </Modal>
  );
}
