import { FIELDS } from '@gudang/api-client';
import { DateField, TextField, dateWindowError, todayIso } from '@gudang/shared-ui';
import { useState } from 'react';
import { Fields } from './return-parts';
import { RETURN_TEXTS } from './returns-texts';

// The reason and the date that every package return is saved with (from its Barang Keluar
// records or scanned offline): typed the same way, checked the same way.

export interface ReturnReason {
  reason: string;
  setReason: (reason: string) => void;
  date: string;
  setDate: (date: string) => void;
  /** Shown once the form was submitted with no reason. */
  reasonError: string | undefined;
  dateError: string | undefined;
  /** A reason is typed and the date is a day the API accepts. */
  valid: boolean;
}

/** The reason (empty) and the date (the shop's today) of a return; `submitted` shows the errors. */
export function useReturnReason(submitted: boolean): ReturnReason {
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(() => todayIso());
  const dateError =
    date === '' ? `${RETURN_TEXTS.date} wajib diisi` : dateWindowError(date, RETURN_TEXTS.date);
  return {
    reason,
    setReason,
    date,
    setDate,
    reasonError:
      submitted && reason.trim() === '' ? `${RETURN_TEXTS.reason} wajib diisi` : undefined,
    dateError,
    valid: reason.trim() !== '' && dateError === undefined,
  };
}

/** Alasan and Tanggal side by side; the date's error shows under it only while it is empty. */
export function ReturnReasonFields({ value }: { value: ReturnReason }) {
  return (
    <Fields>
      <TextField
        label={RETURN_TEXTS.reason}
        value={value.reason}
        required
        maxLength={FIELDS.reason.maxLength}
        error={value.reasonError}
        onChange={(event) => value.setReason(event.target.value)}
      />
      <DateField
        label={RETURN_TEXTS.date}
        value={value.date}
        required
        error={value.date === '' ? value.dateError : undefined}
        onChange={(event) => value.setDate(event.target.value)}
      />
    </Fields>
  );
}
