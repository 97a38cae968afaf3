import {
  SHIPPING_LABEL_MAX_BYTES,
  SHIPPING_LABEL_MESSAGES,
  SHIPPING_LABEL_MODE_LABELS,
  SHIPPING_LABEL_MODES,
  SHIPPING_LABEL_REASON_LABELS,
  errorMessage,
} from '@gudang/api-client';
import { Button, SelectField, TextField } from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useUploadShippingLabelsMutation } from './pick-batches-api';
import type { LabelMode, LabelResult } from './pick-batches-api';
import { PICK_TEXTS } from './pick-batches-texts';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  align-items: end;
`;

const Result = styled.div<{ $tone?: 'red' }>`
  margin-top: ${({ theme }) => theme.spacing.md};
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.redText : theme.colors.text)};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
`;

const MODES = SHIPPING_LABEL_MODES.map((value) => ({
  value,
  label: SHIPPING_LABEL_MODE_LABELS[value],
}));

/**
 * 'Label dengan Isi Paket': the marketplace's label PDF in, the same labels with each order's
 * contents out (downloaded), in the batch's order; the pages that matched no order are listed, and
 * the batch's orders that no page is the label of.
 */
export function LabelUpload({ batchId }: { batchId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<LabelMode>('on_label');
  const [fileError, setFileError] = useState<string>();
  const [result, setResult] = useState<LabelResult>();
  const [failure, setFailure] = useState<string>();
  const [upload, state] = useUploadShippingLabelsMutation();
  const missing = result?.report?.missing ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === null) {
      setFileError(PICK_TEXTS.labelFileRequired);
      return;
    }
    // The server's limit, told before a 20 MB upload is sent to be refused.
    if (file.size > SHIPPING_LABEL_MAX_BYTES) {
      setFileError(SHIPPING_LABEL_MESSAGES.tooLarge);
      return;
    }
    setResult(undefined);
    setFailure(undefined);
    try {
      setResult(await upload({ file, mode, batch_id: batchId }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, PICK_TEXTS.labelFailed));
    }
  }

  return (
    <section aria-label={PICK_TEXTS.labelsTitle}>
      <h3>{PICK_TEXTS.labelsTitle}</h3>
      <p>{PICK_TEXTS.labelsHint}</p>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={PICK_TEXTS.labelFile}
          type="file"
          accept="application/pdf,.pdf"
          error={fileError}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(undefined);
          }}
        />
        <SelectField
          label={PICK_TEXTS.labelMode}
          value={mode}
          options={MODES}
          onChange={(event) =>
            setMode(MODES.find((m) => m.value === event.target.value)?.value ?? 'on_label')
          }
        />
        <div>
          <Button type="submit" busy={state.isLoading} busyText={PICK_TEXTS.labelUploading}>
            {PICK_TEXTS.labelUpload}
          </Button>
        </div>
      </Form>
      {failure === undefined ? null : (
        <Result role="alert" $tone="red">
          <p>{failure}</p>
        </Result>
      )}
      {result === undefined ? null : (
        <Result role="status">
          <p>{PICK_TEXTS.labelDone(result.file_name)}</p>
          {result.unmatched === 0 ? (
            <p>{PICK_TEXTS.labelAllMatched}</p>
          ) : (
            <>
              <p>{PICK_TEXTS.labelUnmatched(result.unmatched)}</p>
              <ul aria-label={PICK_TEXTS.labelUnmatched(result.unmatched)}>
                {(result.report?.unmatched ?? []).map((page) => (
                  <li key={page.page}>
                    {PICK_TEXTS.labelPage(page.page)}
                    {page.resi ? ` (${page.resi})` : ''}:{' '}
                    {SHIPPING_LABEL_REASON_LABELS[page.reason]}
                  </li>
                ))}
              </ul>
            </>
          )}
          {missing.length === 0 ? null : (
            <>
              <p>{PICK_TEXTS.labelMissing(missing.length)}</p>
              <ul aria-label={PICK_TEXTS.labelMissing(missing.length)}>
                {missing.map((order) => (
                  <li key={order.position}>
                    {PICK_TEXTS.labelMissingOrder(
                      order.position,
                      order.order_number,
                      order.resi_number,
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Result>
      )}
    </section>
  );
}
