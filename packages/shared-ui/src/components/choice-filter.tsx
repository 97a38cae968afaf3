import { oneOf } from '../hooks/use-channel-filters';
import { SelectField } from './fields';

export interface ChoiceFilterProps<T extends string> {
  label: string;
  /** The empty choice: every value. */
  placeholder: string;
  /** The values to choose from, in the select's order. */
  values: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

/** A list's filter by one of a few values (or every value), in a div of the list's toolbar. */
export function ChoiceFilter<T extends string>({
  values,
  labels,
  value,
  onChange,
  ...texts
}: ChoiceFilterProps<T>) {
  const options = values.map((choice) => ({ value: choice, label: labels[choice] }));
  return (
    <div>
      <SelectField
        {...texts}
        options={options}
        value={value ?? ''}
        onChange={(event) => onChange(oneOf(values, event.target.value))}
      />
    </div>
  );
}
