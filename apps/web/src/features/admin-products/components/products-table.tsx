import { isOutOfStock, responsiveSrcSet, type Product } from '@shop/shared';
import { Link } from 'react-router';
import { responsiveTable } from '@/components/ui/responsive-table';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { adminProductsCopy } from '../copy';

const copy = adminProductsCopy.manage;
const { columns } = copy;
const cell = responsiveTable.cell;

export interface ProductsTableProps {
  products: readonly Product[];
  /** The number of the first row: rows are counted across pages. */
  firstIndex?: number;
  /** Asks to delete; the page confirms before anything happens. */
  onDelete: (product: Product) => void;
  /** The product whose deletion is under way. */
  deletingId?: string | null;
}

/** SPEC's Manage Products table: each product with an 'Update Product' link and Delete; a card per product on phones. */
export function ProductsTable({ products, firstIndex = 1, onDelete, deletingId = null }: ProductsTableProps) {
  return (
    <div className={responsiveTable.frame}>
      <table role="table" className={`${responsiveTable.table} sm:min-w-3xl`} aria-label={copy.tableLabel}>
        <thead role="rowgroup" className={responsiveTable.head}>
          <tr role="row">
            <th role="columnheader" scope="col">
              {columns.index}
            </th>
            <th role="columnheader" scope="col">
              {columns.image}
            </th>
            <th role="columnheader" scope="col">
              {columns.name}
            </th>
            <th role="columnheader" scope="col" className="text-right">
              {columns.price}
            </th>
            <th role="columnheader" scope="col" className="text-right">
              {columns.stock}
            </th>
            <th role="columnheader" scope="col" className="text-right">
              {columns.minimum}
            </th>
            <th role="columnheader" scope="col">
              {columns.actions}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={responsiveTable.body}>
          {products.map((product, index) => {
            const busy = deletingId === product._id;
            return (
              <tr role="row" key={product._id} className={responsiveTable.row} aria-busy={busy || undefined}>
                <th role="rowheader" scope="row" className={`${cell} tabular-nums`} data-label={columns.index}>
                  {firstIndex + index}
                </th>
                <td role="cell" className={cell} data-label={columns.image}>
                  {/* The name is in the next cell; the thumbnail only helps the eye. */}
                  <img
                    src={product.img}
                    srcSet={responsiveSrcSet(product.img)}
                    sizes="48px"
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="size-12 rounded-box bg-base-200 object-cover"
                  />
                </td>
                <td role="cell" className={`${cell} font-medium break-words sm:max-w-64 sm:min-w-48`} data-label={columns.name}>
                  {product.name}
                </td>
                <td role="cell" className={`${cell} tabular-nums sm:text-right`} data-label={columns.price}>
                  {formatPrice(product.price)}
                </td>
                <td role="cell" className={`${cell} tabular-nums sm:text-right`} data-label={columns.stock}>
                  <span>
                    {product.quantity}
                    {isOutOfStock(product) && (
                      <span className="ml-2 text-sm font-semibold whitespace-nowrap text-red-700">{copy.outOfStock}</span>
                    )}
                  </span>
                </td>
                <td role="cell" className={`${cell} tabular-nums sm:text-right`} data-label={columns.minimum}>
                  {product.minimum}
                </td>
                <td role="cell" className={cell} data-label={columns.actions}>
                  <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                    <Link to={paths.dashboard.updateProduct.getHref(product._id)} className="btn btn-primary btn-sm whitespace-nowrap">
                      {copy.update}{' '}
                      <span className="sr-only">{product.name}</span>
                    </Link>
                    <button
                      type="button"
                      // Outline in red-700: the theme's error colour is too light for text on white.
                      className="btn btn-outline btn-sm border-red-700 text-red-700 hover:bg-red-700 hover:text-white"
                      disabled={busy}
                      onClick={() => onDelete(product)}
                    >
                      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {copy.delete}{' '}
                      <span className="sr-only">{product.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
