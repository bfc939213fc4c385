/**
 * The carriers whose public tracking page takes the tracking number in its address, each with the
 * names a shop types for it. A carrier not listed here has its number shown as text.
 */
const CARRIERS = [
  { name: 'DHL', aliases: ['dhl', 'dhlexpress', 'dhlparcel'], url: 'https://www.dhl.com/global-en/home/tracking.html?submit=1&tracking-id={number}' },
  { name: 'UPS', aliases: ['ups', 'unitedparcelservice'], url: 'https://www.ups.com/track?tracknum={number}' },
  { name: 'FedEx', aliases: ['fedex', 'federalexpress'], url: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { name: 'USPS', aliases: ['usps', 'unitedstatespostalservice'], url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  { name: 'Royal Mail', aliases: ['royalmail'], url: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
  { name: 'Parcelforce', aliases: ['parcelforce', 'parcelforceworldwide'], url: 'https://www.parcelforce.com/track-trace?trackNumber={number}' },
  { name: 'DPD', aliases: ['dpd'], url: 'https://tracking.dpd.de/status/en_US/parcel/{number}' },
  { name: 'GLS', aliases: ['gls'], url: 'https://gls-group.com/GROUP/en/parcel-tracking?match={number}' },
  { name: 'Evri', aliases: ['evri', 'hermes'], url: 'https://www.evri.com/track/parcel/{number}' },
  { name: 'Canada Post', aliases: ['canadapost'], url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}' },
  { name: 'Australia Post', aliases: ['australiapost', 'auspost'], url: 'https://auspost.com.au/mypost/track/details/{number}' },
] as const;

/** 'Royal Mail', 'royal-mail' and 'ROYALMAIL' name the same carrier. */
const keyOf = (carrier: string) => carrier.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The carrier's tracking page for this parcel, when the carrier is known and a number was given;
 * null otherwise. Spaces only group a number's digits for reading, so they are left out.
 */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.replace(/\s+/g, '') ?? '';
  if (!carrier || number === '') return null;
  const key = keyOf(carrier);
  const known = CARRIERS.find((entry) => (entry.aliases as readonly string[]).includes(key));
  return known ? known.url.replace('{number}', encodeURIComponent(number)) : null;
}
