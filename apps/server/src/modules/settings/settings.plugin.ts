import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService, type SettingsService } from './settings.service.js';

export type { SettingsService } from './settings.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's settings (SPEC-3 section 1): `current()` is what every module reads. */
    settings: SettingsService;
  }
}

export const settingsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('settings', createSettingsService({ repository: createSettingsRepository(app.database) }));
  },
  { name: 'settings', dependencies: ['database'] },
);
