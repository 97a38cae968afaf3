import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice } from './auth/auth-slice';
import { authTokenMiddleware } from './auth/token-middleware';
import { baseApi } from './base-api';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The app's one store (the shell's, or a remote's standalone page's, or a test's). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(authTokenMiddleware, baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
