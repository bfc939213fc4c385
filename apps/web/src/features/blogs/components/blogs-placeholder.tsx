import { blogsCopy as copy } from '../copy';

/** SPEC section 2: the blog is not written yet; the page says only this. */
export function BlogsPlaceholder() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-16">
      <h1 className="text-4xl font-bold sm:text-5xl">{copy.placeholder}</h1>
    </div>
  );
}
