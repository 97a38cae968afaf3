// Public API of @gudang/api-client. The contract alone (no React, no RTK) is also available as
// '@gudang/api-client/contract'.
// Types of the whole contract, listed by name, but values only from constants.ts (the list in
// contract/public-constants.ts) and permissions.ts: the TypeBox schemas are for the server
// (validation, OpenAPI) and stay out of the browser bundle (this module is shared by the shell
// and every remote, so nothing in it can be tree-shaken).
export type {
  Access,
  ActivityAction,
  ActivityLog,
  ActivityLogList,
  ActivityLogQuery,
  AllProductsResponse,
  ApiRouteKey,
  BarcodeParam,
  BarcodeProduct,
  BarcodeSize,
  CheckResiQuery,
  CheckResiResponse,
  CommitImportConflict,
  CommitImportInput,
  CommitImportResult,
  ComparisonQuery,
  ComparisonResponse,
  DailyPoint,
  DailyQuery,
  DailyResponse,
  DamagedGoods,
  DamagedGoodsInput,
  DamagedGoodsList,
  DamagedGoodsListQuery,
  DamagedGoodsSaved,
  DashboardQuery,
  DashboardStats,
  DateRangeQuery,
  DateString,
  ErrorBody,
  FieldName,
  GenerateBarcodeRequest,
  GenerateBarcodeResponse,
  HealthResponse,
  IdParam,
  ImportLine,
  ImportLineState,
  ImportProblem,
  ImportSummary,
  IncomingForComparison,
  IncomingGoods,
  IncomingGoodsInput,
  IncomingGoodsList,
  IncomingGoodsListQuery,
  IncomingGoodsSaved,
  IncomingReportRow,
  IntegerFieldOptions,
  LedgerEntry,
  LedgerEntryType,
  List,
  LoginRequest,
  LoginResponse,
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
  MessageBody,
  MostOutgoingProduct,
  MovementSort,
  OpnameCountInput,
  OpnameCountSaved,
  OpnameLine,
  OpnamePostInput,
  OpnameScope,
  OpnameScopeInput,
  OpnameScopeType,
  OpnameStatus,
  Order,
  OrderInput,
  OrderList,
  OrderQuery,
  OrderSaved,
  OrderSummaryList,
  OrderSummaryRow,
  OutgoingGoods,
  OutgoingGoodsInput,
  OutgoingGoodsList,
  OutgoingGoodsListQuery,
  OutgoingGoodsSaved,
  OutgoingReportRow,
  OutOfStockProduct,
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
  PagePath,
  PageQuery,
  PageRule,
  Pagination,
  PembukuanChannelFees,
  PembukuanList,
  PembukuanQuery,
  PembukuanRow,
  PembukuanSaved,
  PembukuanStats,
  PembukuanStatsQuery,
  PembukuanUpdate,
  Period,
  Product,
  ProductInput,
  ProductLedger,
  ProductLedgerQuery,
  ProductLedgerResponse,
  ProductList,
  ProductListQuery,
  ProductProfit,
  ProductResponse,
  ProductSaved,
  ProductSort,
  PickBatch,
  PickBatchAvailable,
  PickBatchAvailableQuery,
  PickBatchEmpty,
  PickBatchInput,
  PickBatchLine,
  PickBatchList,
  PickBatchListQuery,
  PickBatchOrder,
  PickBatchSaved,
  PickBatchShortOrder,
  PickBatchSkipped,
  PickBatchStatus,
  PickBatchSummary,
  PickInput,
  PickResult,
  CommitRackImportInput,
  RackImport,
  RackImportResult,
  RackImportRow,
  RackImportState,
  RecalculateResponse,
  RemoteBuildDeployed,
  RemoteEntry,
  RemotesManifest,
  RemotesManifestCheck,
  ReportQuery,
  ReportResponse,
  ReportType,
  Requirement,
  ResiDuplicate,
  ResiParam,
  RestockList,
  RestockOrderInput,
  RestockOrderItem,
  RestockOrderSaved,
  RestockQuery,
  RestockRow,
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
  Role,
  Satisfies,
  Saved,
  SettingsInput,
  SettingsResponse,
  ShipOrdersInput,
  ShipOrdersResult,
  SkuMapping,
  SkuMappingInput,
  SkuMappingItemInput,
  SkuMappingList,
  SkuMappingQuery,
  SkuMappingSaved,
  StockAdjustment,
  StockAdjustmentList,
  StockAdjustmentListQuery,
  StockConsistency,
  StockFileFields,
  StockFileUnchangedReason,
  StockFileUnchangedRow,
  StockMovementInputBase,
  StockMovementListQuery,
  StockMovementRowBase,
  StockOpnameInput,
  StockOpnameList,
  StockOpnameListQuery,
  StockOpnameResponse,
  StockOpnameSaved,
  StockOpnameSession,
  StockOpnameSummary,
  StockReportPage,
  StockReportQuery,
  StockReportRow,
  TextFieldOptions,
  TextProblem,
  TopOutOfStockProduct,
  TopStockProduct,
  UnknownFormatBody,
  User,
  UserAccount,
  UserAccountList,
  UserSaved,
  UpdateUserInput,
  CreateUserInput,
  ResetPasswordInput,
  SetupInput,
  VerifyResponse,
} from './contract';
export * from './contract/public-constants';
// The deploy panel (issue 49).
export type {
  ClientErrorCount,
  ClientErrorInput,
  ClientErrorKind,
  ClientErrorSummary,
  CreateRemoteTokenInput,
  DeployTarget,
  RemoteBuildList,
  RemoteBuildListing,
  RemoteToken,
  RemoteTokenCreated,
  RemoteTokenList,
  RollbackInput,
} from './contract';
export {
  accessOutcome,
  API_RULES,
  apiRule,
  PAGE_RULES,
  rolesAllowed,
} from './contract/permissions';
// The pages a remote declares, checked as the deploy checks them (issue 49).
export { checkPageDeclarations, PAGE_MESSAGES } from './contract/pages';
export type { PageCheck, PageDeclaration } from './contract/pages';
// The Barcode ID rule (what CODE128 can draw), for forms to check what the server checks.
export { isPrintableAscii } from './contract/input-rules';
// Whether a remote's build fits the shell's shared packages: the rule the server checks too.
export { unmetRequirements } from './contract/compatibility';
// The kill switch's remote names and texts (shell and server alike).
// Not from contract/remotes.ts: its TypeBox schemas would come with them.
export { KILL_SWITCH_MESSAGES, REMOTE_MODULES } from './contract/remote-names';
export type { RemoteModule } from './contract/remote-names';
// The check of a remotes list (/remotes.json): the rule the server applies to its file too.
export { checkRemotesManifest } from './contract/remotes-check';

export { getApiBaseUrl } from './base-url';
export { applyShopSettings, getShopTimeZone, loadShopSettings } from './shop-time-zone';
export { addDays, todayIn } from './contract/dates';
export { TOKEN_KEY, clearToken, getToken } from './token';
export { LOGIN_PATH, baseQuery, setUnauthorizedHandler } from './base-query';
export { TAG_TYPES, baseApi } from './base-api';
export type { TagType } from './base-api';
export type { NoArg } from './no-arg';
export { errorMessage, errorStatus, isFetchBaseQueryError } from './errors';
export { fetchAllPages } from './fetch-all-pages';
// Drops empty query values; for the endpoints a remote injects.
export { queryParams } from './query-params';
export type { PageOf } from './fetch-all-pages';

export {
  authSlice,
  isManager,
  selectAuthStatus,
  selectCurrentUser,
  sessionVerified,
  signedIn,
  signedOut,
} from './auth/auth-slice';
export type { AuthRootState, AuthState, AuthStatus, SignedInPayload } from './auth/auth-slice';
export { authApi, useLoginMutation, useVerifyQuery } from './auth/auth-api';
export {
  logout,
  logoutAllDevices,
  syncSessionAcrossTabs,
  verifySession,
  verifySessionOnReconnect,
} from './auth/auth-thunks';
export { authTokenMiddleware } from './auth/token-middleware';

export {
  productsApi,
  useGetAllProductsQuery,
  useGetProductByBarcodeQuery,
  useGetProductsQuery,
  useLazyGetProductByBarcodeQuery,
} from './products-api';

export {
  restockApi,
  useCreateOrdersFromRestockMutation,
  useGetDailyMovementsQuery,
  useGetRestockQuery,
  useGetShortOrdersQuery,
} from './restock-api';

// Offline capture (issue 48): scans kept on the phone with a client_id, sent in order later.
export {
  OFFLINE_TEXTS,
  OfflineQueue,
  isNetworkFailure,
  memoryStore,
  newClientId,
} from './offline-queue/offline-queue';
export type {
  EnqueueInput,
  OfflineKind,
  QueueSnapshot,
  QueueStore,
  QueuedWrite,
  RefusedWrite,
  SendOutcome,
  Sender,
} from './offline-queue/offline-queue';
export {
  getOfflineQueue,
  settleQueueBeforeSignOut,
  useOfflineQueue,
} from './offline-queue/use-offline-queue';
export type { OfflineQueueView } from './offline-queue/use-offline-queue';

export { makeStore } from './store';
export type { AppDispatch, AppStore, RootState } from './store';
export { useAppDispatch, useAppSelector } from './hooks';
