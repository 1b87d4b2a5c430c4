import { VendorApplicationPage } from '../../features/vendors/components/vendor-application-page';

export function VendorApplyRoute() {
  return <VendorApplicationPage />;
}
