import { InfoPage } from '@/features/shop-info/components/info-page';

export const AboutRoute = () => <InfoPage page="about" />;
export const WarrantyRoute = () => <InfoPage page="warranty" />;
export const ReturnsRoute = () => <InfoPage page="returns" />;
export const PrivacyRoute = () => <InfoPage page="privacy" />;
export const TermsRoute = () => <InfoPage page="terms" />;
