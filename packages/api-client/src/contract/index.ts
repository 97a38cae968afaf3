// The contract: TypeBox schemas and their static types, one file per area. Imported by the
// server (validation, OpenAPI) and by the browser code (types only). No React or RTK here.
// Every name is listed (no `export *` of an area), so that the public surface is what this file
// says; the plain values the root entry exports too are listed once, in public-constants.ts.
export * from './public-constants';
// The plain values only the server uses (its limits, the offline capture's keys), and types.
export {
  type BarcodeSize,
  CLIENT_ID_KEEP_DAYS,
  CLIENT_ID_MESSAGES,
  CLIENT_ID_PATTERN,
  CLIENT_ID_ROUTES,
  type ClientIdRoute,
  FIELD_RULES,
  type FieldName,
  MARKETPLACE_MAX_PREVIEW_CHARS,
  MARKETPLACE_MAX_PREVIEWS_PER_USER,
  MARKETPLACE_MAX_TEXT_CHARS,
} from './constants';

export {
  hasMoneyPrecision,
  INTEGER_TEXT,
  isCalendarDate,
  isPrintableAscii,
  MONEY_TEXT,
  numberFromInput,
  type TextProblem,
  textProblem,
} from './input-rules';

export {
  BooleanField,
  ChoiceField,
  ClientIdField,
  DataOf,
  DateField,
  DateRangeQuery,
  DateString,
  ErrorBody,
  IdField,
  IdParam,
  IntegerField,
  type IntegerFieldOptions,
  type List,
  ListOf,
  MessageBody,
  MoneyField,
  Nullable,
  PageQuery,
  Pagination,
  type Saved,
  SavedOf,
  TextField,
  type TextFieldOptions,
  Timestamp,
} from './common';

export {
  HealthResponse,
  LoginRequest,
  LoginResponse,
  Role,
  SettingsResponse,
  User,
  VerifyResponse,
} from './auth';

export {
  AllProductsResponse,
  BarcodeParam,
  CommitRackImportInput,
  LedgerEntry,
  LedgerEntryType,
  Product,
  ProductInput,
  ProductLedger,
  ProductLedgerQuery,
  ProductLedgerResponse,
  ProductList,
  ProductListQuery,
  ProductResponse,
  ProductSaved,
  ProductSort,
  RACK_IMPORT_STATES,
  RackField,
  RackImport,
  RackImportResult,
  RackImportRow,
  RackImportState,
} from './products';

export {
  PickBatch,
  PickBatchAvailable,
  PickBatchAvailableQuery,
  PickBatchAvailableResponse,
  PickBatchEmpty,
  PickBatchInput,
  PickBatchLine,
  PickBatchList,
  PickBatchListQuery,
  PickBatchOrder,
  PickBatchResponse,
  PickBatchSaved,
  PickBatchShortOrder,
  PickBatchSkipped,
  PickBatchStatus,
  PickBatchSummary,
  PickInput,
  PickResult,
} from './pick-batches';

export {
  DashboardQuery,
  DashboardStats,
  MostOutgoingProduct,
  OutOfStockProduct,
  Period,
  RecalculateResponse,
  StockConsistency,
  TopOutOfStockProduct,
  TopStockProduct,
} from './dashboard';

export {
  CheckResiQuery,
  CheckResiResponse,
  ComparisonQuery,
  ComparisonResponse,
  IncomingForComparison,
  IncomingGoods,
  IncomingGoodsInput,
  IncomingGoodsList,
  IncomingGoodsListQuery,
  IncomingGoodsSaved,
  MovementQuantity,
  MovementSort,
  ResiDuplicate,
  ResiParam,
  StockMovementInputBase,
  StockMovementListQuery,
  StockMovementRowBase,
} from './incoming-goods';

export {
  OutgoingGoods,
  OutgoingGoodsInput,
  OutgoingGoodsList,
  OutgoingGoodsListQuery,
  OutgoingGoodsSaved,
} from './outgoing-goods';

export {
  DamagedGoods,
  DamagedGoodsInput,
  DamagedGoodsList,
  DamagedGoodsListQuery,
  DamagedGoodsSaved,
} from './damaged-goods';

export {
  BARCODE_MESSAGES,
  BarcodeProduct,
  GenerateBarcodeRequest,
  GenerateBarcodeResponse,
} from './barcode';

export {
  IncomingReportRow,
  OutgoingReportRow,
  REPORT_MESSAGES,
  REPORT_TITLES,
  ReportQuery,
  ReportResponse,
  ReportType,
  StockReportPage,
  StockReportQuery,
  StockReportRow,
} from './reports';

export {
  Order,
  ORDER_MESSAGES,
  OrderInput,
  OrderList,
  OrderQuery,
  OrderSaved,
  OrderSummaryList,
  OrderSummaryRow,
} from './orders';

export {
  DailyPoint,
  DailyQuery,
  DailyResponse,
  RestockList,
  RestockOrderInput,
  RestockOrderItem,
  RestockOrderSaved,
  RestockQuery,
  RestockRow,
  SettingsInput,
} from './restock';

export {
  PEMBUKUAN_MESSAGES,
  PEMBUKUAN_SALE_STATUSES,
  type PembukuanSaleStatus,
  PembukuanList,
  PembukuanQuery,
  PembukuanRow,
  PembukuanSaved,
  PembukuanStats,
  PembukuanChannelFees,
  PembukuanStatsQuery,
  PembukuanUpdate,
  PRODUCT_PROFITS_MAX,
  ProductProfit,
} from './pembukuan';

export {
  CommitImportConflict,
  CommitImportInput,
  CommitImportResult,
  IMPORT_LINE_STATES,
  ImportLine,
  ImportLineState,
  ImportProblem,
  ImportSummary,
  MappedItem,
  MappedProduct,
  MarketplaceChannel,
  MarketplaceImport,
  MarketplaceImportFields,
  MarketplaceOrder,
  MarketplaceOrderLine,
  SkippedOrderLine,
  MarketplaceOrderList,
  MarketplaceOrderQuery,
  MarketplaceOrderResponse,
  MarketplaceStatus,
  SkuMapping,
  SkuMappingInput,
  SkuMappingItemInput,
  SkuMappingList,
  SkuMappingQuery,
  SkuMappingSaved,
  StockFileFields,
  StockFileUnchangedReason,
  StockFileUnchangedRow,
  UnknownFormatBody,
} from './marketplace';

export {
  PackedPackage,
  PackedToday,
  PackingLine,
  PackingOrder,
  PackingParams,
  PackingScan,
  PackingShipInput,
  PackingShipped,
  PackingShipResult,
  PackingView,
  ShipOrdersInput,
  ShipOrdersResult,
} from './packing';

export {
  Return,
  ReturnCondition,
  ReturnInput,
  ReturnLine,
  ReturnLineInput,
  ReturnList,
  ReturnListQuery,
  ReturnLookup,
  ReturnLookupLine,
  ReturnLookupParams,
  ReturnSaved,
} from './returns';

export {
  OpnameCountInput,
  OpnameCountSaved,
  OpnameLine,
  OpnamePostInput,
  OpnameScope,
  OpnameScopeInput,
  OpnameScopeType,
  OpnameStatus,
  StockAdjustment,
  StockAdjustmentList,
  StockAdjustmentListQuery,
  StockOpnameInput,
  StockOpnameList,
  StockOpnameListQuery,
  StockOpnameResponse,
  StockOpnameSaved,
  StockOpnameSession,
  StockOpnameSummary,
} from './stock-opname';

export { ActivityAction, ActivityLog, ActivityLogList, ActivityLogQuery } from './activity-logs';

export {
  CreateUserInput,
  ResetPasswordInput,
  SetupInput,
  UpdateUserInput,
  UserAccount,
  UserAccountList,
  UserIdParam,
  UserSaved,
} from './users';

export {
  KILL_SWITCH_MESSAGES,
  REMOTE_BUILD_LIMITS,
  REMOTE_BUILD_MESSAGES,
  REMOTE_MODULES,
  type RemoteModule,
  RemoteBuildDeployed,
  RemoteEntry,
  RemotesManifest,
} from './remotes';

export { type Requirement, type Satisfies, unmetRequirements } from './compatibility';

export {
  checkRemotesManifest,
  REMOTE_NAME_PATTERN,
  type RemotesManifestCheck,
} from './remotes-check';

export {
  BUFFER_SETTINGS,
  MarketplaceStore,
  MarketplaceStoreInput,
  MarketplaceStoreList,
  MarketplaceStoreQuery,
  MarketplaceStoreSaved,
  MarketplaceStoreUpdate,
  Reservation,
  ReservationList,
  ReservationQuery,
  ShortOrder,
  ShortOrderList,
  ShortOrderProduct,
  ShortOrderQuery,
  STORE_NAME_MAX,
  StockFilePreview,
  StockFilePreviewRow,
} from './reservations';

// Penghasilan Marketplace: the types of its plain values (constants.ts), then the schemas.
export {
  type SettlementFeeCategory,
  type SettlementCheckKind,
  type SettlementStatus,
} from './constants';
export {
  SETTLEMENT_FORMATS,
  SETTLEMENT_MAX_ROWS,
  SETTLEMENT_MAX_TEXT_CHARS,
  SETTLEMENT_MESSAGES,
  SETTLEMENT_ORDER_STATES,
  SETTLEMENT_PREVIEW_ORDERS,
  SETTLEMENT_PREVIEW_PROBLEMS,
  SETTLEMENT_UPLOAD_MAX_BYTES,
  SettlementChannel,
  SettlementCommitResult,
  SettlementFeeColumns,
  SettlementFees,
  SettlementImport,
  SettlementList,
  SettlementPreviewOrder,
  SettlementProblem,
  SettlementQuery,
  SettlementRow,
  SettlementSummary,
  SettlementSummaryQuery,
  SettlementSummaryRow,
  SETTLEMENT_SUMMARY_GROUPS,
  SettlementCheckQuery,
  SettlementCheckRow,
  SettlementCheckList,
} from './settlements';

export {
  MARKETPLACE_RETURN_LIST_LABELS,
  MARKETPLACE_RETURN_LISTS,
  MARKETPLACE_RETURN_MESSAGES,
  MARKETPLACE_RETURN_STATUS_LABELS,
  MARKETPLACE_RETURN_STATUSES,
  MARKETPLACE_RETURN_TYPE_LABELS,
  MARKETPLACE_RETURN_TYPES,
  MarketplaceReturnList,
  MarketplaceReturnQuery,
  MarketplaceReturnRow,
  MarketplaceReturnStatus,
  MarketplaceReturnSummary,
  MarketplaceReturnSummaryQuery,
  MarketplaceReturnSummaryRow,
  MarketplaceReturnType,
  RETURN_CHECK_DEFAULTS,
  RETURN_FILE_CHANNELS,
  RETURN_FILE_FORMAT_LABELS,
  RETURN_FILE_FORMATS,
  RETURN_FILE_MAX_BYTES,
  RETURN_FILE_MAX_ROWS,
  RETURN_IMPORT_STATES,
  RETURN_PREVIEW_PROBLEMS,
  RETURN_PREVIEW_ROWS,
  ReturnBoardList,
  ReturnCommitResult,
  type ReturnFileFormat,
  ReturnImport,
  ReturnImportProblem,
  ReturnPreviewRow,
} from './marketplace-returns';

// The shipping labels' plain values live in constants.ts (no TypeBox in the browser bundle);
// these two only the server uses.
export { SHIPPING_LABEL_MAX_PAGES, SHIPPING_LABEL_UNMATCHED_REASONS } from './constants';
export {
  SHIPPING_LABEL_REPORT_KEEP_DAYS,
  SHIPPING_LABEL_SUFFIX,
  SHIPPING_LABEL_TEXTS,
  ShippingLabelFields,
  ShippingLabelMode,
  ShippingLabelReport,
  ShippingLabelMissingOrder,
  ShippingLabelUnmatchedPage,
  type ShippingLabelUnmatchedReason,
} from './shipping-labels';

export { addDays, todayIn, zonedTime } from './dates';

export {
  type Access,
  accessOutcome,
  API_RULES,
  type ApiRouteKey,
  apiRule,
  PAGE_RULES,
  type PagePath,
  type PageRule,
  rolesAllowed,
} from './permissions';
// The pages a remote declares in its build, checked against PAGE_RULES (issue 49).
export {
  checkPageDeclarations,
  PAGE_MESSAGES,
  type PageCheck,
  type PageDeclaration,
} from './pages';

// The deploy panel (issue 49): deploy tokens, builds and their history, failures per version.
export { type ClientErrorKind, type DeployTarget } from './constants';
export {
  ClientErrorCount,
  ClientErrorInput,
  ClientErrorSummary,
  CreateRemoteTokenInput,
  RemoteBuildHistoryEntry,
  RemoteBuildList,
  RemoteBuildListing,
  RemoteBuildVersion,
  RemoteNameParam,
  RemoteToken,
  RemoteTokenCreated,
  RemoteTokenIdParam,
  RemoteTokenList,
  RemoteVersionParams,
  RollbackInput,
} from './deploys';
