/** Takes the room a product card takes, so the page does not move when products arrive. */
export function ProductCardSkeleton() {
  return (
    <div className="card h-full border border-base-300 bg-base-100 shadow-sm" aria-hidden="true">
      <div className="skeleton aspect-[4/3] w-full rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-7 w-2/3" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="skeleton h-8 w-1/3" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton mt-auto h-12 w-full" />
      </div>
    </div>
  );
}
