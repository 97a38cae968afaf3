import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

export type Tone = 'blue' | 'green' | 'red' | 'amber' | 'grey';

export interface BadgeProps extends ComponentPropsWithoutRef<'span'> {
  tone?: Tone;
}

const StyledBadge = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  white-space: nowrap;
  /* On a phone's card (a Table's cards) a long label wraps between its words rather than widen
     the page ('Impor Penghasilan Marketplace' at 375 px). */
  [data-layout='cards'] & {
    white-space: normal;
  }
  background: ${({ theme, $tone }) =>
    ({
      blue: theme.colors.primarySoft,
      green: theme.colors.greenSoft,
      red: theme.colors.redSoft,
      amber: theme.colors.amberSoft,
      grey: theme.colors.grey100,
    })[$tone]};
  color: ${({ theme, $tone }) =>
    ({
      blue: theme.colors.blueText,
      green: theme.colors.greenText,
      red: theme.colors.redText,
      amber: theme.colors.amberText,
      grey: theme.colors.grey700,
    })[$tone]};
`;

/** A small coloured pill, for example 'Duplikat' or an activity action. */
export function Badge({ tone = 'grey', ...rest }: BadgeProps) {
  return <StyledBadge {...rest} data-tone={tone} $tone={tone} />;
}
