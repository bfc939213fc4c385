import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../constants.js';
import { addressInputSchema, addressToDelivery, deliveryToAddress, type AddressInput } from './address.js';
import { deliverySchema } from './order.js';

const HOME: AddressInput = {
  fullName: '  Ada Rider ',
  line1: '1 Market Street',
  line2: 'Unit 4',
  city: 'San Francisco',
  region: 'ca',
  postcode: ' 94105 ',
  country: 'us',
  phone: '+1 415 555 0100',
};

const messages = (input: unknown) => {
  const result = addressInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a saved address', () => {
  it('is trimmed, its codes upper case, its region kept where the country has regions', () => {
    expect(addressInputSchema.parse(HOME)).toEqual({
      fullName: 'Ada Rider',
      line1: '1 Market Street',
      line2: 'Unit 4',
      city: 'San Francisco',
      region: 'CA',
      postcode: '94105',
      country: 'US',
      phone: '+1 415 555 0100',
    });
  });

  it('needs no line 2, city or region where the country has none, and drops a region sent for one', () => {
    const small = addressInputSchema.parse({ fullName: 'Mo', line1: '5 Rue Grimaldi', postcode: '98000', country: 'MC', phone: '+377 93 15 00 00', region: 'CA' });
    expect(small).toMatchObject({ line2: '', city: '', region: null, country: 'MC' });
  });

  it('asks for every required field under its own name, a region beside them', () => {
    expect(messages({ country: 'US' })).toEqual({
      fullName: 'Full name is Required',
      line1: 'Address line 1 is Required',
      postcode: 'Postcode is Required',
      phone: 'Phone is Required',
      region: 'Please choose a region',
    });
    expect(messages({ fullName: 'Ada', line1: '1 Market Street', line2: '', city: '', region: '', postcode: '', country: 'US', phone: '+1 415 555 0100' })).toEqual({
      postcode: 'Postcode is Required',
      region: 'Please choose a region',
    });
    expect(messages({ ...HOME, region: 'XX' })).toEqual({ region: 'Please choose a region' });
    expect(messages({ ...HOME, region: '' })).toEqual({ region: 'Please choose a region' });
  });

  it.each(['9'.repeat(200), '<b>1</b>', '94105;', ' -94105', '12345678901234567'])('refuses the postcode %j', (postcode) => {
    expect(messages({ ...HOME, postcode })).toEqual({ postcode: 'Please enter a valid postcode' });
  });

  it('refuses a country that is not ISO, a line on two lines, and control characters', () => {
    expect(messages({ ...HOME, country: 'XX' })).toEqual({ country: 'Please choose a country' });
    expect(messages({ ...HOME, line2: 'Unit 4\nBack door' })).toEqual({ line2: 'Must be on one line' });
    expect(messages({ ...HOME, fullName: 'Ada\u0007' })).toEqual({ fullName: 'Contains characters that are not allowed' });
    expect(messages({ ...HOME, city: 'x'.repeat(101) })).toEqual({ city: 'Must be at most 100 characters' });
  });

  it('keeps its lines and city within one Location, so a delivery made of it is one the shop takes', () => {
    expect(messages({ ...HOME, line1: 'x'.repeat(TEXT_LIMITS.location), line2: 'Unit 4' })).toEqual({
      line1: `Address lines and city can be at most ${TEXT_LIMITS.location} characters together`,
    });
    const longest = addressInputSchema.parse({ ...HOME, line1: 'x'.repeat(TEXT_LIMITS.location - 20), line2: 'y'.repeat(8), city: 'z'.repeat(8) });
    const delivery = addressToDelivery({ ...longest, region: longest.region });
    expect(delivery.location).toHaveLength(TEXT_LIMITS.location);
    expect(deliverySchema.safeParse(delivery).success).toBe(true);
  });
});

describe('a delivery and a saved address', () => {
  it('joins the lines and city into the Location, skipping empty ones', () => {
    const saved = { _id: 'a'.repeat(24), fullName: 'Ada', line1: '1 Market Street', line2: '', city: 'San Francisco', region: 'CA', postcode: '94105', country: 'US', phone: '+1 415 555 0100', isDefault: true };
    expect(addressToDelivery(saved)).toEqual({ location: '1 Market Street, San Francisco', phone: '+1 415 555 0100', postcode: '94105', region: 'CA', country: 'US' });
    expect(addressToDelivery({ ...saved, city: '', region: null, country: 'MC' })).toMatchObject({ location: '1 Market Street', region: '' });
  });

  it("saves a typed Location as line 1 on one line, under the buyer's name", () => {
    const input = deliveryToAddress({ location: '12 Harbour Road\n Flat 2 \n', phone: '+44 113 496 0000', postcode: 'LS1 4AP', region: '', country: 'GB' }, 'Ada Rider');
    expect(addressInputSchema.parse(input)).toEqual({ fullName: 'Ada Rider', line1: '12 Harbour Road, Flat 2', line2: '', city: '', region: null, postcode: 'LS1 4AP', country: 'GB', phone: '+44 113 496 0000' });
  });
});
