import { Type, type Static } from '@sinclair/typebox';
import { TextField } from './common';
import { FIELDS } from './constants';

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('manager')]);
export type Role = Static<typeof Role>;

export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
});
export type User = Static<typeof User>;

export const LoginRequest = Type.Object({
  email: TextField({ maxLength: FIELDS.email.maxLength }),
  password: TextField({ maxLength: FIELDS.password.maxLength }),
});
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResponse = Type.Object({ token: Type.String(), user: User });
export type LoginResponse = Static<typeof LoginResponse>;

export const VerifyResponse = Type.Object({ user: User });
export type VerifyResponse = Static<typeof VerifyResponse>;

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
});
export type HealthResponse = Static<typeof HealthResponse>;

/** Public settings the browser needs before sign-in. */
export const SettingsResponse = Type.Object({
  /** IANA zone of the shop (SHOP_TIMEZONE): "today", default dates and the header date. */
  shopTimezone: Type.String(),
  /** 'Target Persediaan': the days of sales a restock order should cover (default 14). */
  targetStockDays: Type.Integer({ minimum: 1 }),
  /** 'Pesanan belum dibayar ikut dipesan' (issue 44; off by default). */
  reserve_unpaid: Type.Boolean(),
  /** Each channel's default stock-file buffer (a store without its own takes it). */
  buffer_shopee: Type.Integer({ minimum: 0 }),
  buffer_tiktok: Type.Integer({ minimum: 0 }),
  buffer_lazada: Type.Integer({ minimum: 0 }),
  buffer_tokopedia: Type.Integer({ minimum: 0 }),
  buffer_bigseller: Type.Integer({ minimum: 0 }),
  /** 'Perlu dicek' (issue 45): days after shipping an order may stay unsettled (default 14). */
  settlement_check_days: Type.Optional(Type.Integer({ minimum: 1 })),
  /** 'Perlu dicek': released below the expected by more than this % of the price (default 2). */
  settlement_tolerance_percent: Type.Optional(Type.Integer({ minimum: 0 })),
  /** 'Dari Marketplace' (issue 46): days a refunded parcel may take to come back (default 14). */
  return_check_days: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The kill switch (issue 49): remotes the shell loads for no one until a manager clears it. */
  disabled_remotes: Type.Optional(Type.Array(Type.String())),
});
export type SettingsResponse = Static<typeof SettingsResponse>;
