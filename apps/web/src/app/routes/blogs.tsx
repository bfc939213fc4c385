import { BlogsPlaceholder } from '@/features/blogs/components/blogs-placeholder';
import { blogsCopy } from '@/features/blogs/copy';

export function BlogsRoute() {
  return (
    <>
      <title>{blogsCopy.documentTitle}</title>
      <BlogsPlaceholder />
    </>
  );
}
