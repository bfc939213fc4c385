import type { Migration } from 'kysely';
import * as m001 from './001-catalogue.js';
import * as m002 from './002-rate-limits.js';
import * as m003 from './003-identity.js';
import * as m004 from './004-payments.js';
import * as m005 from './005-order-mail-outbox.js';
import * as m006 from './006-catalogue-positions.js';
import * as m007 from './007-image-uploads.js';
import * as m008 from './008-unpaid-holds.js';
import * as m009 from './009-cancellation-emails.js';
import * as m010 from './010-order-numbers.js';
import * as m011 from './011-contact-inbox.js';
import * as m012 from './012-catalogue-details.js';
import * as m013 from './013-catalogue-changes.js';
import * as m014 from './014-part-reviews.js';
import * as m015 from './015-fitment.js';
import * as m016 from './016-fitment-changes.js';
import * as m017 from './017-carts.js';
import * as m018 from './018-checkouts.js';
import * as m019 from './019-refunds-and-tracking.js';
import * as m020 from './020-stock-alerts.js';
import * as m021 from './021-sales.js';
import * as m022 from './022-order-status-days.js';
import * as m023 from './023-refund-failures.js';
import * as m024 from './024-address-holds-and-held-mail.js';
import * as m025 from './025-catalogue-change-transactions.js';
import * as m026 from './026-purchases.js';
import * as m027 from './027-product-images.js';
import * as m028 from './028-drop-duplicate-status-index.js';
import * as m029 from './029-shop-settings-and-tax-rates.js';
import * as m030 from './030-shipping-methods.js';
import * as m031 from './031-saved-addresses.js';
import * as m032 from './032-discount-codes.js';
import * as m033 from './033-purchase-amounts.js';
import * as m034 from './034-sales-net-of-tax.js';
import * as m035 from './035-purchase-delivery-days.js';
import * as m036 from './036-invoices.js';
import * as m037 from './037-refund-ledger.js';
import * as m038 from './038-returns.js';
import * as m039 from './039-service-kits.js';
import * as m040 from './040-garage-odometer.js';
import * as m041 from './041-service-reminders.js';
import * as m042 from './042-products-category-price-index.js';
import * as m043 from './043-workshop-prices.js';
import * as m044 from './044-staff-activity-stock-history.js';

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '001-catalogue': m001,
  '002-rate-limits': m002,
  '003-identity': m003,
  '004-payments': m004,
  '005-order-mail-outbox': m005,
  '006-catalogue-positions': m006,
  '007-image-uploads': m007,
  '008-unpaid-holds': m008,
  '009-cancellation-emails': m009,
  '010-order-numbers': m010,
  '011-contact-inbox': m011,
  '012-catalogue-details': m012,
  '013-catalogue-changes': m013,
  '014-part-reviews': m014,
  '015-fitment': m015,
  '016-fitment-changes': m016,
  '017-carts': m017,
  '018-checkouts': m018,
  '019-refunds-and-tracking': m019,
  '020-stock-alerts': m020,
  '021-sales': m021,
  '022-order-status-days': m022,
  '023-refund-failures': m023,
  '024-address-holds-and-held-mail': m024,
  '025-catalogue-change-transactions': m025,
  '026-purchases': m026,
  '027-product-images': m027,
  '028-drop-duplicate-status-index': m028,
  '029-shop-settings-and-tax-rates': m029,
  '030-shipping-methods': m030,
  '031-saved-addresses': m031,
  '032-discount-codes': m032,
  '033-purchase-amounts': m033,
  '034-sales-net-of-tax': m034,
  '035-purchase-delivery-days': m035,
  '036-invoices': m036,
  '037-refund-ledger': m037,
  '038-returns': m038,
  '039-service-kits': m039,
  '040-garage-odometer': m040,
  '041-service-reminders': m041,
  '042-products-category-price-index': m042,
  '043-workshop-prices': m043,
  '044-staff-activity-stock-history': m044,
};
