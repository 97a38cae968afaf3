import {
  RETURN_CONDITION_LABELS,
  errorMessage,
  errorStatus,
  isNetworkFailure,
  newClientId,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useOfflineQueue,
} from '@gudang/api-client';
import type {
  ReturnCondition,
  ReturnInput,
  ReturnLookup,
  ReturnLookupLine,
} from '@gudang/api-client';
import {
  RETURN_LIST,
  returnsApi,
  useCreateReturnMutation,
  useLazyLookUpReturnQuery,
} from './returns-api';
import {
  Button,
  CameraScan,
  CameraScanField,
  OfflineNotice,
  Table,
  TextField,
  namingScan,
  integerInputMessage,
  parseIntegerInput,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { OfflineReturn, scannedInto, type OfflinePackage } from './offline-return';
import { Actions, Problem, SaveForm, Section } from './return-parts';
import { ReturnReasonFields, useReturnReason } from './return-reason';
import { RETURN_TEXTS } from './returns-texts';

const ScanBox = styled.form`
  padding: ${({ theme }) => theme.spacing.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme }) => theme.colors.borderLight};
  background: ${({ theme }) => theme.colors.surface};
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

// 'Pisah kondisi': the two quantities of one record side by side, wrapping on a phone.
const SplitBox = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.xs};
  }
`;

const ConditionCell = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Tracking = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.grey700};
  overflow-wrap: anywhere;
`;

interface LineDraft {
  quantity: string;
  condition: ReturnCondition;
  /**
   * 'Pisah kondisi' (issue 46): the record's units in both conditions in one save, typed apart
   * as `good` and `damaged`; together at most what is left of it.
   */
  split: boolean;
  good: string;
  damaged: string;
}

/** The conditions a split record's units are typed in, each in its own field. */
const SPLIT_CONDITIONS = ['good', 'damaged'] as const satisfies readonly ReturnCondition[];
const SPLIT_LABELS = { good: RETURN_TEXTS.goodLabel, damaged: RETURN_TEXTS.damagedLabel };

const EMPTY_DRAFT: LineDraft = {
  quantity: '',
  condition: 'good',
  split: false,
  good: '',
  damaged: '',
};

const leftOf = (line: ReturnLookupLine) => line.quantity_shipped - line.quantity_returned;

/** A typed quantity: its number (0 when empty), or the message to show. */
function readQuantity(text: string, left: number, label: string) {
  if (text.trim() === '') return { value: 0 };
  const result = parseIntegerInput(text, { min: 0, max: left });
  if (result.ok) return { value: result.value };
  // The message names the field and what it takes, as every number field's does.
  return {
    error:
      result.problem === 'aboveMax'
        ? RETURN_TEXTS.overMax(left)
        : integerInputMessage(result.problem, { label, min: 0, max: left }),
  };
}

interface LineRead {
  /** The units to save per condition (none when nothing or something wrong was typed). */
  parts: { condition: ReturnCondition; quantity: number }[];
  error?: string;
}

/** What a line's draft returns: one condition, or both when split, over at most what is left. */
function readLine(line: ReturnLookupLine, draft: LineDraft): LineRead {
  const left = leftOf(line);
  if (!draft.split) {
    const read = readQuantity(draft.quantity, left, RETURN_TEXTS.quantity);
    if (read.error !== undefined) return { parts: [], error: read.error };
    return { parts: read.value > 0 ? [{ condition: draft.condition, quantity: read.value }] : [] };
  }
  const good = readQuantity(draft.good, left, RETURN_TEXTS.goodQuantity);
  const damaged = readQuantity(draft.damaged, left, RETURN_TEXTS.damagedQuantity);
  const error = good.error ?? damaged.error;
  if (error !== undefined) return { parts: [], error };
  const goodUnits = good.value ?? 0;
  const damagedUnits = damaged.value ?? 0;
  if (goodUnits + damagedUnits > left) return { parts: [], error: RETURN_TEXTS.overMax(left) };
  return {
    parts: [
      ...(goodUnits > 0 ? [{ condition: 'good' as const, quantity: goodUnits }] : []),
      ...(damagedUnits > 0 ? [{ condition: 'damaged' as const, quantity: damagedUnits }] : []),
    ],
  };
}

/** A split draft back to one condition: the units typed, in the condition that has them. */
function joined(draft: LineDraft, line: ReturnLookupLine): Partial<LineDraft> {
  const read = readLine(line, draft);
  const total = read.parts.reduce((sum, part) => sum + part.quantity, 0);
  const onlyDamaged = read.parts.length === 1 && read.parts[0]?.condition === 'damaged';
  return {
    split: false,
    quantity: total > 0 ? String(total) : '',
    condition: onlyDamaged ? 'damaged' : 'good',
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
  // The package shown now, for an answer that arrives after a close or another scan.
  const foundRef = useRef(found);
  useEffect(() => {
    foundRef.current = found;
  });
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const reasonDate = useReturnReason(submitted);
  const [lookUp, lookUpState] = useLazyLookUpReturnQuery();
  const [create, createState] = useCreateReturnMutation();
  // Offline (issue 48): Simpan is kept on the phone; the server records the return, or refuses
  // it, when it arrives. No stock changes on the phone. A resi whose records cannot be read
  // opens as an offline package: its barcodes are scanned, the server finds the records.
  const queue = useOfflineQueue(useAppSelector(selectCurrentUser)?.id ?? null, 'returns');
  // Kept returns that reached the server: the list (and stock) is read again.
  const dispatch = useAppDispatch();
  const pendingCount = queue.pending.length;
  const pendingBefore = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount < pendingBefore.current)
      dispatch(returnsApi.util.invalidateTags([RETURN_LIST, 'Product']));
    pendingBefore.current = pendingCount;
  }, [pendingCount, dispatch]);

  const [offlinePackage, setOfflinePackage] = useState<OfflinePackage | null>(null);

  const focusScan = () => scanRef.current?.focus();
  useEffect(focusScan, []);

  function openOffline(resi: string) {
    setFound(null);
    setProblem(null);
    setOfflinePackage({ resi, items: {} });
    focusScan();
  }

  async function keep(body: ReturnInput, clientId?: string) {
    await queue.enqueue({
      clientId,
      kind: 'return',
      route: '/api/returns',
      body: { ...body },
      label: body.resi_number,
      group: 'returns',
    });
    toast.info(RETURN_TEXTS.keptOffline(body.resi_number));
  }

  const close = () => {
    setFound(null);
    setDrafts({});
    reasonDate.setReason('');
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
      if (isNetworkFailure(error)) {
        queue.markUnreachable();
        openOffline(resi);
        return;
      }
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
    const scanned = text.trim();
    setText('');
    if (scanned === '') return;
    if (offlinePackage === null) {
      void openResi(scanned);
      return;
    }
    // The package's own resi scanned again is not an item.
    if (scanned.toLowerCase() !== offlinePackage.resi.toLowerCase())
      setOfflinePackage(scannedInto(offlinePackage, scanned));
  }

  const draft = (id: number): LineDraft => drafts[id] ?? EMPTY_DRAFT;
  const change = (id: number, patch: Partial<LineDraft>) =>
    setDrafts((current) => ({ ...current, [id]: { ...draft(id), ...patch } }));
  // 'Pisah kondisi': what was typed goes to the field of its condition.
  const split = (id: number) => {
    const current = draft(id);
    change(id, {
      split: true,
      good: current.condition === 'good' ? current.quantity : '',
      damaged: current.condition === 'damaged' ? current.quantity : '',
    });
  };

  const lines = found?.lines ?? [];
  const read = lines.map((line) => ({
    line,
    ...readLine(line, draft(line.outgoing_goods_id)),
  }));
  const chosen = read.filter((item) => item.error === undefined && item.parts.length > 0);
  const lineErrors = read.some((item) => item.error !== undefined);
  const nothing = submitted && chosen.length === 0 && !lineErrors;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (found === null || lineErrors || chosen.length === 0) return;
    if (!reasonDate.valid) return;
    const body: ReturnInput = {
      resi_number: found.resi_number,
      date: reasonDate.date,
      reason: reasonDate.reason.trim(),
      // A split record is named twice, once per condition (issue 46).
      lines: chosen.flatMap((item) =>
        item.parts.map((part) => ({
          outgoing_goods_id: item.line.outgoing_goods_id,
          quantity: part.quantity,
          condition: part.condition,
        })),
      ),
    };
    if (queue.offline || !navigator.onLine) {
      await keep(body);
      close();
      return;
    }
    // With a client_id: a Simpan whose answer is lost is kept and sent again, recorded once.
    const clientId = newClientId();
    try {
      const saved = await create({ ...body, client_id: clientId }).unwrap();
      toast.success(saved.message || RETURN_TEXTS.saved);
      close();
    } catch (error) {
      if (isNetworkFailure(error)) {
        queue.markUnreachable();
        await keep(body, clientId);
        close();
        return;
      }
      setProblem(errorMessage(error, RETURN_TEXTS.saveFailed));
      // Refused (e.g. another device returned some units first): the package and the list are
      // read again so that 'Sudah Diretur' and the maximums show what the refusal is about.
      const status = errorStatus(error);
      if (status !== undefined && status >= 400 && status < 500) {
        dispatch(returnsApi.util.invalidateTags([RETURN_LIST]));
        await reread(found);
      }
    }
  }

  /** The package shown read again in place, keeping what was typed on lines that still take it. */
  async function reread(shown: ReturnLookup) {
    let fresh: ReturnLookup;
    try {
      fresh = await lookUp(shown.resi_number, false).unwrap();
    } catch {
      return; // The refusal stays; a scan of the resi reads it again.
    }
    // Closed or replaced by another scan meanwhile: that one stays.
    if (foundRef.current?.resi_number !== shown.resi_number) return;
    // Opened by its return tracking number: the note stays.
    setFound({ ...fresh, return_tracking: fresh.return_tracking ?? shown.return_tracking });
    // A line with nothing left has no field: a quantity kept for it would block Simpan unseen.
    const open = new Set(
      fresh.lines.filter((line) => leftOf(line) > 0).map((line) => line.outgoing_goods_id),
    );
    setDrafts((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => open.has(Number(id)))),
    );
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
        const current = draft(row.outgoing_goods_id);
        const invalid = item?.error !== undefined;
        if (current.split)
          return (
            <>
              <SplitBox>
                {SPLIT_CONDITIONS.map((condition) => (
                  <label key={condition}>
                    {RETURN_CONDITION_LABELS[condition]}
                    <Small
                      type="text"
                      inputMode="numeric"
                      aria-label={SPLIT_LABELS[condition](row.product_name)}
                      placeholder="0"
                      value={current[condition]}
                      $invalid={invalid}
                      aria-invalid={invalid || undefined}
                      onChange={(event) =>
                        change(row.outgoing_goods_id, { [condition]: event.target.value })
                      }
                    />
                  </label>
                ))}
                <span>{RETURN_TEXTS.maxOf(leftOf(row))}</span>
              </SplitBox>
              {invalid ? <CellError>{item.error}</CellError> : null}
            </>
          );
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
      render: (row) => {
        if (leftOf(row) <= 0) return null;
        const current = draft(row.outgoing_goods_id);
        if (current.split)
          return (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={RETURN_TEXTS.joinLabel(row.product_name)}
              onClick={() => change(row.outgoing_goods_id, joined(current, row))}
            >
              {RETURN_TEXTS.join}
            </Button>
          );
        return (
          <ConditionCell>
            <SmallSelect
              aria-label={RETURN_TEXTS.conditionLabel(row.product_name)}
              value={current.condition}
              onChange={(event) =>
                change(row.outgoing_goods_id, {
                  condition: event.target.value === 'damaged' ? 'damaged' : 'good',
                })
              }
            >
              <option value="good">{RETURN_CONDITION_LABELS.good}</option>
              <option value="damaged">{RETURN_CONDITION_LABELS.damaged}</option>
            </SmallSelect>
            {/* Two conditions need two units left of the record. */}
            {leftOf(row) >= 2 ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={RETURN_TEXTS.splitLabel(row.product_name)}
                onClick={() => split(row.outgoing_goods_id)}
              >
                {RETURN_TEXTS.split}
              </Button>
            ) : null}
          </ConditionCell>
        );
      },
    },
  ];

  const allReturned = lines.length > 0 && lines.every((line) => leftOf(line) <= 0);

  return (
    <>
      <ScanBox onSubmit={onScan} aria-label={RETURN_TEXTS.scanForm}>
        <CameraScanField>
          <TextField
            ref={scanRef}
            label={offlinePackage === null ? RETURN_TEXTS.scanLabel : RETURN_TEXTS.offlineScanLabel}
            value={text}
            autoComplete="off"
            hint={offlinePackage === null ? RETURN_TEXTS.scanHint : RETURN_TEXTS.offlineHint}
            onChange={(event) => setText(event.target.value)}
          />
          <CameraScan target={scanRef} />
        </CameraScanField>
      </ScanBox>
      <OfflineNotice queue={queue} />
      {lookUpState.isFetching ? <p>{RETURN_TEXTS.loading}</p> : null}
      {problem !== null && found === null ? <Problem role="alert">{problem}</Problem> : null}

      {offlinePackage === null ? null : (
        <OfflineReturn
          pkg={offlinePackage}
          onChange={setOfflinePackage}
          onSave={async (body) => {
            await keep(body);
            setOfflinePackage(null);
            focusScan();
          }}
          onClose={() => {
            setOfflinePackage(null);
            focusScan();
          }}
        />
      )}

      {found === null ? null : (
        <Section aria-label={RETURN_TEXTS.packageSection}>
          <h3>{RETURN_TEXTS.packageHeading(found.resi_number)}</h3>
          {found.return_tracking ? (
            <Tracking role="note">
              {RETURN_TEXTS.foundByTracking(found.return_tracking, found.resi_number)}
            </Tracking>
          ) : null}
          <Table
            label={RETURN_TEXTS.linesLabel}
            columns={columns}
            rows={lines}
            rowKey="outgoing_goods_id"
            emptyText={RETURN_TEXTS.resiNotFound}
          />
          {allReturned ? <Problem role="status">{RETURN_TEXTS.nothingLeft}</Problem> : null}
          <SaveForm onSubmit={(event) => void save(event)} noValidate>
            <ReturnReasonFields value={reasonDate} />
            {nothing && !allReturned ? (
              <Problem role="alert">{RETURN_TEXTS.noQuantity}</Problem>
            ) : null}
            {/* Nothing left, Simpan is off: a refusal shown is of a save another device beat. */}
            {problem !== null ? (
              <Problem role="alert">
                {allReturned ? RETURN_TEXTS.returnedMeanwhile : problem}
              </Problem>
            ) : null}
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
