import { RESTOCK_MESSAGES, SettingsInput, SettingsResponse } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { setTargetStockDays, targetStockDays } from '../restock/service';
import { requireUser } from '../../lib/request-user';
import { reservationSettings, saveReservationSettings } from '../reservations/service';
import { errorResponses } from '../../lib/error-responses';
import { saveSettlementSettings, settlementSettings } from '../settlements/service';
import { returnSettings, saveReturnSettings } from '../marketplace-returns/service';
import {
  disabledRemotesSetting,
  readDisabledRemotes,
  saveDisabledRemotes,
} from './disabled-remotes';

export interface SettingsRoutesOptions {
  shopTimezone: string;
}

export const settingsRoutes: FastifyPluginAsyncTypebox<SettingsRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/settings',
    {
      // Public: the shell needs the shop's "today" before anyone signs in; nothing here is secret.
      schema: {
        tags: ['health'],
        summary: 'Pengaturan toko untuk tampilan (zona waktu toko)',
        response: { 200: SettingsResponse },
      },
    },
    async () => ({
      shopTimezone: options.shopTimezone,
      targetStockDays: await targetStockDays(app.db),
      ...(await reservationSettings(app.db)),
      ...(await settlementSettings(app.db)),
      ...(await returnSettings(app.db)),
      ...(await disabledRemotesSetting(app.db)),
    }),
  );

  app.put(
    '/settings',
    {
      config: { forbidden: RESTOCK_MESSAGES.managerOnlySettings },
      schema: {
        tags: ['health'],
        summary:
          'Ubah pengaturan toko (manager): Target Persediaan, stok tersedia, batas Perlu dicek penghasilan, modul dinonaktifkan',
        body: SettingsInput,
        response: { 200: SettingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { targetStockDays: days } = request.body;
      const actor = requireUser(request);
      // Refused before anything is saved: a bad list changes no other setting either.
      const disabledRemotes = readDisabledRemotes(request.body);
      // Each setting given is saved; those left out stay as they are.
      const target =
        days === undefined
          ? await targetStockDays(app.db)
          : await setTargetStockDays(app.db, days, actor);
      const saved = await app.db.transaction(async (tx) => ({
        ...(await saveReservationSettings(tx, request.body, actor)),
        ...(await saveSettlementSettings(tx, request.body, actor)),
        ...(await saveReturnSettings(tx, request.body, actor)),
        ...(await saveDisabledRemotes(tx, disabledRemotes, actor)),
      }));
      return { shopTimezone: options.shopTimezone, targetStockDays: target, ...saved };
    },
  );
};
