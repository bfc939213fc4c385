import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTaxesRepository } from './taxes.repository.js';
import { createTaxesService, type TaxesService } from './taxes.service.js';

export type { AppliedTaxRate, TaxesService } from './taxes.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's tax rates (SPEC-3 section 1): `rateFor()` is what the quote reads. */
    taxes: TaxesService;
  }
}

export const taxesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('taxes', createTaxesService({ repository: createTaxesRepository(app.database) }));
  },
  { name: 'taxes', dependencies: ['database'] },
);
