import { SettingsResponse } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { targetStockDays } from '../restock/service';

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
    }),
  );
};
