import { GaragePage } from '@/features/garage/components/garage-page';

/** /garage: My Garage. */
export function GarageRoute() {
  return <GaragePage />;
}
