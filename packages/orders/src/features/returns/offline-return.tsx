import { RETURN_CONDITION_LABELS } from '@gudang/api-client';
import type { ReturnCondition, ReturnInput } from '@gudang/api-client';
import { Button } from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Actions, Problem, SaveForm, Section } from './return-parts';
import { ReturnReasonFields, useReturnReason } from './return-reason';
import { RETURN_TEXTS } from './returns-texts';

/** A barcode scanned into an offline package: its units and their condition. */
export interface OfflineItem {
  barcode: string;
  quantity: number;
  condition: ReturnCondition;
}

/** A resi opened without a network: the barcodes scanned, by their lower-case key. */
export interface OfflinePackage {
  resi: string;
  items: Record<string, OfflineItem>;
}

/** One more unit of the scanned barcode (any letter case counts as one barcode). */
export function scannedInto(pkg: OfflinePackage, barcode: string): OfflinePackage {
  const key = barcode.toLowerCase();
  const item = pkg.items[key] ?? { barcode, quantity: 0, condition: 'good' as const };
  return { ...pkg, items: { ...pkg.items, [key]: { ...item, quantity: item.quantity + 1 } } };
}

// The scanned barcodes: one line each, its condition beside it, wrapping on a phone.
const OfflineSection = styled(Section)`
  h3 {
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.spacing.lg};
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
    padding: ${({ theme }) => theme.spacing.xs} 0;
    overflow-wrap: anywhere;
  }
  select {
    padding: 4px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.white};
  }
`;

/**
 * Retur of a package whose Barang Keluar could not be read (no network, issue 48): each barcode
 * scanned is one unit, each product in one condition; Simpan hands the return to the offline
 * queue, and the server finds the records (or refuses, with the reason) when it arrives.
 */
export function OfflineReturn({
  pkg,
  onChange,
  onSave,
  onClose,
}: {
  pkg: OfflinePackage;
  onChange: (pkg: OfflinePackage) => void;
  onSave: (body: ReturnInput) => Promise<void>;
  onClose: () => void;
}) {
  const [submitted, setSubmitted] = useState(false);
  const reasonDate = useReturnReason(submitted);
  const items = Object.entries(pkg.items);
  const setItem = (key: string, item: OfflineItem | null) => {
    // In the order scanned: a changed item keeps its place.
    const entries = Object.entries(pkg.items).flatMap(([other, current]) =>
      other !== key ? [[other, current] as const] : item === null ? [] : [[key, item] as const],
    );
    onChange({ ...pkg, items: Object.fromEntries(entries) });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (items.length === 0 || !reasonDate.valid) return;
    await onSave({
      resi_number: pkg.resi,
      date: reasonDate.date,
      reason: reasonDate.reason.trim(),
      lines: items.map(([, item]) => ({
        barcode: item.barcode,
        quantity: item.quantity,
        condition: item.condition,
      })),
    });
  }

  return (
    <OfflineSection aria-label={RETURN_TEXTS.offlineSection}>
      <h3>{RETURN_TEXTS.offlineHeading(pkg.resi)}</h3>
      <ul aria-label={RETURN_TEXTS.offlineLinesLabel}>
        {items.length === 0 ? (
          <li>{RETURN_TEXTS.offlineEmpty}</li>
        ) : (
          items.map(([key, item]) => (
            <li key={key}>
              <span>
                {item.barcode}: {item.quantity}
              </span>
              <select
                aria-label={RETURN_TEXTS.offlineConditionLabel(item.barcode)}
                value={item.condition}
                onChange={(event) =>
                  setItem(key, {
                    ...item,
                    condition: event.target.value === 'damaged' ? 'damaged' : 'good',
                  })
                }
              >
                <option value="good">{RETURN_CONDITION_LABELS.good}</option>
                <option value="damaged">{RETURN_CONDITION_LABELS.damaged}</option>
              </select>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={RETURN_TEXTS.offlineRemoveLabel(item.barcode)}
                onClick={() => setItem(key, null)}
              >
                {RETURN_TEXTS.offlineRemove}
              </Button>
            </li>
          ))
        )}
      </ul>
      <SaveForm onSubmit={(event) => void save(event)} noValidate>
        <ReturnReasonFields value={reasonDate} />
        {submitted && items.length === 0 ? (
          <Problem role="alert">{RETURN_TEXTS.offlineEmpty}</Problem>
        ) : null}
        <Actions>
          <Button type="submit">{RETURN_TEXTS.save}</Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            {RETURN_TEXTS.close}
          </Button>
        </Actions>
      </SaveForm>
    </OfflineSection>
  );
}
