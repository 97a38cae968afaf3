import { DASHBOARD_MESSAGES } from '@gudang/api-client';
import type { DashboardStats } from '@gudang/api-client';
import { Button, formatDateTime, formatInteger } from '@gudang/shared-ui';
import { useId } from 'react';
import styled from 'styled-components';

const Banner = styled.section<{ $tone: 'warning' | 'ok' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.xl}`};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'warning' ? theme.colors.amber : theme.colors.green)};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $tone }) =>
    $tone === 'warning' ? theme.colors.amberSoft : theme.colors.greenSoft};
  color: ${({ theme, $tone }) =>
    $tone === 'warning' ? theme.colors.amberText : theme.colors.greenText};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
`;

const Text = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// A disabled button shows no tooltip in some browsers; the wrapper carries it.
const TooltipWrap = styled.span`
  display: inline-flex;
`;

const Action = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.xs};
  max-width: 100%;
`;

const Reason = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export interface ConsistencyBannerProps {
  stats: DashboardStats;
  showConsistent: boolean;
  canRecalculate: boolean;
  recalculating: boolean;
  onRecalculate: () => void;
}

/** Warning when current stock differs from initial + incoming - outgoing; green otherwise. */
export function ConsistencyBanner({
  stats,
  showConsistent,
  canRecalculate,
  recalculating,
  onRecalculate,
}: ConsistencyBannerProps) {
  const reasonId = useId();
  const { isConsistent, difference, checkedAt } = stats.stockConsistency;
  // The movement rows are summed on a schedule, not on every view: say when they last were.
  const checked = checkedAt ? (
    <Text data-testid="consistency-checked-at">
      Diperiksa dari data transaksi pada {formatDateTime(checkedAt)}
    </Text>
  ) : null;
  if (isConsistent) {
    if (!showConsistent) return null;
    return (
      <Banner $tone="ok" role="status" aria-label="Data Konsisten" data-tone="ok">
        <div>
          <Title>Data Konsisten</Title>
          <Text>
            Total stok sesuai dengan perhitungan stok awal + barang masuk - barang keluar
            {stats.totalReturned !== 0 || stats.totalAdjusted !== 0 ? ' + retur + penyesuaian' : ''}
            .
          </Text>
          {checked}
        </div>
      </Banner>
    );
  }
  const signed = formatInteger(difference, { sign: true });
  return (
    <Banner $tone="warning" role="alert" aria-label="Data Stok Tidak Konsisten" data-tone="warning">
      <div>
        <Title>Data Stok Tidak Konsisten</Title>
        <Text>
          Total stok: <strong>{formatInteger(stats.totalStock)}</strong> · Stok terhitung:{' '}
          <strong>{formatInteger(stats.calculatedStock)}</strong> · Selisih:{' '}
          <strong>{signed}</strong>
        </Text>
        {checked}
      </div>
      {/* An admin sees why the button is disabled: as its tooltip and as text under it. */}
      <Action>
        <TooltipWrap title={canRecalculate ? undefined : DASHBOARD_MESSAGES.managerOnlyRecalculate}>
          <Button
            variant="primary"
            onClick={onRecalculate}
            disabled={!canRecalculate}
            busy={recalculating}
            aria-describedby={canRecalculate ? undefined : reasonId}
          >
            Hitung Ulang Stok
          </Button>
        </TooltipWrap>
        {canRecalculate ? null : (
          <Reason id={reasonId}>{DASHBOARD_MESSAGES.managerOnlyRecalculate}</Reason>
        )}
      </Action>
    </Banner>
  );
}
