import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from '../src/modules/withdrawals/index.js';

/** The withdrawal address check (modules/chains validateAddress) on the chains players withdraw to. */
const segwit = (hrp: string, version: number, bytes: number) => {
  const coder = version === 0 ? bech32 : bech32m;
  return coder.encode(hrp, [version, ...coder.toWords(new Uint8Array(bytes).fill(7))]);
};

describe('withdrawal address check', () => {
  it.each([
    ['eth', '0x52908400098527886e0f7030069857d2e4169ee7', true],
    ['eth', '0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['bsc', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', false], // bad EIP-55 checksum
    ['eth', '0x52908400098527886e0f7030069857d2e4169ee', false],
    ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['btc', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', true],
    ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', false], // checksum
    ['btc', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true], // taproot
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', false],
    ['btc', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', false], // a dogecoin address
    ['ltc', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz', true],
    ['ltc', segwit('ltc', 0, 20), true],
    ['ltc', segwit('bc', 0, 20), false],
    ['btc', segwit('bc', 0, 32), true],
    ['btc', segwit('bc', 0, 25), false], // v0 programs are 20 or 32 bytes
    ['doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', true],
    ['doge', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', false],
    ['trx', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    ['trx', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', false],
    ['sol', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', true],
    ['sol', 'So11111111111111111111111111111111111111112', true],
    ['sol', '0OIl1111111111111111111111111111111111111112', false],
    ['sol', 'abcd', false],
  ])('%s %s -> %s', (chain, address, ok) => {
    expect(isValidAddress(chain, address)).toBe(ok);
  });

  it('refuses chains it does not know', () => {
    expect(isValidAddress('xyz', 'addr-123')).toBe(false);
  });
});
