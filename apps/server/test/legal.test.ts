import type { ResponseOf, legalDocumentsEndpoint } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../src/modules/legal/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The Terms dialog's texts (spec 2 section 1, issue G5 item 5): `GET /api/legal/documents` serves the
 * user agreement, privacy policy and FAQ from the `legal.*` settings with the placeholders filled
 * (licence, operator, jurisdiction), states the six legal facts by default, refuses bad input and bad
 * settings with a typed 4xx. The withdrawal-cancel switch of `legal.jurisdiction` is in
 * withdrawals-cancel-switch.test.ts.
 */
type Documents = ResponseOf<typeof legalDocumentsEndpoint>;

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  // No settings cache: each read sees the table, so the test needs no waiting for a staleness bound.
  t = await startTestServer({ SETTINGS_CACHE_MS: '0' });
  admin = await createUser(t.server.database, { roles: ['*'] });
});
afterAll(async () => {
  await t?.close();
});

const documents = (query = '') => t.app.inject({ method: 'GET', url: `/api/legal/documents${query}` });

async function read(query = ''): Promise<Documents> {
  const res = await documents(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Documents;
}

/** Every text of a document, one string (titles, intro, sections, list items). */
function textOf(doc: Documents['documents']['terms']): string {
  const blocks = (list: Documents['documents']['terms']['intro']) =>
    list.map((b) => (typeof b === 'string' ? b : b.list.join('\n'))).join('\n');
  return [doc.title, blocks(doc.intro), ...doc.sections.map((s) => `${s.title}\n${blocks(s.blocks)}`)].join(
    '\n',
  );
}

const staffUpdate = (key: string, value: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/settings/update',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { key, value },
  });

describe('GET /api/legal/documents', () => {
  it('serves the three documents to a guest, cacheable, with every placeholder filled', async () => {
    const res = await documents();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json() as Documents;
    expect(Object.keys(body.documents)).toEqual(['terms', 'privacy', 'faq']);
    for (const doc of Object.values(body.documents)) {
      expect(doc.lang).toBe('en');
      expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.sections.length).toBeGreaterThan(5);
      expect(textOf(doc)).not.toMatch(/\{\{|\}\}/);
    }
    expect(body.documents.terms.title).toBe('User Agreement');
    expect(body.documents.privacy.title).toBe('Privacy Policy');
    expect(body.documents.faq.title).toBe('FAQ');
    expect(body.playerCancelsWithdrawals).toBe(true);
  });

  it('states the six legal facts of spec 2 section 1 in the user agreement', async () => {
    const { documents: d } = await read();
    const terms = textOf(d.terms);
    expect(terms).toContain('at least 18 years old, or of the age of majority in your country');
    expect(terms).toMatch(/Restricted countries/);
    // The default restricted countries, named in English and listed.
    expect(terms).toContain('United States');
    expect(terms).toContain('United Kingdom');
    expect(terms).toContain('Only one bonus per person is allowed.');
    expect(terms).toContain('limited to 100 EUR (one hundred euros)');
    expect(terms).toContain('ten (10) years after you stop being our customer');
    expect(terms).toContain('at least three (3) network confirmations');
    // The privacy policy and the FAQ repeat the retention, the age, the bonus and the confirmations.
    expect(textOf(d.privacy)).toContain('ten (10) years after you stop being our customer');
    const faq = textOf(d.faq);
    for (const fact of [
      '18 years old',
      'restricted',
      'one bonus per person',
      '100 EUR',
      'ten (10) years',
      'three (3)',
    ])
      expect(faq).toContain(fact);
  });

  it('fills the operator, jurisdiction and contacts from the settings and the licence', async () => {
    await putSetting(t, 'license', { siteName: 'Orbit' });
    await putSetting(t, 'legal.operator', {
      company: 'Orbit Gaming N.V.',
      supportEmail: 'help@orbit.example',
      privacyEmail: 'dpo@orbit.example',
    });
    await putSetting(t, 'legal.jurisdiction', {
      country: 'Malta',
      authority: 'the Malta Gaming Authority',
      licence: 'licensed by the Malta Gaming Authority under licence MGA/B2C/123/2020',
      restrictedCountries: ['de', 'US'],
    });
    try {
      const { documents: d } = await read();
      const terms = textOf(d.terms);
      expect(terms).toContain(
        'The Website is operated by Orbit Gaming N.V., incorporated in Malta and licensed by the Malta Gaming Authority under licence MGA/B2C/123/2020.',
      );
      expect(terms).toContain(
        'form a binding agreement between you and Orbit Gaming N.V. (“Orbit”, “we”, “us”)',
      );
      expect(terms).toContain('deposit or play: Germany and United States.');
      expect(terms).toContain('at help@orbit.example');
      expect(terms).toContain('refer it to the Malta Gaming Authority');
      expect(textOf(d.privacy)).toContain('our data protection officer at dpo@orbit.example');
      expect(d.faq.sections[0]?.title).toBe('Who can play on Orbit?');
    } finally {
      await putSetting(t, 'license', {});
      await putSetting(t, 'legal.operator', { company: null, supportEmail: null, privacyEmail: null });
      await putSetting(t, 'legal.jurisdiction', {});
    }
    // Back to the defaults: the site's name stands for the operator, the live support for the contact.
    const terms = textOf((await read()).documents.terms);
    expect(terms).toContain('between you and Nebula (“Nebula”, “we”, “us”)');
    expect(terms).toContain('through the live support on the Website');
  });

  it('serves a document in the language asked for when the operator wrote one, else in English', async () => {
    const de = {
      ...DEFAULT_DOCUMENTS,
      de: {
        terms: {
          title: 'Nutzungsvereinbarung',
          updated: '2026-11-01',
          sections: [
            {
              id: 'laender',
              title: 'Gesperrte Länder',
              blocks: ['Nicht zugelassen: {{restrictedCountries}}.', { list: ['{{withdrawalCancel}}'] }],
            },
          ],
        },
      },
    };
    await putSetting(t, 'legal.documents', de);
    await putSetting(t, 'legal.jurisdiction', { restrictedCountries: ['DE', 'FR'] });
    try {
      const { documents: d } = await read('?lang=de');
      expect(d.terms.lang).toBe('de');
      expect(d.terms.title).toBe('Nutzungsvereinbarung');
      expect(d.terms.intro).toEqual([]);
      // Country names and the server's sentences in the document's language.
      expect(d.terms.sections[0]?.blocks[0]).toBe('Nicht zugelassen: Deutschland und Frankreich.');
      expect(d.terms.sections[0]?.blocks[1]).toEqual({
        list: [expect.stringContaining('kannst du sie im Verlauf deiner Wallet stornieren')],
      });
      // No German privacy policy: the English one, with English names.
      expect(d.privacy.lang).toBe('en');
      expect(d.privacy.title).toBe('Privacy Policy');
      // English readers keep the English texts.
      expect((await read('?lang=en')).documents.terms.title).toBe('User Agreement');
      // A language nobody wrote: English.
      expect((await read('?lang=fr')).documents.terms.lang).toBe('en');
    } finally {
      await putSetting(t, 'legal.documents', DEFAULT_DOCUMENTS);
      await putSetting(t, 'legal.jurisdiction', {});
    }
  });

  it('falls back to the default English texts when the operator removed English', async () => {
    await putSetting(t, 'legal.documents', {});
    try {
      const { documents: d } = await read('?lang=de');
      expect(d.terms.title).toBe('User Agreement');
      expect(d.faq.lang).toBe('en');
    } finally {
      await putSetting(t, 'legal.documents', DEFAULT_DOCUMENTS);
    }
  });

  it('refuses a malformed language or an unknown query field with a 422 {code, message}', async () => {
    for (const query of ['?lang=english', '?lang=E1', '?lang=', '?other=1']) {
      const res = await documents(query);
      expect(res.statusCode, query).toBe(422);
      const body = res.json() as { code: string; message: string };
      expect(body.code).toBe('validation_failed');
      expect(typeof body.message).toBe('string');
    }
  });
});

describe('the legal settings', () => {
  it('are listed for staff with their defaults', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {},
    });
    const entries = (res.json() as { settings: { key: string; owner: string; default: unknown }[] }).settings;
    const legal = entries.filter((e) => e.owner === 'legal').map((e) => e.key);
    expect(legal.sort()).toEqual(['legal.documents', 'legal.jurisdiction', 'legal.operator']);
    const documents = entries.find((e) => e.key === 'legal.documents');
    expect(documents?.default).toEqual(JSON.parse(JSON.stringify(DEFAULT_DOCUMENTS)));
  });

  it('refuse bad values with 422 invalid_setting and write nothing', async () => {
    const unknownPlaceholder = {
      en: { terms: { ...DEFAULT_DOCUMENTS.en.terms, intro: ['Hello {{playerName}}'] } },
    };
    const badSection = {
      en: {
        faq: { ...DEFAULT_DOCUMENTS.en.faq, sections: [{ id: 'Not An Id', title: 'Q', blocks: ['A'] }] },
      },
    };
    const duplicateIds = {
      en: {
        faq: {
          ...DEFAULT_DOCUMENTS.en.faq,
          sections: [
            { id: 'a', title: 'Q', blocks: ['A'] },
            { id: 'a', title: 'Q2', blocks: ['B'] },
          ],
        },
      },
    };
    const cases: [string, unknown][] = [
      ['legal.documents', unknownPlaceholder],
      ['legal.documents', badSection],
      ['legal.documents', duplicateIds],
      ['legal.documents', { english: DEFAULT_DOCUMENTS.en }],
      ['legal.documents', { en: { rules: DEFAULT_DOCUMENTS.en.terms } }],
      ['legal.documents', { en: { terms: { ...DEFAULT_DOCUMENTS.en.terms, updated: 'yesterday' } } }],
      ['legal.jurisdiction', { restrictedCountries: ['ZZ'] }],
      ['legal.jurisdiction', { reverseWithdrawals: 'no' }],
      ['legal.jurisdiction', { country: '' }],
      ['legal.operator', { supportEmail: 'not an email' }],
      ['legal.operator', { company: 'x'.repeat(201) }],
    ];
    const storedNow = () =>
      t.server.database.query(`select key, value from settings where key like 'legal.%' order by key`);
    const before = await storedNow();
    for (const [key, value] of cases) {
      const res = await staffUpdate(key, value);
      expect(res.statusCode, `${key} ${JSON.stringify(value).slice(0, 80)}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_setting', message: expect.any(String) });
    }
    const placeholder = await staffUpdate('legal.documents', unknownPlaceholder);
    expect(placeholder.json().message).toContain('{{playerName}}');
    expect(await storedNow()).toEqual(before);
  });

  it('a staff change reaches the endpoint at once (audited like every setting)', async () => {
    const res = await staffUpdate('legal.operator', {
      company: 'Nebula Entertainment N.V.',
      supportEmail: null,
      privacyEmail: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      expect(textOf((await read()).documents.terms)).toContain('operated by Nebula Entertainment N.V.,');
      const audit = await t.server.database.query<{ action: string }>(
        `select action from staff_audit_log where target_id = 'legal.operator'`,
      );
      expect(audit.map((r) => r.action)).toEqual(['settings.update']);
    } finally {
      await putSetting(t, 'legal.operator', { company: null, supportEmail: null, privacyEmail: null });
    }
  });
});
