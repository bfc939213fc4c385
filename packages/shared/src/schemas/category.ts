import { z } from 'zod';
import { ID_PATTERN } from '../constants.js';
import { idSchema, singleLineText } from './common.js';

export const CATEGORY_NAME_MAX = 60;
/** The category every part without one belongs to; it always exists. */
export const DEFAULT_CATEGORY = 'Other';

export const categoryMessages = {
  nameRequired: 'Category name is Required',
  taken: (name: string) => `There is already a category named '${name}'`,
  holdsParts: (name: string, count: number) =>
    `'${name}' holds ${count} ${count === 1 ? 'part' : 'parts'}. Move ${count === 1 ? 'it' : 'them'} to another category first.`,
  keepDefault: `'${DEFAULT_CATEGORY}' is where parts without a category go, so it cannot be renamed or deleted.`,
  unknown: "Choose one of the shop's categories",
  moveToItself: (name: string) => `Choose a category other than '${name}'`,
} as const;

/** GET /categories: each category with how many parts it holds. */
export const categorySchema = z.object({ _id: idSchema, name: z.string(), count: z.number().int() });
export type Category = z.infer<typeof categorySchema>;

/** POST /categories and PATCH /categories/{id}. */
export const categoryInputSchema = z.object({ name: singleLineText(CATEGORY_NAME_MAX, categoryMessages.nameRequired) });

/** A category name as compared: case and runs of spaces do not make two categories. */
export const categoryKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** POST /categories/{id}/move: every part of the category goes to the category `to`. */
export const categoryMoveSchema = z.object({ to: z.string({ error: categoryMessages.unknown }).regex(ID_PATTERN, categoryMessages.unknown) });
export type CategoryMove = z.infer<typeof categoryMoveSchema>;
