/** The Rakeback dialog's texts (keys under `rakebackUi.`), English and German. Spec 2 section 8 texts are exact. */
import { addTranslations } from '../../lib/i18n';

export const rakebackUiEn = {
  title: 'Rakeback',
  rate: 'Your rakeback',
  rateValue: '{{percent}}% of the house edge',
  level: 'VIP level {{level}}',
  available: 'Available to collect',
  none: 'Nothing has accrued yet. Every real-money bet adds a share of the house edge here.',
  claim: 'Claim',
  claimed: 'Available cashback is claimed successfully',
  cooldown: 'You can collect cashback after 4 hours',
  nextClaim: 'Next claim {{time}}',
  readyNow: 'Ready to claim',
  settles: 'Unclaimed rakeback is settled daily at 0:00 UTC (next in {{time}}).',
  how: 'How it works',
  howText:
    'Each real-money bet returns stake × house edge (or the sportsbook margin) × your level’s rate. Claim it once every 4 hours.',
  levels: 'Rates by level',
  failed: 'Something went wrong, Please try again.',
  inHours: '{{h}} h {{m}} min',
  inMinutes: '{{m}} min',
};

const rakebackUiDe: typeof rakebackUiEn = {
  title: 'Rakeback',
  rate: 'Dein Rakeback',
  rateValue: '{{percent}} % des Hausvorteils',
  level: 'VIP-Level {{level}}',
  available: 'Zum Abholen verfügbar',
  none: 'Noch nichts angesammelt. Jede Echtgeld-Wette fügt hier einen Anteil am Hausvorteil hinzu.',
  claim: 'Abholen',
  claimed: 'Available cashback is claimed successfully',
  cooldown: 'You can collect cashback after 4 hours',
  nextClaim: 'Nächstes Abholen {{time}}',
  readyNow: 'Bereit zum Abholen',
  settles: 'Nicht abgeholtes Rakeback wird täglich um 0:00 UTC ausgezahlt (nächste in {{time}}).',
  how: 'So funktioniert es',
  howText:
    'Jede Echtgeld-Wette bringt Einsatz × Hausvorteil (oder Sportwetten-Marge) × die Rate deines Levels. Abholen alle 4 Stunden.',
  levels: 'Raten nach Level',
  failed: 'Something went wrong, Please try again.',
  inHours: '{{h}} Std. {{m}} Min.',
  inMinutes: '{{m}} Min.',
};

addTranslations('en', { rakebackUi: rakebackUiEn });
addTranslations('de', { rakebackUi: rakebackUiDe });
