import { errorMessage } from '@gudang/api-client';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useToast } from '../components/toast';
import { readRequiredIntegerInput } from '../number-input';

/** One whole-number setting of a form: its key, the label its messages name, and its bounds. */
export interface IntegerSetting<K extends string> {
  key: K;
  label: string;
  min: number;
  max: number;
}

export interface IntegerSettingsTexts {
  saved: string;
  /** Shown when the server gives no message of its own. */
  failure: string;
}

/** What a QuantityField of one setting takes from the form. */
export interface IntegerSettingFieldProps {
  label: string;
  min: number;
  max: number;
  value: string;
  required: true;
  error: string | undefined;
  onChange: (text: string) => void;
}

export interface IntegerSettingsForm<K extends string> {
  /** The typed texts, by key. */
  values: Record<K, string>;
  /** The QuantityField props of one setting; a change clears its message. */
  field: (setting: IntegerSetting<K>) => IntegerSettingFieldProps;
  /** The form's onSubmit: reads every setting, saves only when each is right. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * A settings form of whole numbers, each required within its bounds. The submit does nothing
 * while `disabled` (saving, or not the user's to edit); a wrong value shows its message at its
 * field; when all are right `save` gets them and the outcome is toasted (the server's message
 * first on failure). `save` is usually an RTK Query mutation trigger.
 */
export function useIntegerSettings<K extends string>(
  settings: readonly IntegerSetting<K>[],
  initial: Record<K, string>,
  save: (values: Record<K, number>) => { unwrap: () => Promise<unknown> },
  { disabled, texts }: { disabled: boolean; texts: IntegerSettingsTexts },
): IntegerSettingsForm<K> {
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    const read: Partial<Record<K, number>> = {};
    const found: Partial<Record<K, string>> = {};
    for (const setting of settings) {
      const result = readRequiredIntegerInput(values[setting.key], setting);
      if (result.error !== undefined) found[setting.key] = result.error;
      else read[setting.key] = result.value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save(read as Record<K, number>).unwrap();
      toast.success(texts.saved);
    } catch (error) {
      toast.error(errorMessage(error, texts.failure));
    }
  };

  const field = ({ key, label, min, max }: IntegerSetting<K>): IntegerSettingFieldProps => ({
    label,
    min,
    max,
    value: values[key],
    required: true,
    error: errors[key],
    onChange: (text) => {
      setValues((current) => ({ ...current, [key]: text }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  return { values, field, submit };
}
