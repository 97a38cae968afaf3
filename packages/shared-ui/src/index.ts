// Public API of @gudang/shared-ui. Test helpers live at '@gudang/shared-ui/testing'.
export { GlobalStyle, theme } from './theme';
export type { Theme } from './theme';
export { UiProvider } from './ui-provider';

export { useDebouncedValue } from './hooks/use-debounced-value';
export { useMediaQuery } from './hooks/use-media-query';
export { lastPageOf, pageArgs, useListParams, usePageClamp } from './hooks/use-list-params';
export type { ListParams, ListParamsOptions } from './hooks/use-list-params';
export { useDateRangeParams } from './hooks/use-date-range-params';
export { useQueryParams } from './hooks/use-query-params';
export { tabParam } from './hooks/tab-param';
export type { TabFields } from './hooks/tab-param';
export { oneOf, useChannelFilters } from './hooks/use-channel-filters';
export type { ChannelFilters } from './hooks/use-channel-filters';
export type { QueryChanges, WriteOptions } from './hooks/use-query-params';
export { useDatedListParams } from './hooks/use-dated-list-params';
export type { DatedListParams } from './hooks/use-dated-list-params';
export { DATE_RANGE_TEXTS, DateRangeFields } from './components/date-range-fields';
export {
  BoundedDateFields,
  CHANNEL_FILTER_TEXTS,
  ChannelFilter,
  ChannelFilterFields,
} from './components/channel-filter-fields';
export type {
  BoundedDateRange,
  ChannelFilterProps,
  ChannelFilterFieldsProps,
  ChannelStore,
} from './components/channel-filter-fields';
export { ChoiceFilter } from './components/choice-filter';
export type { ChoiceFilterProps } from './components/choice-filter';
export type { DateRangeParams, DateRangeParamsOptions } from './hooks/use-date-range-params';
export { useConfirmedDelete } from './hooks/use-confirmed-delete';
export type { ConfirmedDeleteTexts } from './hooks/use-confirmed-delete';
export { useSaveRecord } from './hooks/use-save-record';
export { useFormValues } from './hooks/use-form-values';
export type { FormErrors } from './hooks/use-form-values';
export type { SaveRecordTexts } from './hooks/use-save-record';
export { useIntegerSettings } from './hooks/use-integer-settings';
export type {
  IntegerSetting,
  IntegerSettingFieldProps,
  IntegerSettingsForm,
  IntegerSettingsTexts,
} from './hooks/use-integer-settings';
export { RecordActions, recordActionsColumn } from './components/record-actions';
export type { RecordActionsProps } from './components/record-actions';

export { Button } from './components/button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/button';
export { IconButton } from './components/icon-button';
export type { IconButtonProps, IconButtonTone } from './components/icon-button';
export {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  EditIcon,
  MenuIcon,
  PlusIcon,
  SearchIcon,
  TrashIcon,
} from './components/icons';

export {
  AmberNote,
  Card,
  CardGrid,
  FactGrid,
  FieldGrid,
  FilterBar,
  ListSection,
  MutedText,
  Page,
  PageHeader,
  ScanLines,
  SpreadRow,
  StatCard,
  Toolbar,
} from './components/layout';
export type { CardProps, PageHeaderProps, StatCardProps } from './components/layout';
export { FactList } from './components/fact-list';
export type { Fact, FactListProps } from './components/fact-list';
export { CountToggle, CountToggles } from './components/count-toggle';
export { Badge } from './components/badge';
export type { BadgeProps, Tone } from './components/badge';

export { MODAL_TEXTS, Modal, ModalCancelButton, useModalClose } from './components/modal';
export type { ModalProps, ModalSize } from './components/modal';
export { FORM_MODAL_TEXTS, FormModal } from './components/form-modal';
export type { FormModalProps } from './components/form-modal';
export { CODE_WIDTH, PRODUCT_CODE_WIDTH, RESI_WIDTH, TABLE_TEXTS, Table } from './components/table';
export type { ColumnAlign, TableColumn, TableLayout, TableProps } from './components/table';
export { numberColumn } from './components/number-column';
export { dateColumn } from './components/date-column';
export { shownAnswer, tableState, useDeferredQuery } from './components/table-state';
export type { ListQuery, TableState, TableStateOptions } from './components/table-state';
export { ListTable } from './components/list-table';
export {
  OpenedRecordPage,
  StatusRecordList,
  StatusToolbar,
  openColumn,
  statusColumn,
  useStatusList,
  useStatusParam,
} from './components/opened-record-page';
export type {
  OpenedRecordPageProps,
  StatusRecordListProps,
  StatusToolbarProps,
} from './components/opened-record-page';
export type { ListTableProps, PageAnswer } from './components/list-table';
export { DatedList } from './components/dated-list';
export type { DatedListProps } from './components/dated-list';
export { Pager, pageWindow } from './components/pager';
export type { PagerProps } from './components/pager';
export { PageSizeSelect } from './components/page-size-select';
export type { PageSizeSelectProps } from './components/page-size-select';
export { ListFooter } from './components/list-footer';
export type { ListFooterProps } from './components/list-footer';
export { ListSearchBox, SearchBox } from './components/search-box';
export type { ListSearchBoxProps, SearchBoxProps } from './components/search-box';

export { DateField, MoneyField, QuantityField, SelectField, TextField } from './components/fields';
export type {
  DateFieldProps,
  MoneyFieldProps,
  QuantityFieldProps,
  SelectFieldProps,
  SelectOption,
  TextFieldProps,
} from './components/fields';
export {
  NUMBER_INPUT_TEXTS,
  formatIntegerInput,
  formatMoneyInput,
  integerInputMessage,
  moneyInputMessage,
  parseIntegerInput,
  parseMoneyInput,
  readIntegerInput,
  readMoneyInput,
  readRequiredIntegerInput,
} from './number-input';
export type {
  NumberBounds,
  NumberInputProblem,
  NumberInputResult,
  NumberMessageOptions,
} from './number-input';
export { dateWindow, dateWindowError } from './date-window';
export { resiCharactersError } from './resi-input';
export { axisTicks } from './chart-scale';
export {
  CHART_PAD_TOP,
  CHART_WIDTH,
  ChartBars,
  ChartFigure,
  ChartLegend,
  ChartPlot,
  ChartTable,
} from './chart/chart-parts';
export type { ChartBar, ChartPlotProps, ChartSeries, ChartTableProps } from './chart/chart-parts';
export type { DateWindow } from './date-window';

export { OfflineNotice } from './components/offline-notice';
export type { OfflineNoticeProps } from './components/offline-notice';
export { StockBadge, stockLevel, stockText } from './components/stock-badge';
export type { StockBadgeProps, StockLevel } from './components/stock-badge';
export { Spinner } from './components/spinner';
export { ProgressNote } from './components/progress-note';
export { Tabs } from './components/tabs';
export type { TabsProps } from './components/tabs';
export type { SpinnerProps } from './components/spinner';
export { ErrorPanel } from './components/error-panel';
export type { ErrorPanelProps } from './components/error-panel';
export {
  FILE_IMPORT_TEXTS,
  FileImportDialog,
  IMPORT_START,
} from './import-dialog/file-import-dialog';
export type {
  FileImportDialogProps,
  FileImportTexts,
  ImportMutationState,
  ImportPreviewQuery,
  ImportStep,
} from './import-dialog/file-import-dialog';
export {
  STORE_IMPORT_TEXTS,
  StoreFileImportDialog,
} from './import-dialog/store-file-import-dialog';
export type {
  StoreFileImportDialogProps,
  StoreFileImportTexts,
  StoreImportPreview,
} from './import-dialog/store-file-import-dialog';
export {
  FileFacts,
  FileImportPreview,
  IMPORT_PREVIEW_TEXTS,
  ImportDone,
  ImportFailure,
  ImportNote,
  ImportScroll,
  ImportStoreField,
  firstShown,
  importStateColumn,
  previewCounts,
} from './import-dialog/import-parts';
export type {
  FileImportPreviewProps,
  ImportCount,
  ImportProblem,
  ImportProblemTexts,
  ImportResultItem,
  ImportStateTexts,
  ImportStore,
  ImportStoreFieldProps,
} from './import-dialog/import-parts';

export { ToastProvider, useToast } from './components/toast';
export type { ToastApi, ToastKind } from './components/toast';

export {
  addDaysIso,
  formatDate,
  formatDateTime,
  formatInteger,
  formatLongDate,
  formatRupiah,
  todayIso,
} from './formatters';
export { fromCents, lineTotal, sumMoney, toCents } from './money';
export { CSV_BOM, csvCell, toCsv } from './csv';
export type { CsvValue } from './csv';
export {
  PRINT_TEXTS,
  PrintLayout,
  PrintTable,
  PrintedAt,
  downloadBlob,
  usePrintRequest,
} from './print';
export type { PrintLayoutProps, PrintRequest } from './print';
export { PrintReport } from './print-report';
export type { PrintColumnsProps, PrintReportProps } from './print-report';
export { listQuery, listTag, listTags, recordTags } from './api-tags';
export { createRecord, deleteRecord, updateRecord } from './api-tags';
export { UPLOAD_TIMEOUT_MS, uploadRequest } from './upload-request';
export { CONFIRM_TEXTS, confirmAction } from './confirm';
export type { ConfirmText } from './confirm';

export { PICKER_TEXTS, PickedProductFields, ProductPicker } from './components/product-picker';
export type { PickedProduct, ProductPickerProps } from './components/product-picker';
export { Unbroken, WholeWords } from './components/keep-whole';
export { categoryBrandColumns } from './components/category-brand-columns';
export { CellLines, CellNote } from './components/cell-lines';
export { SPREADSHEET_DATE_FORMAT, serialDate, spreadsheetDateCell } from './spreadsheet-date';

export {
  CAMERA_TEXTS,
  CameraScan,
  CameraScanField,
  SCAN_FORMATS,
  ZXING_WASM_PATH,
  cameraErrorMessage,
  createDetector,
  keepScanFocus,
  namingScan,
  refusalBuzz,
  typeAsScanner,
  zxingWasmUrl,
} from './components/camera-scan';
export type { CameraScanProps, CodeDetector, DetectorOptions } from './components/camera-scan';
