import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGarageRepository } from './garage.repository.js';
import { createGarageService, type GarageService } from './garage.service.js';
import { createServiceRemindersRepository } from './service-reminders.repository.js';
import { createServiceRemindersService, type ServiceRemindersService } from './service-reminders.service.js';

export type { GarageService } from './garage.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each account's bikes and their odometers. */
    garage: GarageService;
    /** The daily round of due services, their emails, and the 'Stop these emails' link. */
    serviceReminders: ServiceRemindersService;
  }
}

/** How often the leading instance looks whether today's reminder round is due (it runs once a shop day, after 08:00). */
const REMINDER_ROUND_TICK_MS = 5 * 60 * 1000;
/** How often the reminders found due are emailed. */
const REMINDER_SEND_MS = 2000;

export const garagePlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createGarageRepository(app.database);
    app.decorate('garage', createGarageService({ repository, vehicles: app.vehicles, settings: app.settings }));
    const reminders = createServiceRemindersService({
      repository: createServiceRemindersRepository(app.database),
      garage: repository,
      serviceKits: app.serviceKits,
      settings: app.settings,
      mailer: app.mailer,
      log: app.log,
      publicUrl: app.config.publicUrl,
      secret: app.config.authSecret,
    });
    app.decorate('serviceReminders', reminders);
    app.background.every('service reminder round', REMINDER_ROUND_TICK_MS, () => reminders.tick());
    app.background.every('service reminder emails', REMINDER_SEND_MS, () => reminders.deliverDue());
  },
  { name: 'garage', dependencies: ['database', 'vehicles', 'settings', 'background-jobs'] },
);
