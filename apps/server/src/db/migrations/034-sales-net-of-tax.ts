import { type Kysely, sql } from 'kysely';

/**
 * The sales page's revenue is what the lines sold for after their discount, without tax, and the
 * tax is counted apart (issue 33): each day keeps the tax it collected less the tax its refunds
 * gave back. The days and parts already counted are restated from their lines' stored amounts
 * (decision 033); the ranges summed per part are summed again when next read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sales_days').addColumn('tax_cents', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
  // A line's discount, and its tax where its price contained it: what its total counted that is not revenue.
  const lines = (stamp: 'paid_at' | 'refunded_at') => sql`
    select substr(orders.${sql.raw(stamp)}, 1, 10) as day, orders.product_id,
      orders.discount_cents + case when purchases.prices_include_tax then orders.tax_cents else 0 end as off_cents, orders.tax_cents
    from orders join purchases on purchases.id = orders.purchase_id
    where orders.${sql.raw(stamp)} is not null and (orders.discount_cents <> 0 or orders.tax_cents <> 0)
      ${stamp === 'refunded_at' ? sql`and orders.status = 'refunded'` : sql``}`;
  await sql`
    update sales_days set paid_cents = sales_days.paid_cents - changes.paid_off, refunded_cents = sales_days.refunded_cents - changes.refunded_off, tax_cents = changes.tax
    from (
      select day, sum(paid_off) as paid_off, sum(refunded_off) as refunded_off, sum(tax) as tax from (
        select day, off_cents as paid_off, 0 as refunded_off, tax_cents as tax from (${lines('paid_at')}) as paid
        union all
        select day, 0, off_cents, -tax_cents from (${lines('refunded_at')}) as refunded
      ) as changed group by day
    ) as changes
    where changes.day = sales_days.day`.execute(db);
  await sql`
    update sales_part_days set cents = sales_part_days.cents - changes.off
    from (
      select day, product_id, sum(off) as off from (
        select day, product_id, off_cents as off from (${lines('paid_at')}) as paid
        union all
        select day, product_id, -off_cents from (${lines('refunded_at')}) as refunded
      ) as changed group by day, product_id
    ) as changes
    where changes.day = sales_part_days.day and changes.product_id = sales_part_days.product_id`.execute(db);
  await sql`delete from sales_part_windows`.execute(db);
  await sql`delete from sales_windows`.execute(db);
}

/** Down keeps the restated figures: only the tax column goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sales_days').dropColumn('tax_cents').execute();
}
