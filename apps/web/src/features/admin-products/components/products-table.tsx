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

export interface ProductsTableProps extends DeletableRowsProps<Product> {
  products: readonly Product[];
  /** How many customers wait to hear that each part is back in stock ('Notify me'), by part. */
  waiting?: ReadonlyMap<string, number> | undefined;
}

/** SPEC's Manage Products table: each product with an 'Update Product' link and Delete; a card per product on phones. */
export function ProductsTable({ products, firstIndex = 1, onDelete, deletingId = null, waiting }: ProductsTableProps) {
  const tableColumns: DataTableColumn<Product>[] = [
    {
      header: columns.image,
      // The name is in the next cell; the thumbnail only helps the eye.
      cell: (product) => <Thumbnail src={product.img} size={48} renditions />,
    },
    { header: columns.name, className: 'font-medium @3xl:max-w-64 @3xl:min-w-48', cell: (product) => product.name },
    {
      header: columns.price,
      headerClassName: 'text-right',
      className: 'tabular-nums @3xl:text-right',
      cell: (product) => formatPrice(product.price),
    },
    {
      header: columns.stock,
      headerClassName: 'text-right',
      className: 'tabular-nums @3xl:text-right',
      cell: (product) => (
        <span>
          {product.quantity}
          {isOutOfStock(product) && <span className="ml-2 text-sm font-semibold whitespace-nowrap text-red-700">{copy.outOfStock}</span>}
          {(waiting?.get(product._id) ?? 0) > 0 && (
            <span className="ml-2 text-sm whitespace-nowrap" data-testid="stock-alerts-waiting">
              {copy.waiting(waiting!.get(product._id)!)}
            </span>
          )}
        </span>
      ),
    },
    {
      header: columns.minimum,
      headerClassName: 'text-right',
      className: 'tabular-nums @3xl:text-right',
      cell: (product) => product.minimum,
    },
    {
      header: columns.actions,
      cell: (product) => (
        <div className="flex flex-wrap gap-2 @3xl:flex-nowrap">
          <Link to={paths.dashboard.updateProduct.getHref(product._id)} className="btn btn-primary btn-sm whitespace-nowrap">
            {copy.update} <span className="sr-only">{product.name}</span>
          </Link>
          <BusyButton className={DANGER_OUTLINE} busy={deletingId === product._id} onClick={() => onDelete(product)}>
            {copy.delete} <span className="sr-only">{product.name}</span>
          </BusyButton>
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
      fitsFrom="3xl"
    />
  );
}
