import { useParams } from 'react-router';
import { PartPage } from '@/features/parts/components/part-page';
import { NotFoundPage } from '../layout/not-found-page';

/** /parts/{id}: public; an unknown part shows the shop's not-found page. */
export function PartRoute() {
  const { id = '' } = useParams();
  return <PartPage key={id} productId={id} notFound={<NotFoundPage />} />;
}
