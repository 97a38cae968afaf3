import { FIELDS, RETURN_CONDITION_LABELS, errorMessage, errorStatus } from '@gudang/api-client';
import type { ReturnCondition, ReturnLookup, ReturnLookupLine } from '@gudang/api-client';
import { useCreateReturnMutation, useLazyLookUpReturnQuery } from './returns-api';
import {
  Button,
  CameraScan,
  DateField,
  Table,
  TextField,
  dateWindowError,
  namingScan,
  integerInputMessage,
  parseIntegerInput,
  todayIso,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { RETURN_TEXTS } from './returns-texts';

const ScanBox = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme }) => theme.colors.borderLight};
  background: ${({ theme }) => theme.colors.surface};
  > :first-child {
    flex: 1 1 16rem;
  }
  /* The camera button (IconButton's wrapper) level with the field, below its label. */
  > span {
    margin-top: 26px;
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0;
  }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 11rem;
  gap: ${({ theme }) => theme.spacing.md};
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const SaveForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Problem = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.red};
`;

const Small = styled.input<{ $invalid: boolean }>`
  width: 5.5rem;
  padding: 4px 8px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.red : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const SmallSelect = styled.select`
  padding: 4px 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
`;

const CellError = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.red};
`;

interface LineDraft {
  quantity: string;
  condition: ReturnCondition;
}

const leftOf = (line: ReturnLookupLine) => line.quantity_shipped - line.quantity_returned;

/** The typed quantity of a line: its number (0 when empty), or the message to show. */
function readQuantity(line: ReturnLookupLine, draft: LineDraft | undefined) {
  const text = draft?.quantity ?? '';
  if (text.trim() === '') return { value: 0 };
  const left = leftOf(line);
  const result = parseIntegerInput(text, { min: 0, max: left });
  if (result.ok) return { value: result.value };
  // The message names the field and what it takes, as every number field's does.
  return {
    error:
      result.problem === 'aboveMax'
        ? RETURN_TEXTS.overMax(left)
        : integerInputMessage(result.problem, { label: RETURN_TEXTS.quantity, min: 0, max: left }),
  };
}

/**
 * The top of Retur: a resi scanned or typed opens its Barang Keluar records; per product the
 * quantity returned (at most shipped minus returned before) and its condition, then the reason
 * and the date, saved as one return.
 */
export function ReturnForm() {
  const toast = useToast();
  const scanRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [found, setFound] = useState<ReturnLookup | null>(null);
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>({});
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(() => todayIso());
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [lookUp, lookUpState] = useLazyLookUpReturnQuery();
  const [create, createState] = useCreateReturnMutation();

  const focusScan = () => scanRef.current?.focus();
  useEffect(focusScan, []);

  const close = () => {
    setFound(null);
    setDrafts({});
    setReason('');
    setSubmitted(false);
    setProblem(null);
    focusScan();
  };

  async function openResi(resi: string) {
    setProblem(null);
    try {
      const answer = await lookUp(resi, false).unwrap();
      setFound(answer);
      setDrafts({});
      setSubmitted(false);
    } catch (error) {
      setFound(null);
      setProblem(
        errorStatus(error) === 404
          ? namingScan(RETURN_TEXTS.resiNotFound, resi)
          : errorMessage(error, RETURN_TEXTS.lookUpFailed),
      );
      focusScan();
    }
  }

  function onScan(event: FormEvent) {
    event.preventDefault();
    const resi = text.trim();
    setText('');
    if (resi !== '') void openResi(resi);
  }

  const draft = (id: number): LineDraft => drafts[id] ?? { quantity: '', condition: 'good' };
  const change = (id: number, patch: Partial<LineDraft>) =>
    setDrafts((current) => ({ ...current, [id]: { ...draft(id), ...patch } }));

  const lines = found?.lines ?? [];
  const read = lines.map((line) => ({
    line,
    ...readQuantity(line, drafts[line.outgoing_goods_id]),
  }));
  const chosen = read.filter((item) => item.error === undefined && (item.value ?? 0) > 0);
  const lineErrors = read.some((item) => item.error !== undefined);
  const reasonError =
    submitted && reason.trim() === '' ? `${RETURN_TEXTS.reason} wajib diisi` : undefined;
  const dateError =
    date === '' ? `${RETURN_TEXTS.date} wajib diisi` : dateWindowError(date, RETURN_TEXTS.date);
  const nothing = submitted && chosen.length === 0 && !lineErrors;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (found === null || lineErrors || chosen.length === 0) return;
    if (reason.trim() === '' || dateError !== undefined) return;
    try {
      const saved = await create({
        resi_number: found.resi_number,
        date,
        reason: reason.trim(),
        lines: chosen.map((item) => ({
          outgoing_goods_id: item.line.outgoing_goods_id,
          quantity: item.value ?? 0,
          condition: draft(item.line.outgoing_goods_id).condition,
        })),
      }).unwrap();
      toast.success(saved.message || RETURN_TEXTS.saved);
      close();
    } catch (error) {
      setProblem(errorMessage(error, RETURN_TEXTS.saveFailed));
    }
  }

  const columns: TableColumn<ReturnLookupLine>[] = [
    { key: 'product_code', header: 'Kode', code: true },
    { key: 'product_name', header: 'Nama Barang' },
    {
      key: 'shipped',
      header: RETURN_TEXTS.shipped,
      align: 'right',
      render: (row) => row.quantity_shipped,
    },
    {
      key: 'returned',
      header: RETURN_TEXTS.returnedBefore,
      align: 'right',
      render: (row) => row.quantity_returned,
    },
    {
      key: 'quantity',
      header: RETURN_TEXTS.quantity,
      nowrap: true,
      render: (row) => {
        if (leftOf(row) <= 0) return '-';
        const item = read.find((candidate) => candidate.line === row);
        return (
          <>
            <Small
              type="text"
              inputMode="numeric"
              aria-label={RETURN_TEXTS.quantityLabel(row.product_name)}
              placeholder="0"
              value={draft(row.outgoing_goods_id).quantity}
              $invalid={item?.error !== undefined}
              aria-invalid={item?.error !== undefined || undefined}
              onChange={(event) => change(row.outgoing_goods_id, { quantity: event.target.value })}
            />{' '}
            / {leftOf(row)}
            {item?.error !== undefined ? <CellError>{item.error}</CellError> : null}
          </>
        );
      },
    },
    {
      key: 'condition',
      header: RETURN_TEXTS.condition,
      render: (row) =>
        leftOf(row) <= 0 ? null : (
          <SmallSelect
            aria-label={RETURN_TEXTS.conditionLabel(row.product_name)}
            value={draft(row.outgoing_goods_id).condition}
            onChange={(event) =>
              change(row.outgoing_goods_id, {
                condition: event.target.value === 'damaged' ? 'damaged' : 'good',
              })
            }
          >
            <option value="good">{RETURN_CONDITION_LABELS.good}</option>
            <option value="damaged">{RETURN_CONDITION_LABELS.damaged}</option>
          </SmallSelect>
        ),
    },
  ];

  const allReturned = lines.length > 0 && lines.every((line) => leftOf(line) <= 0);

  return (
    <>
      <ScanBox onSubmit={onScan} aria-label={RETURN_TEXTS.scanForm}>
        <TextField
          ref={scanRef}
          label={RETURN_TEXTS.scanLabel}
          value={text}
          autoComplete="off"
          hint={RETURN_TEXTS.scanHint}
          onChange={(event) => setText(event.target.value)}
        />
        <CameraScan target={scanRef} />
      </ScanBox>
      {lookUpState.isFetching ? <p>{RETURN_TEXTS.loading}</p> : null}
      {problem !== null && found === null ? <Problem role="alert">{problem}</Problem> : null}

      {found === null ? null : (
        <Section aria-label={RETURN_TEXTS.packageSection}>
          <h3>{RETURN_TEXTS.packageHeading(found.resi_number)}</h3>
          <Table
            label={RETURN_TEXTS.linesLabel}
            columns={columns}
            rows={lines}
            rowKey="outgoing_goods_id"
            emptyText={RETURN_TEXTS.resiNotFound}
          />
          {allReturned ? <Problem role="status">{RETURN_TEXTS.nothingLeft}</Problem> : null}
          <SaveForm onSubmit={(event) => void save(event)} noValidate>
            <Fields>
              <TextField
                label={RETURN_TEXTS.reason}
                value={reason}
                required
                maxLength={FIELDS.reason.maxLength}
                error={reasonError}
                onChange={(event) => setReason(event.target.value)}
              />
              <DateField
                label={RETURN_TEXTS.date}
                value={date}
                required
                error={date === '' ? dateError : undefined}
                onChange={(event) => setDate(event.target.value)}
              />
            </Fields>
            {nothing ? <Problem role="alert">{RETURN_TEXTS.noQuantity}</Problem> : null}
            {problem !== null ? <Problem role="alert">{problem}</Problem> : null}
            <Actions>
              <Button type="submit" disabled={createState.isLoading || allReturned}>
                {createState.isLoading ? RETURN_TEXTS.saving : RETURN_TEXTS.save}
              </Button>
              <Button type="button" variant="ghost" onClick={close}>
                {RETURN_TEXTS.close}
              </Button>
            </Actions>
          </SaveForm>
        </Section>
      )}
    </>
  );
}
