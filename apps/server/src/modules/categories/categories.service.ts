import { type Category, categoryKey, categoryMessages, DEFAULT_CATEGORY } from '@shop/shared';
import { AppError, conflict, invalidField, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import type { Actor } from '../activity/activity.plugin.js';
import type { CategoriesRepository } from './categories.repository.js';

/** 422 naming the category field; also what a write answers when its category was deleted meanwhile. */
export const unknownCategory = () => new AppError(422, 'VALIDATION_FAILED', categoryMessages.unknown, { category: [categoryMessages.unknown] });

/** The categories the admin keeps; every part is in one, 'Other' when none is given. */
export function createCategoriesService({ repository }: { repository: CategoriesRepository }) {
  const defaultKey = categoryKey(DEFAULT_CATEGORY);

  async function assertNotDefault(id: string): Promise<void> {
    const category = await repository.findById(id);
    if (!category) throw notFound('Category');
    if (category.name_key === defaultKey) throw conflict(categoryMessages.keepDefault);
  }

  return {
    async list(): Promise<Category[]> {
      return (await repository.listWithCounts()).map(({ id, name, count }) => ({ _id: id, name, count }));
    },

    /** The id of the named category (any case and spacing), 'Other' when no name is given; 422 for a name the shop does not have. */
    async idOf(name: string | undefined): Promise<string> {
      const found = await repository.findByKey(categoryKey(name || DEFAULT_CATEGORY));
      if (!found) throw unknownCategory();
      return found.id;
    },

    async add(name: string, actor?: Actor): Promise<string> {
      const id = await repository.insert(name, categoryKey(name), actor);
      if (!id) throw conflict(categoryMessages.taken(name), { name: [categoryMessages.taken(name)] });
      return id;
    },

    async rename(id: string, name: string, actor?: Actor): Promise<void> {
      await assertNotDefault(id);
      const outcome = await repository.rename(id, name, categoryKey(name), actor);
      if (outcome === 'not-found') throw notFound('Category');
      if (outcome === 'taken') throw conflict(categoryMessages.taken(name), { name: [categoryMessages.taken(name)] });
    },

    /**
     * Moves every part of one category to another, so the emptied one can be deleted; answers
     * how many moved. A target deleted meanwhile answers as one the shop never had.
     */
    async moveParts(id: string, to: string, actor?: Actor): Promise<number> {
      const source = await repository.findById(id);
      if (!source) throw notFound('Category');
      if (to === id) throw invalidField('to', categoryMessages.moveToItself(source.name));
      const moved = await repository.moveParts(id, to, actor).catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        return { outcome: 'no-target' as const };
      });
      if (moved.outcome === 'no-source') throw notFound('Category');
      if (moved.outcome === 'no-target') throw invalidField('to', categoryMessages.unknown);
      return moved.count;
    },

    /** A category that holds parts stays: the admin moves them first. */
    async remove(id: string, actor?: Actor): Promise<void> {
      await assertNotDefault(id);
      const removed = await repository.removeIfEmpty(id, actor).catch(async (error: unknown) => {
        // A part added to it while it was being deleted: the category holds parts after all.
        if (!isForeignKeyViolation(error)) throw error;
        return { outcome: 'holds-parts' as const, count: await repository.countParts(id) };
      });
      if (removed.outcome === 'not-found') throw notFound('Category');
      if (removed.outcome === 'holds-parts') {
        const category = await repository.findById(id);
        throw conflict(categoryMessages.holdsParts(category?.name ?? '', removed.count));
      }
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
