import { FIELDS, MESSAGES, errorMessage, useAppDispatch } from '@gudang/api-client';
import type { Order } from '@gudang/api-client';
import {
  Button,
  CONFIRM_TEXTS,
  DateField,
  Page,
  PageHeader,
  PlusIcon,
  PrintReport,
  TABLE_TEXTS,
  Table,
  downloadBlob,
  formatDate,
  tableState,
  useConfirmedDelete,
  usePrintRequest,
  useToast,
} from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { SUMMARY_COLUMNS, detailColumns } from './order-columns';
import { comparisonRange, useOrderComparison } from './order-comparison';
import {
  exportFileName,
  exportRows,
  exportWorkbook,
  fetchAllOrders,
  fetchMatches,
} from './order-export';
import { OrderFormModal } from './order-form-modal';
import { useOrderListParams } from './order-list-params';
import type { OrderMatch } from './order-matching';
import { ListSection } from './order-sections';
import { useDeleteOrderMutation, useGetOrderSummaryQuery, useGetOrdersQuery } from './orders-api';

export const ORDER_LIST_TEXTS = {
  title: 'List Order Barang',
  showComparison: 'Tampilkan Perbandingan',
  hideComparison: 'Sembunyikan Perbandingan',
  exportExcel: 'Export Excel',
  exportPdf: 'Export PDF',
  add: 'Tambah Order',
  reset: 'Reset',
  activeFilter: 'Filter aktif',
  summaryTitle: 'Ringkasan Order',
  summarySearch: 'Cari ringkasan order...',
  summaryPageSize: 'Jumlah produk per halaman',
  detailTitle: 'Detail Order',
  detailSearch: 'Cari order...',
  detailPageSize: 'Jumlah order per halaman',
  empty: 'Tidak ada data order',
  printTitle: 'Laporan Order List',
  exporting: 'Mengekspor...',
} as const;

// On paper names wrap between their words only ('Premium', never 'Premiu' over 'm'); the print
// table's default breaks anywhere so that no column runs off the page.
const PRINT_WORD_KEYS: ReadonlySet<string> = new Set([
  'product_name',
  'category',
  'brand',
  'bank',
  'status',
]);

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 ${({ theme }) => theme.spacing.md};
  & > div:not(:last-child) {
    flex: 0 1 200px;
  }
`;

// Lines the reset button up with the inputs (above the fields' bottom margin).
const ResetWrap = styled.div`
  align-self: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.blueText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// Comparison mode adds the Status column: slightly smaller type and cell padding keep all twelve
// columns in a 1366 px window without breaking a resi, code, date, amount or brand.
const DetailFrame = styled.div`
  &[data-comparing='true'] table {
    font-size: 13px;
  }
  &[data-comparing='true'] :is(th, td):not(:first-child) {
    padding-left: 4px;
    padding-right: 4px;
  }
`;

type FormState = { open: false } | { open: true; record: Order | null };

interface AllOrders {
  orders: Order[];
  matches: OrderMatch[] | null;
}

export function OrderListPage() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { today, range, summary, detail, comparing, setComparing } = useOrderListParams();
  const [form, setForm] = useState<FormState>({ open: false });
  const [busy, setBusy] = useState<'excel' | 'pdf' | null>(null);
  const [printed, setPrinted] = useState<AllOrders | null>(null);
  const { printing, print } = usePrintRequest();

  const dates = range.valid ? { startDate: range.startDate, endDate: range.endDate } : null;
  const withSearch = (search: string) => (search ? { search } : {});
  const summaryQuery = useGetOrderSummaryQuery(
    dates
      ? { ...dates, ...withSearch(summary.search), page: summary.page, limit: summary.limit }
      : skipToken,
  );
  const detailQuery = useGetOrdersQuery(
    dates
      ? { ...dates, ...withSearch(detail.search), page: detail.page, limit: detail.limit }
      : skipToken,
  );
  const orders = detailQuery.currentData?.data ?? [];
  const around = dates ? comparisonRange(dates.startDate, dates.endDate, today) : null;
  const comparison = useOrderComparison(orders, around, comparing);
  // Orders without any incoming record get a red background.
  const unmatched = new Set(
    orders.filter((_, index) => comparison.matches?.[index]?.type === 'none').map(({ id }) => id),
  );

  const [deleteOrder] = useDeleteOrderMutation();
  const remove = useConfirmedDelete(deleteOrder, {
    confirm: CONFIRM_TEXTS.deleteOrder,
    success: MESSAGES.orderDeleted,
    failure: MESSAGES.orderDeleteFailed,
  });

  /** Every order of the active filter (all pages), with their matches when comparing. */
  const everyOrder = async (): Promise<AllOrders | null> => {
    if (!dates || !around) return null;
    const all = await fetchAllOrders(dispatch, { ...dates, ...withSearch(detail.search) });
    return { orders: all, matches: comparing ? await fetchMatches(dispatch, all, around) : null };
  };

  const exportExcel = async () => {
    setBusy('excel');
    try {
      const all = await everyOrder();
      if (!all) return;
      const file = await exportWorkbook(exportRows(all.orders, all.matches));
      downloadBlob(file, exportFileName(today, range));
      toast.success(MESSAGES.excelExported);
    } catch (error) {
      toast.error(errorMessage(error, TABLE_TEXTS.loadFailed));
    } finally {
      setBusy(null);
    }
  };

  const exportPdf = async () => {
    setBusy('pdf');
    try {
      const all = await everyOrder();
      if (!all) return;
      // The rows must be in the layout before print() renders it and opens the dialog.
      flushSync(() => setPrinted(all));
      print();
    } catch (error) {
      toast.error(errorMessage(error, TABLE_TEXTS.loadFailed));
    } finally {
      setPrinted(null);
      setBusy(null);
    }
  };

  const columns = detailColumns({
    matches: comparison.matches,
    comparing,
    actions: {
      onEdit: (order) => setForm({ open: true, record: order }),
      onDelete: (order) => void remove(order.id),
    },
  });
  const printColumns = detailColumns({ matches: printed?.matches, comparing: !!printed?.matches });
  const period = `${formatDate(range.startDate)} - ${formatDate(range.endDate)}`;

  return (
    <Page>
      <PageHeader
        title={ORDER_LIST_TEXTS.title}
        actions={
          <>
            <Button
              variant="ghost"
              aria-pressed={comparing}
              onClick={() => setComparing(!comparing)}
            >
              {comparing ? ORDER_LIST_TEXTS.hideComparison : ORDER_LIST_TEXTS.showComparison}
            </Button>
            <Button
              variant="green"
              disabled={!dates || busy !== null}
              busy={busy === 'excel'}
              busyText={ORDER_LIST_TEXTS.exporting}
              onClick={() => void exportExcel()}
            >
              {ORDER_LIST_TEXTS.exportExcel}
            </Button>
            <Button
              variant="red"
              disabled={!dates || busy !== null}
              busy={busy === 'pdf'}
              busyText={ORDER_LIST_TEXTS.exporting}
              onClick={() => void exportPdf()}
            >
              {ORDER_LIST_TEXTS.exportPdf}
            </Button>
            <Button icon={<PlusIcon />} onClick={() => setForm({ open: true, record: null })}>
              {ORDER_LIST_TEXTS.add}
            </Button>
          </>
        }
      />
      <Filters>
        <DateField
          label={FIELDS.startDate.label}
          value={range.startDate}
          required
          error={range.startError}
          onChange={(event) => range.setStartDate(event.target.value)}
        />
        <DateField
          label={FIELDS.endDate.label}
          value={range.endDate}
          required
          error={range.endError}
          onChange={(event) => range.setEndDate(event.target.value)}
        />
        <ResetWrap>
          <Button variant="ghost" disabled={!range.active} onClick={range.reset}>
            {ORDER_LIST_TEXTS.reset}
          </Button>
        </ResetWrap>
      </Filters>
      {range.active ? (
        <Notice role="status">
          {ORDER_LIST_TEXTS.activeFilter}: {period}
        </Notice>
      ) : null}

      <ListSection
        title={ORDER_LIST_TEXTS.summaryTitle}
        searchPlaceholder={ORDER_LIST_TEXTS.summarySearch}
        list={summary}
        pageSizeLabel={ORDER_LIST_TEXTS.summaryPageSize}
        pagination={summaryQuery.currentData?.pagination}
      >
        <Table
          label={ORDER_LIST_TEXTS.summaryTitle}
          columns={SUMMARY_COLUMNS}
          rows={summaryQuery.currentData?.data ?? []}
          rowKey="product_code"
          {...tableState(summaryQuery)}
          emptyText={ORDER_LIST_TEXTS.empty}
        />
      </ListSection>

      <ListSection
        title={ORDER_LIST_TEXTS.detailTitle}
        searchPlaceholder={ORDER_LIST_TEXTS.detailSearch}
        list={detail}
        pageSizeLabel={ORDER_LIST_TEXTS.detailPageSize}
        pagination={detailQuery.currentData?.pagination}
      >
        <DetailFrame data-comparing={comparing ? 'true' : undefined}>
          <Table
            label={ORDER_LIST_TEXTS.detailTitle}
            columns={columns}
            rows={orders}
            rowKey="id"
            {...tableState(detailQuery)}
            emptyText={ORDER_LIST_TEXTS.empty}
            rowHighlight={(order) => unmatched.has(order.id)}
          />
        </DetailFrame>
      </ListSection>

      {form.open ? (
        <OrderFormModal record={form.record} onClose={() => setForm({ open: false })} />
      ) : null}

      {printing && printed ? (
        <PrintReport
          title={ORDER_LIST_TEXTS.printTitle}
          period={period}
          columns={printColumns}
          rows={printed.orders}
          rowKey={(order) => order.id}
          emptyText={ORDER_LIST_TEXTS.empty}
          wordKeys={PRINT_WORD_KEYS}
        />
      ) : null}
    </Page>
  );
}
