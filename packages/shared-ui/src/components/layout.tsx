import { useId } from 'react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import type { Tone } from './badge';

/** The content area of one page (the shell provides the surrounding <main>). */
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.xl};
  @media ${({ theme }) => theme.media.narrow} {
    padding: ${({ theme }) => theme.spacing.md};
  }
`;

/**
 * A row whose items go to both ends, wrapping when narrow: a page's or a list's title and its
 * actions, a list's page size and pager.
 */
export const SpreadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

const HeaderTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.grey900};
`;

const HeaderSubtitle = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right, for example 'Tambah Produk'. */
  actions?: ReactNode;
  /** Heading level; 2 by default because the shell's header holds the page name. */
  level?: 1 | 2;
}

export function PageHeader({ title, subtitle, actions, level = 2 }: PageHeaderProps) {
  return (
    <SpreadRow>
      <div>
        <HeaderTitle as={level === 1 ? 'h1' : 'h2'}>{title}</HeaderTitle>
        {subtitle ? <HeaderSubtitle>{subtitle}</HeaderSubtitle> : null}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </SpreadRow>
  );
}

/** A row of filters and controls above a list: search box, selects, page size. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
`;

/**
 * A short muted paragraph about what is around it: a list's scope, a form's or a dialog's intro,
 * a hint. `$below` is the space under it (none by default).
 */
export const MutedText = styled.p<{ $below?: 'sm' | 'md' | 'lg' }>`
  margin: 0 0 ${({ theme, $below }) => ($below ? theme.spacing[$below] : '0')};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * An amber note to read before going on: a difference to look at, what an import will leave out.
 * A paragraph with space under it.
 */
export const AmberNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amberText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A toolbar of filters with visible labels above them: the search box lines up with the fields. */
export const FilterBar = styled(Toolbar)`
  align-items: flex-end;
`;

/**
 * The lines of work done by scanning (a pick batch's products, a package's units): full width, a
 * light line under each cell, a finished line (`data-complete="true"`) in green.
 */
export const ScanLines = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
    text-align: left;
  }
  tr[data-complete='true'] td {
    background: ${({ theme }) => theme.colors.greenSoft};
  }
`;

/** A titled part of a page holding a list: its h3, toolbar and table stacked with a gap. */
export const ListSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  h3 {
    margin: 0;
  }
`;

const CardBox = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.spacing.xl};
`;

const CardTitle = styled.h3`
  margin-bottom: ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
`;

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** A heading; when given, the card is a region named by it. */
  title?: ReactNode;
}

export function Card({ title, children, ...rest }: CardProps) {
  const titleId = useId();
  return (
    <CardBox {...rest} aria-labelledby={title ? titleId : rest['aria-labelledby']}>
      {title ? <CardTitle id={titleId}>{title}</CardTitle> : null}
      {children}
    </CardBox>
  );
}

const StatBox = styled.div<{ $tone: Tone }>`
  /* The value's size follows the card's width (StatValue). */
  container-type: inline-size;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  border-left: 4px solid
    ${({ theme, $tone }) =>
      ({
        blue: theme.colors.primary,
        green: theme.colors.green,
        red: theme.colors.red,
        amber: theme.colors.amber,
        grey: theme.colors.grey400,
      })[$tone]};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const StatTitle = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

// One line, never 'Rp' above its number: a long amount ('Rp 111.503.000,00' in a quarter of
// 1366 px) takes a smaller size instead of wrapping.
const StatValue = styled.span`
  font-size: min(${({ theme }) => theme.fontSizes.xxl}, 9.5cqi);
  white-space: nowrap;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.grey900};
`;

const StatSubtitle = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface StatCardProps {
  title: string;
  value: ReactNode;
  subtitle?: ReactNode;
  tone?: Tone;
  icon?: ReactNode;
}

/** One statistic; a group named by its title, so tests can find it with getByRole('group'). */
export function StatCard({ title, value, subtitle, tone = 'blue', icon }: StatCardProps) {
  const titleId = useId();
  return (
    <StatBox role="group" aria-labelledby={titleId} data-tone={tone} $tone={tone}>
      <StatTitle id={titleId}>{title}</StatTitle>
      <StatValue>
        {icon}
        {value}
      </StatValue>
      {subtitle !== undefined && subtitle !== null ? <StatSubtitle>{subtitle}</StatSubtitle> : null}
    </StatBox>
  );
}

/**
 * The facts of a record's detail (a dialog's 'No. Pesanan', 'Toko', ...): small muted labels over
 * their values, as many columns of at least `$min` as fit.
 */
export const FactGrid = styled.dl<{ $min: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min}, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
`;

/** A responsive grid of cards (stat cards, top lists). */
export const CardGrid = styled.div<{ $min?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min ?? '220px'}, 1fr));
`;

/** A form's fields side by side, each at least 220px wide, stacked on a phone. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;
