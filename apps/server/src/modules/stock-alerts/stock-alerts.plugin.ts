import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStockAlertsRepository } from './stock-alerts.repository.js';
import { createStockAlertsService, type StockAlertsService } from './stock-alerts.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'Notify me' on out-of-stock parts, and the emails when they are back. */
    stockAlerts: StockAlertsService;
  }
}

export const stockAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    const alerts = createStockAlertsService({
      repository: createStockAlertsRepository(app.database.db),
      catalogue: app.catalogue,
      mailer: app.mailer,
      log: app.log,
      partUrl: (productId) => `${app.config.publicUrl}/parts/${productId}`,
    });
    app.addHook('onReady', async () => alerts.start());
    app.addHook('onClose', async () => alerts.stop());
    app.decorate('stockAlerts', alerts);
  },
  { name: 'stock-alerts', dependencies: ['database', 'catalogue'] },
);
