import { isOutOfStock, type Product } from '@shop/shared';
import { Link } from 'react-router';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn, type DeletableRowsProps } from '@/components/ui/data-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { paths } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { adminProductsCopy } from '../copy';

const copy = adminProductsCopy.manage;
const { columns } = copy;

export interface ProductsTableProps extends Omit<DeletableRowsProps<Product>, 'onDelete'> {
  /** Asks to delete; the page confirms first. Without it (staff) no Delete is offered. */
  onDelete?: ((product: Product) => void) | undefined;
  products: readonly Product[];
  /** How many customers wait to hear that each part is back in stock ('Notify me'), by part. */
  waiting?: ReadonlyMap<string, number> | undefined;
}

/**
 * SPEC's Manage Products table: each product with its part number, category and brand, an 'Update
 * Product' link and Delete; one line per product (the image, category, minimum and brand step
 * aside where the room is short), a card per product on phones.
 */
export function ProductsTable({ products, firstIndex = 1, onDelete, deletingId = null, waiting }: ProductsTableProps) {
  const tableColumns: DataTableColumn<Product>[] = [
    {
      header: columns.image,
      hideBelow: '6xl',
      // The name is in the next cell; the thumbnail only helps the eye.
      cell: (product) => <Thumbnail src={product.img} size={40} renditions />,
    },
    { header: columns.name, className: 'font-medium', truncate: { width: '10rem', title: (product) => product.name }, cell: (product) => product.name },
    {
      header: columns.partNumber,
      hideBelow: '4xl',
      optional: true,
      truncate: { width: '6rem', title: (product) => product.partNumber },
      cell: (product) => product.partNumber,
    },
    {
      header: columns.category,
      hideBelow: '4xl',
      truncate: { width: '7rem', title: (product) => product.category },
      cell: (product) => product.category,
    },
    {
      header: columns.brand,
      hideBelow: '6xl',
      optional: true,
      truncate: { width: '6rem', title: (product) => product.brand },
      cell: (product) => product.brand,
    },
    {
      header: columns.price,
      headerClassName: 'text-right',
      className: 'tabular-nums @2xl:text-right',
      cell: (product) => formatPrice(product.price),
    },
    {
      header: columns.stock,
      headerClassName: 'text-right',
      className: 'tabular-nums @2xl:text-right',
      cell: (product) => (
        <span>
          {product.quantity}
          {isOutOfStock(product) && <span className="ml-2 text-sm font-semibold text-red-700">{copy.outOfStock}</span>}
          {(waiting?.get(product._id) ?? 0) > 0 && (
            <span className="ml-2 text-sm" data-testid="stock-alerts-waiting">
              {copy.waiting(waiting!.get(product._id)!)}
            </span>
          )}
        </span>
      ),
    },
    {
      header: columns.minimum,
      hideBelow: '5xl',
      headerClassName: 'text-right',
      className: 'tabular-nums @2xl:text-right',
      cell: (product) => product.minimum,
    },
    {
      header: columns.actions,
      cell: (product) => (
        <div className="flex flex-wrap gap-2 @2xl:flex-nowrap">
          <Link to={paths.dashboard.updateProduct.getHref(product._id)} className="btn btn-primary btn-sm">
            {copy.update} <span className="sr-only">{product.name}</span>
          </Link>
          {onDelete && (
            <BusyButton className={DANGER_OUTLINE} busy={deletingId === product._id} onClick={() => onDelete(product)}>
              {copy.delete} <span className="sr-only">{product.name}</span>
            </BusyButton>
          )}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.index}
      firstIndex={firstIndex}
      columns={tableColumns}
      rows={products}
      rowKey={(product) => product._id}
      busyKey={deletingId}
      fitsFrom="2xl"
      oneLine
    />
  );
}
