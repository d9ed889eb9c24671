import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { hmacSha256Bytes, sha256Hex } from './index.js';

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes text as UTF-8 and accepts raw bytes', () => {
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(sha256Hex('abc'));
    expect(sha256Hex('é')).toBe(sha256Hex(new Uint8Array([0xc3, 0xa9])));
  });
});

describe('hmacSha256Bytes', () => {
  it('matches RFC 4231 test case 2 (text key and message)', () => {
    const mac = hmacSha256Bytes('Jefe', 'what do ya want for nothing?');
    expect(mac).toHaveLength(32);
    expect(bytesToHex(mac)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('matches RFC 4231 test case 1 (byte key)', () => {
    const key = hexToBytes('0b'.repeat(20));
    expect(bytesToHex(hmacSha256Bytes(key, 'Hi There'))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
  });

  it('matches RFC 4231 test case 6 (key longer than the block size)', () => {
    const key = hexToBytes('aa'.repeat(131));
    const message = 'Test Using Larger Than Block-Size Key - Hash Key First';
    expect(bytesToHex(hmacSha256Bytes(key, message))).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });
});
