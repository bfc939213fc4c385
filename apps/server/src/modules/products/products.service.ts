import { productMessages, stockReason, type Product, type ProductCount, type QuantityPriceCents } from '@shop/shared';
import { AppError, conflict, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import { type CategoriesService, unknownCategory } from '../categories/categories.plugin.js';
import type { ImagesService } from '../images/images.plugin.js';
import { quantityPricesOf, toNewProductRow, toProduct, toProductChanges, type NewProduct, type ProductEdit } from './products.mapper.js';
import type { ProductPhotosRepository } from './product-photos.repository.js';
import type { AdminListing, ProductsRepository } from './products.repository.js';
import type { Actor } from '../activity/activity.plugin.js';

type UpdateOutcome = Awaited<ReturnType<ProductsRepository['update']>>;

/**
 * Nothing changed: no such product, a stock that moved under the form (the field the form shows
 * it in), or quantity prices that kept changing under an edit that keeps them.
 */
function assertUpdated(update: UpdateOutcome, stockField: string): void {
  if (update.outcome === 'not-found') throw notFound('Product');
  if (update.outcome === 'quantity-prices-changed') throw conflict('The quantity prices of this part were changed meanwhile: look at them again and save');
  if (update.outcome === 'stock-changed') {
    const message = productMessages.stockChanged(update.stockNow);
    throw new AppError(409, 'STOCK_CHANGED', message, { [stockField]: [message] });
  }
}

/** The photos a writer sent with `img` must start with it: one part, one first photo. */
function assertFirstPhoto(img: string | undefined, photos: readonly string[] | undefined): void {
  if (img && photos?.length && photos[0] !== img) {
    throw new AppError(422, 'VALIDATION_FAILED', productMessages.firstPhotoIsImage, { images: [productMessages.firstPhotoIsImage] });
  }
}

/**
 * A new list price with the quantity prices the part keeps: each must stay below it, named under
 * its row's 'Unit price' as when they are sent.
 */
function assertBelowListPrice(priceCents: number, tiers: readonly QuantityPriceCents[]): void {
  const fieldErrors: Record<string, string[]> = {};
  tiers.forEach((tier, index) => {
    if (tier.priceCents >= priceCents) fieldErrors[`quantityPrices.${index}.price`] = [productMessages.quantityPriceNotBelowList];
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError(422, 'VALIDATION_FAILED', productMessages.quantityPriceNotBelowList, fieldErrors);
}

/** Tries of an edit that keeps the quantity prices, should an admin change them meanwhile each time. */
const EDIT_TRIES = 3;

/** A write whose category was deleted after it was looked up answers as if it had never existed. */
const categoryGone = (error: unknown): never => {
  throw isForeignKeyViolation(error) ? unknownCategory() : error;
};

/** What a purchase of a part is priced from (see `pricesOf`). */
export interface PartPrice {
  name: string;
  /** The list price. */
  priceCents: number;
  categoryId: string | null;
  quantityPrices: QuantityPriceCents[];
  /** The quantity prices as their column holds them (`quantityPricesColumn`'s text). */
  quantityPricesColumn: string;
}

/** The catalogue: what the shop sells, and the admin's changes to it. */
export function createCatalogueService({
  repository,
  photos,
  images,
  categories,
}: {
  repository: ProductsRepository;
  photos: ProductPhotosRepository;
  images: Pick<ImagesService, 'assertStored'>;
  categories: Pick<CategoriesService, 'idOf'>;
}) {
  return {
    async page(offset: number, limit: number): Promise<Product[]> {
      return (await repository.listPage(offset, limit)).map(toProduct);
    },
    async all(): Promise<Product[]> {
      return (await repository.listAll()).map(toProduct);
    },
    /** Manage Products: sorted and filtered; a page, or every part it keeps without a limit. */
    async adminList(listing: AdminListing, offset: number, limit: number | undefined): Promise<Product[]> {
      return (await repository.listForAdmin(listing, offset, limit)).map(toProduct);
    },
    async count(filter?: AdminListing['filter']): Promise<ProductCount> {
      return { count: filter ? await repository.countForAdmin(filter) : await repository.count() };
    },
    /** One part, with all its photos. */
    async find(id: string): Promise<Product | null> {
      const row = await repository.findById(id);
      return row ? { ...toProduct(row), images: [row.img, ...(await photos.photosAfterFirst(id))] } : null;
    },
    /** The products of these ids in the order given; an id no longer in the catalogue is left out. */
    async findMany(ids: string[]): Promise<Product[]> {
      const byId = new Map((await repository.findByIds(ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toProduct(row)] : [];
      });
    },
    /**
     * What prices a purchase of these parts: each one's name, list price in cents, category and
     * quantity prices (with the column's text as read, which the placement compares), by id
     * (parts no longer in the shop left out).
     */
    async pricesOf(ids: string[]): Promise<Map<string, PartPrice>> {
      const rows = await repository.findByIds(ids);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            name: row.name,
            priceCents: row.price_cents,
            categoryId: row.category_id,
            quantityPrices: quantityPricesOf(row.quantity_prices),
            quantityPricesColumn: row.quantity_prices,
          },
        ]),
      );
    },
    /** Adds a product; answers its id. */
    async add(product: NewProduct, actor: Actor): Promise<string> {
      const categoryId = await categories.idOf(product.category);
      assertFirstPhoto(product.img, product.images);
      for (const path of product.images ?? [product.img]) await images.assertStored(path, product.images ? 'images' : 'img');
      const id = await repository.insert(toNewProductRow(product, categoryId), stockReason('created', actor.name), actor).catch(categoryGone);
      if (product.images) await photos.replacePhotosAfterFirst(id, product.images.slice(1));
      return id;
    },
    /** The stock is written only if the shelf still holds what the admin saw (see the repository). */
    async edit(id: string, edit: ProductEdit, actor: Actor): Promise<void> {
      const categoryId = edit.category === undefined ? undefined : await categories.idOf(edit.category);
      assertFirstPhoto(edit.img, edit.images);
      for (const path of edit.images ?? (edit.img ? [edit.img] : [])) await images.assertStored(path, edit.images ? 'images' : 'img');
      const img = edit.images?.[0] ?? edit.img;
      const changes = toProductChanges({ ...edit, img }, categoryId);
      const stock = { quantity: edit.quantity, seen: edit.quantitySeen, reason: stockReason('set', actor.name) };
      let update: UpdateOutcome;
      if (edit.quantityPrices !== undefined) update = await repository.update(id, changes, stock, undefined, actor).catch(categoryGone);
      else {
        // The quantity prices it keeps hold the rule too; written only while they are the ones checked.
        let tries = 0;
        do {
          const kept = await repository.quantityPricesColumnOf(id);
          if (kept === undefined) throw notFound('Product');
          assertBelowListPrice(edit.price, quantityPricesOf(kept));
          update = await repository.update(id, changes, stock, kept, actor).catch(categoryGone);
        } while (update.outcome === 'quantity-prices-changed' && ++tries < EDIT_TRIES);
      }
      assertUpdated(update, 'quantity');
      if (edit.images) await photos.replacePhotosAfterFirst(id, edit.images.slice(1));
      else if (img) {
        // A new first photo that was one of the others is shown once, first.
        const others = await photos.photosAfterFirst(id);
        if (others.includes(img)) await photos.replacePhotosAfterFirst(id, others.filter((photo) => photo !== img));
      }
    },
    async setStock(id: string, { quantity, seen }: { quantity: number; seen: number | undefined }, actor: Actor): Promise<void> {
      assertUpdated(await repository.update(id, {}, { quantity, seen, reason: stockReason('set', actor.name) }, undefined, actor), 'updatequantity');
    },
    async remove(id: string, actor: Actor): Promise<void> {
      if ((await repository.remove(id, actor)) === 0) throw notFound('Product');
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
