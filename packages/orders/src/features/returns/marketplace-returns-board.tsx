import { FIELDS, MESSAGES, errorMessage, useAppDispatch } from '@gudang/api-client';
import type {
  MarketplaceReturnRow,
  MarketplaceReturnSummaryRow,
  ReturnBoardList,
} from '@gudang/api-client/contract';
import {
  Badge,
  Button,
  Card,
  CellLines,
  CellNote,
  ChannelFilterFields,
  CountToggle,
  CountToggles,
  FORM_MODAL_TEXTS,
  FilterBar,
  ListTable,
  MutedText,
  QuantityField,
  SearchBox,
  SpreadRow,
  TABLE_TEXTS,
  Table,
  Unbroken,
  dateColumn,
  downloadBlob,
  formatDate,
  formatInteger,
  numberColumn,
  sumMoney,
  useIntegerSettings,
  useListParams,
  useToast,
} from '@gudang/shared-ui';
import type { IntegerSetting, TableColumn } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import styled from 'styled-components';
import {
  useGetMarketplaceStoresQuery,
  useGetReservationSettingsQuery,
} from '../marketplace-orders/marketplace-api';
import { CHANNEL_LABELS } from '../marketplace-orders/marketplace-texts';
import {
  useGetMarketplaceReturnSummaryQuery,
  useGetMarketplaceReturnsQuery,
  useUpdateReturnSettingsMutation,
} from './marketplace-returns-api';
import {
  fetchLossRows,
  lossFileName,
  lossSheetRows,
  lossWorkbook,
} from './marketplace-returns-export';
import {
  BOARD_CHANNELS,
  BOARD_LISTS,
  BOARD_TEXTS,
  DEFAULT_RETURN_CHECK_DAYS,
  LIST_LABELS,
  rupiah,
} from './marketplace-returns-texts';
import { ReturnGoodsCell, ReturnTypeCell } from './return-cells';
import { useReturnBoardFilters } from './use-return-board-filters';
import type { ReturnBoardFilters } from './use-return-board-filters';

// Selects and dates with their labels above: bottoms aligned with the Reset button.
const Filters = styled(FilterBar)`
  > div:first-child {
    flex: 1 1 260px;
  }
  > div:not(:first-child) {
    flex: 1 1 150px;
    max-width: 200px;
    > div {
      margin-bottom: 0;
    }
  }
  @media ${({ theme }) => theme.media.narrow} {
    > div:not(:first-child) {
      flex-basis: calc(50% - ${({ theme }) => theme.spacing.md});
      max-width: none;
    }
  }
`;

const ListBar = styled(SpreadRow)`
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Loss = styled.strong`
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.redText};
`;

const Figure = styled.span<{ $strong: boolean }>`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  font-weight: ${({ $strong }) => ($strong ? 700 : 400)};
`;

const SettingsRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 ${({ theme }) => theme.spacing.lg};
  > div {
    flex: 0 1 260px;
  }
  > button {
    margin-top: 26px;
  }
`;

// 'Batas hari barang retur kembali': at least a day.
const RETURN_DAYS: IntegerSetting<'return_check_days'> = {
  key: 'return_check_days',
  min: 1,
  ...FIELDS.return_check_days,
};

const storeText = (row: { store: string | null }) => row.store ?? BOARD_TEXTS.noStore;

/** The original order's resi under its number (issue 46), and the totals' search. */
const RESI_LABEL = 'Resi';
const searchScope = (search: string) => ` Pencarian "${search}".`;

/** The columns every list shows: the request's days, order, goods, what happened and the refund. */
const COMMON_COLUMNS: TableColumn<MarketplaceReturnRow>[] = [
  {
    key: 'date',
    header: BOARD_TEXTS.date,
    nowrap: true,
    render: (row) => (
      <CellLines>
        <span>{row.requested_at ? formatDate(row.requested_at) : '-'}</span>
        {row.refunded_at ? (
          <CellNote>
            {BOARD_TEXTS.refunded} {formatDate(row.refunded_at)}
          </CellNote>
        ) : null}
      </CellLines>
    ),
  },
  {
    key: 'order_number',
    header: BOARD_TEXTS.order,
    render: (row) => (
      <CellLines>
        <Unbroken>{row.order_number}</Unbroken>
        {row.resi ? (
          <CellNote data-resi="">
            {RESI_LABEL} <Unbroken>{row.resi}</Unbroken>
          </CellNote>
        ) : null}
        {row.return_number ? (
          <CellNote>{BOARD_TEXTS.returnNumber(row.return_number)}</CellNote>
        ) : null}
        <CellNote>
          {CHANNEL_LABELS[row.channel]} · {storeText(row)}
        </CellNote>
      </CellLines>
    ),
  },
  {
    key: 'product',
    header: BOARD_TEXTS.product,
    render: (row) => <ReturnGoodsCell row={row} />,
  },
  {
    key: 'type',
    header: BOARD_TEXTS.type,
    render: (row) => (
      <ReturnTypeCell row={row}>
        {row.reason ? <CellNote>{row.reason}</CellNote> : null}
      </ReturnTypeCell>
    ),
  },
  numberColumn('refund_amount', BOARD_TEXTS.refund, (row) => rupiah(row.refund_amount)),
];

const daysColumn: TableColumn<MarketplaceReturnRow> = {
  key: 'days',
  header: BOARD_TEXTS.days,
  align: 'right',
  nowrap: true,
  render: (row) => (row.days === null ? '-' : BOARD_TEXTS.daysValue(row.days)),
};

/** Each list's own columns after the common ones. */
const LIST_COLUMNS: Record<ReturnBoardList, TableColumn<MarketplaceReturnRow>[]> = {
  not_received: [
    daysColumn,
    {
      key: 'loss',
      header: BOARD_TEXTS.loss,
      align: 'right',
      render: (row) =>
        // Without Gudang's Barang Keluar of the order its cost is unknown: not a loss of Rp 0.
        row.cost === null ? (
          <CellLines>
            <span>{row.fees_lost ? rupiah(row.loss ?? 0) : '-'}</span>
            <CellNote>{BOARD_TEXTS.lossUnknown}</CellNote>
          </CellLines>
        ) : (
          <CellLines>
            <Loss
              title={BOARD_TEXTS.lossTitle(
                rupiah(row.cost),
                rupiah(row.fees_lost ?? 0),
                rupiah(row.compensation_amount),
              )}
            >
              {rupiah(row.loss ?? 0)}
            </Loss>
            <CellNote>
              {BOARD_TEXTS.cost} {rupiah(row.cost)}
              {row.fees_lost ? ` + ${BOARD_TEXTS.feesLost} ${rupiah(row.fees_lost)}` : ''}
              {row.compensation_amount
                ? ` - ${BOARD_TEXTS.compensation} ${rupiah(row.compensation_amount)}`
                : ''}
            </CellNote>
          </CellLines>
        ),
    },
    dateColumn('claim_deadline', BOARD_TEXTS.claimDeadline, (row) => row.claim_deadline),
  ],
  awaiting: [
    {
      key: 'return_tracking',
      header: BOARD_TEXTS.returnTracking,
      code: true,
      render: (row) => row.return_tracking ?? '-',
    },
    daysColumn,
  ],
  received: [
    {
      key: 'received_at',
      header: BOARD_TEXTS.receivedAt,
      nowrap: true,
      render: (row) => (
        <CellLines>
          <span>{row.received_at ? formatDate(row.received_at) : '-'}</span>
          {row.retur_id === null ? null : <CellNote>{BOARD_TEXTS.retur(row.retur_id)}</CellNote>}
        </CellLines>
      ),
    },
    {
      key: 'condition',
      header: BOARD_TEXTS.condition,
      nowrap: true,
      render: (row) => {
        const condition = BOARD_TEXTS.conditionValue(row.received_good, row.received_damaged);
        if (row.received_good + row.received_damaged === row.order_requested_units)
          return condition;
        // More or fewer units came back than the marketplace's requests name: the manager's to
        // look at (a scan too many, or a unit the buyer was not refunded for).
        return (
          <CellLines>
            <span>{condition}</span>
            <span title={BOARD_TEXTS.requestedUnitsTitle}>
              <Badge tone="amber">{BOARD_TEXTS.requestedUnits(row.order_requested_units)}</Badge>
            </span>
          </CellLines>
        );
      },
    },
  ],
};

export const boardColumns = (list: ReturnBoardList) => [...COMMON_COLUMNS, ...LIST_COLUMNS[list]];

/** A line of the totals: one channel and store, or their total. */
interface TotalLine {
  key: string;
  label: string;
  returns: number;
  units: number;
  refunds: number;
  loss: number;
  not_received: number;
  awaiting: number;
  received: number;
}

/** The totals' lines: each channel and store, then their total when there are several. */
export function totalLines(rows: readonly MarketplaceReturnSummaryRow[]): TotalLine[] {
  const lines = rows.map((row) => ({
    key: `${row.channel}-${row.store_id ?? 'none'}`,
    label: `${CHANNEL_LABELS[row.channel]} · ${storeText(row)}`,
    returns: row.returns,
    units: row.units,
    refunds: row.refunds,
    loss: row.loss,
    not_received: row.not_received,
    awaiting: row.awaiting,
    received: row.received,
  }));
  if (lines.length < 2) return lines;
  const count = (pick: (line: TotalLine) => number) =>
    lines.reduce((sum, line) => sum + pick(line), 0);
  return [
    ...lines,
    {
      key: 'total',
      label: BOARD_TEXTS.total,
      returns: count((line) => line.returns),
      units: count((line) => line.units),
      refunds: sumMoney(lines.map((line) => line.refunds)),
      loss: sumMoney(lines.map((line) => line.loss)),
      not_received: count((line) => line.not_received),
      awaiting: count((line) => line.awaiting),
      received: count((line) => line.received),
    },
  ];
}

const figure = (line: TotalLine, value: string) => (
  <Figure $strong={line.key === 'total'}>{value}</Figure>
);

/** A column of one of the lines' figures, right-aligned (the total's in bold). */
const figureColumn = (
  key: Exclude<keyof TotalLine, 'key' | 'label'>,
  header: string,
  format: (value: number) => string,
): TableColumn<TotalLine> => ({
  key,
  header,
  align: 'right',
  render: (line) => figure(line, format(line[key])),
});

const TOTAL_COLUMNS: TableColumn<TotalLine>[] = [
  { key: 'label', header: BOARD_TEXTS.channelStore, render: (line) => figure(line, line.label) },
  figureColumn('returns', BOARD_TEXTS.returns, formatInteger),
  figureColumn('units', BOARD_TEXTS.units, formatInteger),
  figureColumn('refunds', BOARD_TEXTS.refunds, rupiah),
  figureColumn('loss', BOARD_TEXTS.loss, rupiah),
  ...BOARD_LISTS.map((list) => figureColumn(list, LIST_LABELS[list], formatInteger)),
];

/** Channel, store and the request dates: shared by the totals and the lists. */
function BoardFilters({
  filters,
  search,
  onSearch,
}: {
  filters: ReturnBoardFilters;
  search: string;
  onSearch: (text: string) => void;
}) {
  const stores = useGetMarketplaceStoresQuery({}).currentData?.data ?? [];
  return (
    <Filters>
      <SearchBox placeholder={BOARD_TEXTS.search} value={search} onSearch={onSearch} />
      <ChannelFilterFields filters={filters} channels={BOARD_CHANNELS} stores={stores} />
    </Filters>
  );
}

/** 'Batas hari barang retur kembali': the N days a refunded parcel may take to come back. */
function ReturnDaysForm({ days }: { days: number }) {
  const [save, { isLoading }] = useUpdateReturnSettingsMutation();
  const form = useIntegerSettings([RETURN_DAYS], { return_check_days: String(days) }, save, {
    disabled: isLoading,
    texts: { saved: BOARD_TEXTS.settingsSaved, failure: BOARD_TEXTS.settingsSaveFailed },
  });

  return (
    <SettingsRow
      noValidate
      aria-label={BOARD_TEXTS.settingsTitle}
      onSubmit={(e) => void form.submit(e)}
    >
      <QuantityField {...form.field(RETURN_DAYS)} hint={BOARD_TEXTS.settingsHint} />
      <Button type="submit" busy={isLoading} busyText={FORM_MODAL_TEXTS.saving}>
        {FORM_MODAL_TEXTS.save}
      </Button>
    </SettingsRow>
  );
}

/**
 * 'Dari Marketplace' (the manager): the imported return requests joined to their orders and to
 * Retur's records, in three lists, with the totals per channel and store of the period; the loss
 * list exports to Excel. Search, channel, store, dates, list, page and size are in the URL.
 */
export function MarketplaceReturnsBoard() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const filters = useReturnBoardFilters();
  const list = useListParams();
  const [exporting, setExporting] = useState(false);
  const settings = useGetReservationSettingsQuery();
  const days = settings.currentData?.return_check_days ?? DEFAULT_RETURN_CHECK_DAYS;
  const withSearch = list.search ? { search: list.search } : {};
  // The totals follow the list's filters: the period, channel, store and the search.
  const summary = useGetMarketplaceReturnSummaryQuery(
    filters.valid ? { ...filters.shared, ...withSearch } : skipToken,
  );
  const rows = useGetMarketplaceReturnsQuery(
    filters.valid
      ? { ...filters.shared, ...withSearch, list: filters.list, page: list.page, limit: list.limit }
      : skipToken,
  );
  const summaryRows = filters.valid ? (summary.currentData?.data ?? []) : [];
  const lines = totalLines(summaryRows);
  const totals = lines.at(-1);
  const period = `${formatDate(filters.startDate)} - ${formatDate(filters.endDate)}`;

  const exportExcel = async () => {
    setExporting(true);
    try {
      const all = await fetchLossRows(dispatch, { ...filters.shared, ...withSearch });
      downloadBlob(
        await lossWorkbook(lossSheetRows(all)),
        lossFileName(filters.startDate, filters.endDate),
      );
      toast.success(MESSAGES.excelExported);
    } catch (error) {
      toast.error(errorMessage(error, TABLE_TEXTS.loadFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <BoardFilters filters={filters} search={list.search} onSearch={list.setSearch} />
      <Card title={BOARD_TEXTS.summaryTitle}>
        <MutedText $below="md">
          {BOARD_TEXTS.summaryScope(period)}
          {list.search ? searchScope(list.search) : null}
        </MutedText>
        <Table
          label={BOARD_TEXTS.summaryTable}
          columns={TOTAL_COLUMNS}
          rows={lines}
          rowKey="key"
          loading={filters.valid && summary.isFetching && summary.currentData === undefined}
          failed={summary.isError}
          onRetry={() => void summary.refetch()}
          emptyText={BOARD_TEXTS.summaryEmpty}
        />
      </Card>
      <ListBar>
        <CountToggles role="group" aria-label={BOARD_TEXTS.lists}>
          {BOARD_LISTS.map((value) => (
            <CountToggle
              key={value}
              type="button"
              aria-pressed={filters.list === value}
              onClick={() => filters.setList(value)}
            >
              {LIST_LABELS[value]}
              {totals ? <strong>{formatInteger(totals[value])}</strong> : null}
            </CountToggle>
          ))}
        </CountToggles>
        {filters.list === 'not_received' ? (
          <Button
            variant="green"
            disabled={!filters.valid || exporting}
            busy={exporting}
            busyText={BOARD_TEXTS.exporting}
            onClick={() => void exportExcel()}
          >
            {BOARD_TEXTS.exportExcel}
          </Button>
        ) : null}
      </ListBar>
      <MutedText>{BOARD_TEXTS.listHint(filters.list, days)}</MutedText>
      <ListTable
        query={rows}
        list={list}
        skip={!filters.valid}
        label={LIST_LABELS[filters.list]}
        columns={boardColumns(filters.list)}
        rowKey="id"
        emptyText={BOARD_TEXTS.empty(filters.list)}
        pageSizeLabel={BOARD_TEXTS.pageSize}
      />
      {settings.currentData ? (
        <Card title={BOARD_TEXTS.settingsTitle}>
          {/* A fresh form when the saved value changes (a save here or in another tab). */}
          <ReturnDaysForm key={days} days={days} />
        </Card>
      ) : null}
    </>
  );
}
