import { z } from 'zod';
import { idSchema } from './common.js';

/** A service kit's bounds (SPEC-3 section 5, issue 36). */
export const SERVICE_KIT_LINES_MAX = 50;
export const SERVICE_KIT_QUANTITY_MAX = 1000;
export const SERVICE_KIT_NOTE_MAX = 60;
export const SERVICE_INTERVAL_KM_MIN = 100;
export const SERVICE_INTERVAL_KM_MAX = 100_000;
export const SERVICE_INTERVAL_MONTHS_MAX = 120;

export const serviceKitMessages = {
  intervalKmInvalid: `Interval (km) must be a whole number from ${SERVICE_INTERVAL_KM_MIN} to ${SERVICE_INTERVAL_KM_MAX.toLocaleString('en-US')}`,
  intervalMonthsInvalid: `Interval (months) must be a whole number from 1 to ${SERVICE_INTERVAL_MONTHS_MAX}`,
  quantityInvalid: `Quantity must be a whole number from 1 to ${SERVICE_KIT_QUANTITY_MAX.toLocaleString('en-US')}`,
  noteTooLong: `Note must be at most ${SERVICE_KIT_NOTE_MAX} characters`,
  tooManyLines: `A service kit has at most ${SERVICE_KIT_LINES_MAX} lines`,
  linesInvalid: 'Lines must be a list of parts',
  twice: 'This part is already in the kit',
  unknownPart: 'The shop has no such part',
  /** A part that neither fits the vehicle nor fits every bike, by its name. */
  doesNotFit: (name: string) => `${name} does not fit this vehicle`,
} as const;

const whole = (message: string, min: number, max: number) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** PUT /vehicles/{id}/service-kit (admin): the whole kit, replacing the one the vehicle had. */
export const serviceKitInputSchema = z.object({
  intervalKm: whole(serviceKitMessages.intervalKmInvalid, SERVICE_INTERVAL_KM_MIN, SERVICE_INTERVAL_KM_MAX),
  intervalMonths: whole(serviceKitMessages.intervalMonthsInvalid, 1, SERVICE_INTERVAL_MONTHS_MAX),
  lines: z
    .array(
      z.object({
        productId: idSchema,
        quantity: whole(serviceKitMessages.quantityInvalid, 1, SERVICE_KIT_QUANTITY_MAX),
        note: z.string().trim().max(SERVICE_KIT_NOTE_MAX, serviceKitMessages.noteTooLong).default(''),
      }),
      { error: serviceKitMessages.linesInvalid },
    )
    .max(SERVICE_KIT_LINES_MAX, serviceKitMessages.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) ctx.addIssue({ code: 'custom', path: [index, 'productId'], message: serviceKitMessages.twice });
        seen.add(line.productId);
      });
    }),
});
export type ServiceKitWrite = z.output<typeof serviceKitInputSchema>;

/**
 * A part that can stand in for an out-of-stock line: the cheapest in stock of its category that
 * fits the vehicle or every bike, with what the cart needs of it (its photo, minimum order and stock).
 */
export const serviceKitAlternativeSchema = z.object({
  productId: idSchema,
  name: z.string(),
  price: z.number(),
  img: z.string().nullable(),
  minimum: z.number().int(),
  /** Pieces in stock. */
  available: z.number().int(),
});
export type ServiceKitAlternative = z.infer<typeof serviceKitAlternativeSchema>;

/**
 * One line of a kit as answered. A line whose part was deleted keeps its name, with
 * `productId` and `price` null and `inStock` false: the kit says the part is gone.
 */
export const serviceKitLineSchema = z.object({
  productId: idSchema.nullable(),
  name: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  /** The part's unit price in dollars. */
  price: z.number().nullable(),
  /** Whether the shop holds at least `quantity` of it. */
  inStock: z.boolean(),
  /** The part's minimum order quantity: a kit added to the cart takes at least this many. Absent for a deleted part, as are `img` and `available`. */
  minimum: z.number().int().optional(),
  img: z.string().nullable().optional(),
  /** Pieces in stock. */
  available: z.number().int().optional(),
  alternative: serviceKitAlternativeSchema.optional(),
});
export type ServiceKitLine = z.infer<typeof serviceKitLineSchema>;

/** GET /vehicles/{id}/service-kit. `total` is the sum of price x quantity of the lines whose part exists, in dollars. */
export const serviceKitSchema = z.object({
  intervalKm: z.number().int(),
  intervalMonths: z.number().int(),
  lines: z.array(serviceKitLineSchema),
  total: z.number(),
});
export type ServiceKit = z.infer<typeof serviceKitSchema>;

/** A part 'Add kit to cart' puts in the cart: what a cart line needs of it, and how many (at least its minimum). */
export interface KitCartPart {
  productId: string;
  name: string;
  price: number;
  img: string | null;
  minimum: number;
  available: number;
  quantity: number;
  /** The kit's out-of-stock part it stands in for. */
  insteadOf?: string;
}

/**
 * What 'Add kit to cart' adds (SPEC-3 section 5): each line in stock at its quantity, at least the
 * part's minimum; a line out of stock as its alternative when it has one; the other lines (out
 * of stock with no alternative, or a deleted part) by name in `missing`.
 */
export function kitCartParts(kit: Pick<ServiceKit, 'lines'>): { parts: KitCartPart[]; missing: string[] } {
  const parts: KitCartPart[] = [];
  const missing: string[] = [];
  // An alternative may be a part another line holds already: one line of it, the pieces added up.
  const add = (part: KitCartPart) => {
    const present = parts.find((other) => other.productId === part.productId);
    if (present) present.quantity += part.quantity;
    else parts.push(part);
  };
  for (const line of kit.lines) {
    if (line.inStock && line.productId !== null && line.price !== null) {
      const minimum = line.minimum ?? 1;
      add({ productId: line.productId, name: line.name, price: line.price, img: line.img ?? null, minimum, available: line.available ?? 0, quantity: Math.max(line.quantity, minimum) });
    } else if (line.alternative) {
      const part = line.alternative;
      add({ productId: part.productId, name: part.name, price: part.price, img: part.img, minimum: part.minimum, available: part.available, quantity: Math.max(line.quantity, part.minimum), insteadOf: line.name });
    } else {
      missing.push(line.name);
    }
  }
  return { parts, missing };
}
