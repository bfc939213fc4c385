import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A part's further photos, after its `img` (the products table keeps the first). */
export function createProductPhotosRepository(db: Kysely<Database>) {
  return {
    /** The photos after `img`, in order. */
    async photosAfterFirst(productId: string): Promise<string[]> {
      const rows = await db.selectFrom('product_images').select('img').where('product_id', '=', productId).orderBy('position').execute();
      return rows.map((row) => row.img);
    },
    /** Replaces the photos after `img` with these, in this order, in one transaction. */
    async replacePhotosAfterFirst(productId: string, photos: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('product_images').where('product_id', '=', productId).execute();
        if (photos.length > 0) {
          await trx
            .insertInto('product_images')
            .values(photos.map((img, index) => ({ product_id: productId, position: index + 1, img })))
            .execute();
        }
      });
    },
  };
}
export type ProductPhotosRepository = ReturnType<typeof createProductPhotosRepository>;
