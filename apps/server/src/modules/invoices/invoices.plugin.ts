import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInvoicesRepository } from './invoices.repository.js';
import { createInvoicesService, type InvoicesService } from './invoices.service.js';

export type { InvoicesService } from './invoices.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices and credit notes: issued by the orders module in its own transactions, downloaded as PDFs. */
    invoices: InvoicesService;
  }
}

export const invoicesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('invoices', createInvoicesService({ repository: createInvoicesRepository(app.database.db), settings: app.settings }));
  },
  { name: 'invoices', dependencies: ['database', 'settings'] },
);
