import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReturnsRepository } from './returns.repository.js';
import { createReturnsService, type ReturnsService } from './returns.service.js';


declare module 'fastify' {
  interface FastifyInstance {
    /** Returns of shipped parts: the customer's requests, the admin's steps and refunds, and what My Orders shows of them. */
    returns: ReturnsService;
  }
}

/** The returns module; its steps' emails go out through the order outbox, which asks it for their texts. */
export const returnsPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createReturnsRepository(app.database);
    const returns = createReturnsService({
      repository,
      settings: app.settings,
      payments: app.payments,
      log: app.log,
      myOrdersUrl: `${app.config.publicUrl}/dashbord/myorders`,
    });
    app.orders.mail.useReturnMail(returns.mail);
    // A return's refund recorded without the return's own step (found in the provider's events,
    // or settled after an instance stopped) marks the return refunded in the same transaction.
    app.orders.useReturnRefunded((trx, refund) => repository.markRefunded(trx, refund.return_id!, refund, new Date().toISOString()));
    app.decorate('returns', returns);
  },
  { name: 'returns', dependencies: ['database', 'settings', 'orders', 'payments'] },
);
