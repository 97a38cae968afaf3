import type { ReactNode } from 'react';
import { FactGrid } from './layout';

/** One fact of a record: its label and its value. */
export type Fact = readonly [label: string, value: ReactNode];

export interface FactListProps {
  /** In the order shown; the labels differ. */
  facts: readonly Fact[];
  /** The narrowest a column gets (FactGrid's `$min`). */
  min: string;
  className?: string;
}

/** A record's facts in a FactGrid: each label over its value. */
export function FactList({ facts, min, className }: FactListProps) {
  return (
    <FactGrid $min={min} className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </FactGrid>
  );
}
