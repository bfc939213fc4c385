import { describe, expect, it } from 'vitest';
import { trackingUrl } from './carriers.js';

describe('trackingUrl', () => {
  it('links a known carrier, however it is written, with the number encoded', () => {
    expect(trackingUrl('DHL', 'JD0146 0000 1234')).toBe('https://www.dhl.com/global-en/home/tracking.html?submit=1&tracking-id=JD014600001234');
    expect(trackingUrl('royal-mail', 'AB-123')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB-123');
    expect(trackingUrl(' FedEx ', '7489')).toBe('https://www.fedex.com/fedextrack/?trknbr=7489');
    expect(trackingUrl('ups', 'a&b=c')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc');
  });

  it('gives no link for an unknown carrier, no carrier or no number', () => {
    expect(trackingUrl('Bob’s Vans', '123')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
    expect(trackingUrl('DHL', '  ')).toBeNull();
  });
});
