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

/** How often the parts back in stock are looked for and their alerts emailed. */
const ALERT_ROUND_MS = 2000;

export const stockAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    const alerts = createStockAlertsService({
      repository: createStockAlertsRepository(app.database.db),
      catalogue: app.catalogue,
      mailer: app.mailer,
      log: app.log,
      partUrl: (productId) => `${app.config.publicUrl}/parts/${productId}`,
    });
    app.background.every('back-in-stock emails', ALERT_ROUND_MS, () => alerts.deliverDue());
    app.decorate('stockAlerts', alerts);
  },
  { name: 'stock-alerts', dependencies: ['database', 'catalogue', 'background-jobs'] },
);
