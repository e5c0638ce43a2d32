import { describe, expect, it } from 'vitest';
import {
  canonicalPhone,
  mobileMoneyPhoneSchema,
  mobileOperatorOf,
  nationalPhoneDigits,
} from './payment';
import { lookupPhoneSchema } from './receipt';

const WRITINGS = [
  '670123456',
  '237670123456',
  '+237670123456',
  '00237670123456',
  '+237 670 12 34 56',
  '00237 670 123 456',
  '670-12-34-56',
  '(670) 123 456',
  '+237 6.70.12.34.56',
  '(+237) 670-123-456',
  ' 670 123 456 ',
];

describe('one phone normalisation for checkout and My Receipts', () => {
  it.each(WRITINGS)('%s is 237670123456 everywhere', (written) => {
    expect(nationalPhoneDigits(written)).toBe('670123456');
    expect(canonicalPhone(written)).toBe('237670123456');
    expect(mobileMoneyPhoneSchema.parse(written)).toBe('237670123456');
    expect(lookupPhoneSchema.parse(written)).toBe('237670123456');
  });

  it.each([
    '67012345',
    '2376701234567',
    '0033612345678',
    '670l23456',
    'tel 670123456',
    '',
    '-677000111',
    '+-677000111',
    '- 677 000 111',
    '677+000111',
  ])('%s is not a Cameroon number', (written) => {
    expect(canonicalPhone(written)).toBeNull();
    expect(lookupPhoneSchema.safeParse(written).success).toBe(false);
  });

  it('pays only MTN and Orange prefixes; lookup takes any Cameroon number', () => {
    expect(mobileOperatorOf('670123456')).toBe('MTN');
    expect(mobileOperatorOf('655123456')).toBe('ORANGE');
    expect(mobileOperatorOf('661234567')).toBeNull();
    expect(mobileMoneyPhoneSchema.safeParse('+237 661 23 45 67').success).toBe(false);
    expect(lookupPhoneSchema.parse('+237 661 23 45 67')).toBe('237661234567');
  });
});
