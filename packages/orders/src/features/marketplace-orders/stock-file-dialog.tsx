import { FIELDS, errorMessage } from '@gudang/api-client';
import {
  Button,
  Modal,
  QuantityField,
  TextField,
  readIntegerInput,
  useModalClose,
  useToast,
} from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useFillMarketplaceStockFileMutation } from './marketplace-api';
import type { StockFileResult } from './marketplace-api';
import {
  IMPORT_TEXTS,
  SPREADSHEET_ACCEPT,
  STOCK_FILE_TEXTS,
  UNCHANGED_REASON_TEXTS,
} from './marketplace-texts';
import { ProgressNote } from './progress-note';

const BUFFER = { label: FIELDS.buffer.label, min: 0, max: FIELDS.buffer.max };

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Done = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.greenSoft};
  color: ${({ theme }) => theme.colors.greenText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
`;

// The rows left as they were: a long list scrolls inside the result.
const Unchanged = styled.ul`
  margin: ${({ theme }) => theme.spacing.sm} 0;
  padding-left: ${({ theme }) => theme.spacing.lg};
  max-height: 240px;
  overflow-y: auto;
  li + li {
    margin-top: 2px;
  }
`;

const Failure = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** 'Selesai': closes the dialog the way Escape does (asking first while a chosen file waits). */
function DoneButton() {
  const close = useModalClose();
  return (
    <Button variant="ghost" onClick={close}>
      {IMPORT_TEXTS.done}
    </Button>
  );
}

/** Each row the file left as it was, with the reason; the rest the header had no room for counted. */
function UnchangedRows({ result }: { result: StockFileResult }) {
  if (result.unchanged.length === 0) return null;
  const more = result.unmapped - result.unchanged.length;
  return (
    <>
      <Unchanged aria-label={STOCK_FILE_TEXTS.unchangedList}>
        {result.unchanged.map((row) => (
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

/**
 * 'Perbarui Stok Marketplace': the marketplace's stock template goes up, comes back with its
 * stock column filled from Gudang's stock through the SKU mappings (less the buffer), and is
 * downloaded under the name the server gives it; the rows it left as they were are counted and
 * named with the reason.
 */
export function StockFileDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [buffer, setBuffer] = useState('');
  const [errors, setErrors] = useState<{ file?: string; buffer?: string }>({});
  const [done, setDone] = useState<StockFileResult | null>(null);
  const [fill, { isLoading, error, reset }] = useFillMarketplaceStockFileMutation();
  // A chosen file or a typed buffer not filled yet: closing asks first.
  const dirty = (file !== null || buffer !== '') && done === null && !isLoading;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const amount = buffer.trim() === '' ? undefined : readIntegerInput(buffer, BUFFER);
    const found = {
      file: file ? undefined : IMPORT_TEXTS.fileRequired,
      buffer: amount?.error,
    };
    setErrors(found);
    if (!file || found.buffer) return;
    setDone(null);
    try {
      const result = await fill(
        amount?.value === undefined ? { file } : { file, buffer: amount.value },
      ).unwrap();
      toast.success(STOCK_FILE_TEXTS.downloaded(result.file_name));
      setDone(result);
    } catch {
      // Shown from `error` below the form.
    }
  };

  return (
    <Modal
      open
      size="md"
      title={STOCK_FILE_TEXTS.title}
      onClose={onClose}
      dirty={dirty}
      footer={
        <>
          <DoneButton />
          <Button type="submit" form={formId} busy={isLoading} busyText={STOCK_FILE_TEXTS.filling}>
            {STOCK_FILE_TEXTS.fill}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Intro>{STOCK_FILE_TEXTS.intro}</Intro>
        <TextField
          label={STOCK_FILE_TEXTS.file}
          type="file"
          accept={SPREADSHEET_ACCEPT}
          required
          error={errors.file}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors((current) => ({ ...current, file: undefined }));
            setDone(null);
            reset();
          }}
        />
        <QuantityField
          label={BUFFER.label}
          min={BUFFER.min}
          max={BUFFER.max}
          value={buffer}
          hint={STOCK_FILE_TEXTS.bufferHint}
          error={errors.buffer}
          onChange={(text) => {
            setBuffer(text);
            setErrors((current) => ({ ...current, buffer: undefined }));
          }}
        />
      </form>
      {isLoading ? <ProgressNote label={STOCK_FILE_TEXTS.filling} /> : null}
      {done ? (
        <Done role="status">
          <p>{STOCK_FILE_TEXTS.downloaded(done.file_name)}</p>
          <p>{STOCK_FILE_TEXTS.unmapped(done.unmapped)}</p>
          <UnchangedRows result={done} />
        </Done>
      ) : null}
      {error && !isLoading ? (
        <Failure role="alert">{errorMessage(error, STOCK_FILE_TEXTS.failed)}</Failure>
      ) : null}
    </Modal>
  );
}
