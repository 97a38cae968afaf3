// Public API of @gudang/api-client. The contract alone (no React, no RTK) is also available as
// '@gudang/api-client/contract'.
// Types of the whole contract, but values only from constants.ts: the TypeBox schemas are for the
// server (validation, OpenAPI) and stay out of the browser bundle (this module is shared by the
// shell and every remote, so nothing in it can be tree-shaken).
export type * from './contract';
export * from './contract/constants';
export * from './contract/permissions';
// The Barcode ID rule (what CODE128 can draw), for forms to check what the server checks.
export { isPrintableAscii } from './contract/input-rules';
// Whether a remote's build fits the shell's shared packages: the rule the server checks too.
export { unmetRequirements } from './contract/compatibility';

export { getApiBaseUrl, setApiBaseUrl } from './base-url';
export { getShopTimeZone, loadShopSettings, setShopTimeZone } from './shop-time-zone';
export { TOKEN_KEY, clearToken, getToken, setToken } from './token';
export { LOGIN_PATH, baseQuery, redirectToLogin, setUnauthorizedHandler } from './base-query';
export { TAG_TYPES, baseApi } from './base-api';
export type { TagType } from './base-api';
export type { NoArg } from './no-arg';
export { errorMessage, errorStatus, isFetchBaseQueryError } from './errors';
export { fetchAllPages } from './fetch-all-pages';
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
export { logout, logoutAllDevices, syncSessionAcrossTabs, verifySession } from './auth/auth-thunks';
export { authTokenMiddleware } from './auth/token-middleware';

export {
  productsApi,
  useGetAllProductsQuery,
  useGetProductByBarcodeQuery,
  useGetProductsQuery,
  useLazyGetProductByBarcodeQuery,
} from './products-api';

export {
  ordersApi,
  useCreateOrderMutation,
  useDeleteOrderMutation,
  useGetIncomingForComparisonQuery,
  useGetOrderSummaryQuery,
  useGetOrdersQuery,
  useUpdateOrderMutation,
} from './orders-api';
export {
  restockApi,
  useCreateOrdersFromRestockMutation,
  useGetDailyMovementsQuery,
  useGetRestockQuery,
} from './restock-api';
export {
  pembukuanApi,
  useGetPembukuanQuery,
  useGetPembukuanStatsQuery,
  useUpdatePembukuanMutation,
} from './pembukuan-api';
export {
  returnsApi,
  useCreateReturnMutation,
  useDeleteReturnMutation,
  useGetReturnsQuery,
  useLazyLookUpReturnQuery,
} from './returns-api';
export {
  stockOpnameApi,
  useCancelStockOpnameMutation,
  useCountStockOpnameMutation,
  useCreateStockOpnameMutation,
  useGetStockAdjustmentsQuery,
  useGetStockOpnameQuery,
  useGetStockOpnamesQuery,
  usePostStockOpnameMutation,
  withCountedLine,
} from './stock-opname-api';

export { makeStore } from './store';
export type { AppDispatch, AppStore, RootState } from './store';
export { useAppDispatch, useAppSelector } from './hooks';
