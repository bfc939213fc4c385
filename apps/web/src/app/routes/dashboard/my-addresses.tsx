import { MyAddressesPage } from '@/features/addresses/components/my-addresses-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/addresses: customers only. */
export function MyAddressesRoute() {
  return (
    <Authorization allow="user">
      <MyAddressesPage />
    </Authorization>
  );
}
