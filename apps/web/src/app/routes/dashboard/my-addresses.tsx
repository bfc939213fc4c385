import { MyAddressesPage } from '@/features/addresses/components/my-addresses-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/addresses: customers and staff (their own). */
export function MyAddressesRoute() {
  return (
    <Authorization allow={dashboardAccess.myAddresses}>
      <MyAddressesPage />
    </Authorization>
  );
}
