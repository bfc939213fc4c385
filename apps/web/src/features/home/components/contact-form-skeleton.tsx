const FIELD_ROWS = 4;

/** Holds the contact form's place while its script loads. */
export function ContactFormSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-1 gap-5 md:grid-cols-2">
      {Array.from({ length: FIELD_ROWS }, (_, index) => (
        <div key={index} className="flex flex-col gap-1.5">
          <div className="skeleton h-6 w-24" />
          <div className="skeleton h-10 w-full" />
        </div>
      ))}
      <div className="flex flex-col gap-1.5 md:col-span-2">
        <div className="skeleton h-6 w-24" />
        <div className="skeleton h-32 w-full" />
      </div>
      <div className="skeleton h-10 w-full sm:w-40 md:col-span-2" />
    </div>
  );
}
