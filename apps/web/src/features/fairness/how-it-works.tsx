/**
 * The "How it works" tab: the algorithm in plain words, as `@nebula/fairness` implements it
 * (ARCHITECTURE.md section 4): commitment, client seed and nonce, the HMAC-SHA256 byte stream,
 * 4 bytes per float, and how each game maps floats to its outcome (extended games: to their board,
 * cards or coins, read as the round's decisions need them), and crash's hash chain.
 */
import { Binary, Dices, Fingerprint, Hash, KeyRound, Link2, RefreshCw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { EXTENDED_VERIFIABLE_GAMES, VERIFIABLE_GAMES } from './params-draft';
import './fairness-crash-texts';
import './fairness-extended-texts';
import './how-it-works.css';
import { useTranslation } from '../../lib/i18n';

function Step({
  icon,
  index,
  id,
  children,
}: {
  icon: ReactNode;
  index: number;
  id: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="pg-card fv-how" aria-labelledby={`fv-how-${id}`}>
      <div className="fv-card__head">
        <span className="pg-card__icon">{icon}</span>
        <h2 className="pg-card__title" id={`fv-how-${id}`}>
          <span className="fv-how__index">{index}</span>
          {t(`fairnessUi.how.${id}.title`)}
        </h2>
      </div>
      <p className="pg-card__text">{t(`fairnessUi.how.${id}.text`)}</p>
      {children}
    </section>
  );
}

/** The algorithm explained. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <div className="fv-how-list" data-testid="fairness-how">
      <Step icon={<Fingerprint size={18} />} index={1} id="commit">
        <code className="fv-formula">commitment = SHA256(serverSeed)</code>
      </Step>
      <Step icon={<KeyRound size={18} />} index={2} id="inputs" />
      <Step icon={<Hash size={18} />} index={3} id="hmac">
        <code className="fv-formula">
          bytes(round) = HMAC_SHA256(key = serverSeed, message = clientSeed + &quot;:&quot; + nonce +
          &quot;:&quot; + round)
        </code>
      </Step>
      <Step icon={<Binary size={18} />} index={4} id="floats">
        <code className="fv-formula">float = b0 / 256 + b1 / 256² + b2 / 256³ + b3 / 256⁴</code>
      </Step>
      <Step icon={<Dices size={18} />} index={5} id="games">
        <dl className="fv-games">
          {[...VERIFIABLE_GAMES, ...EXTENDED_VERIFIABLE_GAMES].map((game) => (
            <div key={game} className="fv-games__row">
              <dt>{t(`fairnessUi.how.games.${game}.name`)}</dt>
              <dd>{t(`fairnessUi.how.games.${game}.text`)}</dd>
            </div>
          ))}
        </dl>
      </Step>
      <Step icon={<Link2 size={18} />} index={6} id="crash">
        <code className="fv-formula">
          {'hash[i] = SHA256(hash[i + 1])    terminating hash = SHA256(hash[0])\n' +
            'h = HMAC_SHA256(key = hash[i], message = salt)\n' +
            'hmac32 (every chain since the switch): n = first 32 bits of h\n' +
            '  crash = max(1.00, floor(100 × (1 − edge) × 2^32 / (n + 1)) / 100)\n' +
            'hmac52 (the first chains): r = first 52 bits of h\n' +
            '  crash = max(1.00, floor(100 × (1 − edge) × 2^52 / (2^52 − r)) / 100)'}
        </code>
        <p className="pg-card__meta">{t('fairnessUi.how.crash.link')}</p>
      </Step>
      <Step icon={<RefreshCw size={18} />} index={7} id="rotate">
        <p className="pg-card__meta">{t('fairnessUi.how.rotate.link')}</p>
      </Step>
      <Step icon={<ShieldCheck size={18} />} index={8} id="verifiers">
        <dl className="fv-games" data-testid="fairness-verifiers">
          {[...VERIFIABLE_GAMES, ...EXTENDED_VERIFIABLE_GAMES, 'crash'].map((game) => (
            <div key={game} className="fv-games__row">
              <dt>{game === 'crash' ? 'Crash' : t(`fairnessUi.how.games.${game}.name`)}</dt>
              <dd>{t(`fairnessUi.how.verifiers.games.${game}`)}</dd>
            </div>
          ))}
        </dl>
      </Step>
    </div>
  );
}
