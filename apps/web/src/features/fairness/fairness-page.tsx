import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Hash, Info, KeyRound, ShieldCheck } from 'lucide-react';
import { Button, PageFrame, Tabs } from '../../ui';
import { parseVerify } from './parse-verify';

const GAMES = [
  'dice',
  'limbo',
  'plinko',
  'keno',
  'mines',
  'wheel',
  'crash',
  'hilo',
  'blackjack',
  'baccarat',
  'roulette',
  'coinflip',
  'diamonds',
  'tower',
  'stairs',
  'videopoker',
];

/** /fairness: explains provable fairness and verifies a bet from `?verify=`. */
export function FairnessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = parseVerify(params.get('verify'));
  const [tab, setTab] = useState<'verify' | 'how'>('verify');
  const title = t('nav.fairness');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
  }

  return (
    <PageFrame title={title} subtitle={t('app.fairness.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <Tabs
          variant="underline"
          tabs={[
            { id: 'verify', label: t('app.fairness.verifyTab') },
            { id: 'how', label: t('app.fairness.howTab') },
          ]}
          value={tab}
          onChange={setTab}
          aria-label={title}
        />
        {tab === 'verify' ? (
          <div className="pg-grid pg-grid--2">
            <form
              className="pg-card pg-form"
              onSubmit={handleSubmit}
              data-testid="fairness-form"
              key={params.get('verify') ?? ''}
            >
              <h2 className="pg-card__title">{t('app.fairness.verifyTitle')}</h2>
              <label className="pg-field">
                <span>{t('app.fairness.game')}</span>
                <select name="game" defaultValue={parsed?.game ?? 'dice'}>
                  {[...new Set([...(parsed ? [parsed.game] : []), ...GAMES])].map((game) => (
                    <option key={game} value={game}>
                      {game}
                    </option>
                  ))}
                </select>
              </label>
              <label className="pg-field">
                <span>{t('app.fairness.serverSeed')}</span>
                <input
                  name="serverSeed"
                  type="text"
                  className="pg-mono"
                  defaultValue={parsed?.serverSeed ?? ''}
                  spellCheck={false}
                  autoComplete="off"
                />
              </label>
              <label className="pg-field">
                <span>{t('app.fairness.clientSeed')}</span>
                <input
                  name="clientSeed"
                  type="text"
                  className="pg-mono"
                  defaultValue={parsed?.clientSeed ?? ''}
                  spellCheck={false}
                  autoComplete="off"
                />
              </label>
              <label className="pg-field">
                <span>{t('app.fairness.nonce')}</span>
                <input
                  name="nonce"
                  type="number"
                  min={0}
                  className="pg-mono"
                  defaultValue={parsed?.nonce ?? ''}
                />
              </label>
              <Button type="submit" fullWidth disabled>
                {t('app.fairness.verify')}
              </Button>
            </form>
            <section className="pg-card">
              <h2 className="pg-card__title">{t('app.fairness.resultTitle')}</h2>
              <p className="pg-card__text">{t('app.fairness.resultNote')}</p>
              <p className="pg-note">
                <Info size={16} aria-hidden="true" />
                <span>{t('app.fairness.verifierNote')}</span>
              </p>
            </section>
          </div>
        ) : (
          <div className="pg-grid">
            {[
              ['seeds', <KeyRound key="a" size={18} />],
              ['hmac', <Hash key="b" size={18} />],
              ['rotate', <ShieldCheck key="c" size={18} />],
            ].map(([key, icon]) => (
              <section key={String(key)} className="pg-card pg-card--flat">
                <div className="pg-card__head">
                  <span className="pg-card__icon">{icon}</span>
                  <h2 className="pg-card__title">{t(`app.fairness.how.${String(key)}.title`)}</h2>
                </div>
                <p className="pg-card__text">{t(`app.fairness.how.${String(key)}.text`)}</p>
              </section>
            ))}
          </div>
        )}
      </div>
    </PageFrame>
  );
}
