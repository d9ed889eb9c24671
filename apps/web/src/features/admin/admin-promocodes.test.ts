import { describe, expect, it } from 'vitest';
import { createRequest } from './admin-promocodes';

const base = {
  code: ' SUMMER25 ',
  description: ' Summer ',
  type: 'real' as const,
  currency: 'usdt',
  value: ' 2.5 ',
  tickets: '3',
  multiplier: '10',
  bonusExpiryDays: '30',
  maxUses: '',
  expiresAt: '',
  vipLevel: '0',
  affiliation: 'any' as const,
  privateTo: '',
  owner: '',
  public: true,
};

describe('the create form’s request', () => {
  it('sends a tickets code’s ticket count and no money value', () => {
    const request = createRequest({ ...base, type: 'tickets', tickets: '5' });
    expect(request).toMatchObject({ type: 'tickets', tickets: 5, value: '0' });
    expect(request).not.toHaveProperty('multiplier');
  });

  it('trims, leaves the bonus terms out of a real-money code and empty limits as none', () => {
    expect(createRequest(base)).toEqual({
      code: 'SUMMER25',
      description: 'Summer',
      type: 'real',
      currency: 'usdt',
      value: '2.5',
      maxUses: null,
      expiresAt: null,
      vipLevel: 0,
      affiliation: 'any',
      privateTo: [],
      owner: null,
      public: true,
    });
  });

  it('sends a bonus code’s wagering and expiry, the private players and the owner', () => {
    const request = createRequest({
      ...base,
      type: 'bonus',
      multiplier: '20',
      bonusExpiryDays: '7',
      maxUses: '100',
      vipLevel: '3',
      privateTo: 'alice, bob ,,',
      owner: ' carol ',
      expiresAt: '2030-01-02T03:04',
    });
    expect(request).toMatchObject({
      type: 'bonus',
      multiplier: 20,
      bonusExpiryDays: 7,
      maxUses: 100,
      vipLevel: 3,
      privateTo: ['alice', 'bob'],
      owner: 'carol',
    });
    expect(request.expiresAt).toBe(new Date('2030-01-02T03:04').toISOString());
  });
});
