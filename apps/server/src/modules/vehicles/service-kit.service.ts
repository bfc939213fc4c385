import { centsToDollars, type ServiceKit, type ServiceKitAlternative, serviceKitMessages, type ServiceKitWrite } from '@shop/shared';
import { AppError, conflict, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import type { Actor } from '../activity/activity.plugin.js';
import { type KitLineRow, lineInStock, toServiceKit } from './service-kit.mapper.js';
import type { ServiceKitRepository } from './service-kit.repository.js';

/** The vehicles' service kits (SPEC-3 section 5): what a service takes and how often, priced and stocked as the shop is now. */
export function createServiceKitService({ repository }: { repository: ServiceKitRepository }) {
  return {
    /** A vehicle's kit with prices, stock and, for a line out of stock, a fitting part of its category in stock; null when none. */
    async get(vehicleId: string): Promise<ServiceKit | null> {
      const kit = await repository.read(vehicleId);
      if (!kit) return null;
      const alternatives = new Map<number, ServiceKitAlternative>();
      await Promise.all(
        kit.lines.map(async (line: KitLineRow, index) => {
          if (line.product_id === null || line.category_id === null || lineInStock(line)) return;
          const part = await repository.alternative(vehicleId, line.category_id, line.product_id, line.quantity);
          if (part) alternatives.set(index, { productId: part.id, name: part.name, price: centsToDollars(Number(part.price_cents)), img: part.img, minimum: Number(part.minimum), available: Number(part.quantity) });
        }),
      );
      return toServiceKit(kit, alternatives);
    },
    /**
     * Sets a vehicle's kit whole. 404 for an unknown vehicle; 422 naming each line whose part
     * the shop does not have, or that neither fits the vehicle nor every bike; nothing is written then.
     */
    async set(vehicleId: string, input: ServiceKitWrite, actor?: Actor): Promise<void> {
      if (!(await repository.vehicleExists(vehicleId))) throw notFound('Vehicle');
      const parts = await repository.parts(
        vehicleId,
        input.lines.map((line) => line.productId),
      );
      const fieldErrors: Record<string, string[]> = {};
      input.lines.forEach((line, index) => {
        const part = parts.get(line.productId);
        const message = !part ? serviceKitMessages.unknownPart : part.fits ? undefined : serviceKitMessages.doesNotFit(part.name);
        if (message) fieldErrors[`lines.${index}.productId`] = [message];
      });
      const first = Object.values(fieldErrors)[0];
      if (first) throw new AppError(422, 'VALIDATION_FAILED', first[0]!, fieldErrors);
      const lines = input.lines.map((line) => ({ product_id: line.productId, name: parts.get(line.productId)!.name, quantity: line.quantity, note: line.note }));
      let written: boolean;
      try {
        written = await repository.replace(vehicleId, { interval_km: input.intervalKm, interval_months: input.intervalMonths }, lines, actor);
      } catch (error) {
        // A part deleted between the check and the write.
        if (isForeignKeyViolation(error)) throw conflict('A part of the kit was deleted just now; please check the kit and save it again');
        throw error;
      }
      if (!written) throw notFound('Vehicle');
    },
    /** Deletes a vehicle's kit; 404 when it has none. */
    async remove(vehicleId: string, actor?: Actor): Promise<void> {
      if (!(await repository.remove(vehicleId, actor))) throw notFound('Service kit');
    },
  };
}
export type ServiceKitService = ReturnType<typeof createServiceKitService>;
