/**
 * The Bonus wheel tab (decision 0039): replays a wheel spin in the browser with `bonusWheelDraw` of
 * `@nebula/games`, the function the server drew it with: the revealed server seed (checked against the
 * commitment the spin answered), the client seed, the nonce and the published weights give the two
 * floats, the point on the weight line, the prize and the segment. A spin's "Verify" link fills in
 * everything but the server seed (`?wheel=1&clientSeed=&nonce=&weights=&hash=`).
 */
import { useMemo, useState } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { BONUS_WHEEL_PRIZES, bonusWheelDraw } from '@nebula/games';
import { useTranslation } from '../../lib/i18n';

export interface WheelLink {
  clientSeed: string;
  nonce: string;
  weights: string;
  hash: string;
}

/** The tab's link, or null when the URL does not ask for it. */
export function parseWheelLink(search: URLSearchParams): WheelLink | null {
  if (search.get('wheel') !== '1') return null;
  return {
    clientSeed: search.get('clientSeed') ?? '',
    nonce: search.get('nonce') ?? '0',
    weights: search.get('weights') ?? '',
    hash: search.get('hash') ?? '',
  };
}

/** The default published weights (`wheel.prizes`), used until a link gives the spin's own. */
const DEFAULT_WEIGHTS = '40,25,17,10,6,2';

export function BonusWheelTab({ link }: { link: WheelLink | null }) {
  const { t } = useTranslation();
  const [serverSeed, setServerSeed] = useState('');
  const [clientSeed, setClientSeed] = useState(link?.clientSeed ?? '');
  const [nonce, setNonce] = useState(link?.nonce ?? '0');
  const [weights, setWeights] = useState(link?.weights || DEFAULT_WEIGHTS);
  const hash = link?.hash ?? '';

  const result = useMemo(() => {
    if (!serverSeed.trim()) return null;
    try {
      const list = weights.split(',').map((w) => Number(w.trim()));
      const n = Number(nonce);
      if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(t('fairnessUi.wheel.badNonce'));
      return { ok: true as const, draw: bonusWheelDraw(serverSeed.trim(), clientSeed, n, list) };
    } catch (error) {
      return { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
  }, [serverSeed, clientSeed, nonce, weights, t]);

  const field = (
    id: string,
    label: string,
    value: string,
    set: (v: string) => void,
    placeholder?: string,
  ) => (
    <label className="pg-field">
      <span>{label}</span>
      <input
        type="text"
        className="pg-mono"
        value={value}
        placeholder={placeholder}
        onChange={(event) => set(event.target.value)}
        spellCheck={false}
        autoComplete="off"
        data-testid={`wheel-${id}`}
      />
    </label>
  );

  return (
    <div className="fv-layout" data-testid="wheel-verify">
      <form className="pg-card pg-form fv-form" onSubmit={(event) => event.preventDefault()}>
        <h2 className="pg-card__title">{t('fairnessUi.wheel.title')}</h2>
        {field(
          'server-seed',
          t('fairnessUi.form.serverSeed'),
          serverSeed,
          setServerSeed,
          t('fairnessUi.form.serverSeedPlaceholder'),
        )}
        {field('client-seed', t('fairnessUi.form.clientSeed'), clientSeed, setClientSeed)}
        {field('nonce', t('fairnessUi.form.nonce'), nonce, setNonce)}
        {field('weights', t('fairnessUi.wheel.weights'), weights, setWeights)}
        <small className="fv-hint">{t('fairnessUi.wheel.weightsHint', { n: BONUS_WHEEL_PRIZES })}</small>
      </form>
      <div className="fv-results">
        {!result && <p className="fv-empty">{t('fairnessUi.wheel.empty')}</p>}
        {result && !result.ok && (
          <p className="fv-error" role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            <span>{result.message}</span>
          </p>
        )}
        {result?.ok && (
          <section className="pg-card fv-card" data-testid="wheel-verify-result">
            <h2 className="pg-card__title">{t('fairnessUi.wheel.result')}</h2>
            {hash && (
              <p className={result.draw.serverSeedHash === hash ? 'fv-ok' : 'fv-error'}>
                {result.draw.serverSeedHash === hash ? (
                  <CircleCheck size={16} aria-hidden="true" />
                ) : (
                  <CircleAlert size={16} aria-hidden="true" />
                )}
                {result.draw.serverSeedHash === hash
                  ? t('fairnessUi.wheel.hashOk')
                  : t('fairnessUi.wheel.hashBad')}
              </p>
            )}
            <div className="fv-facts">
              <div className="fv-fact">
                <span className="fv-fact__label">{t('fairnessUi.wheel.segment')}</span>
                <span className="fv-fact__value" data-testid="wheel-verify-segment">
                  {result.draw.segment}
                </span>
              </div>
              <div className="fv-fact">
                <span className="fv-fact__label">{t('fairnessUi.wheel.prize')}</span>
                <span className="fv-fact__value" data-testid="wheel-verify-prize">
                  {result.draw.prize + 1}
                </span>
              </div>
              <div className="fv-fact">
                <span className="fv-fact__label">{t('fairnessUi.wheel.point')}</span>
                <span className="fv-fact__value">
                  {result.draw.point} / {result.draw.total}
                </span>
              </div>
            </div>
            <ol className="fv-stack fv-muted">
              <li>
                {t('fairnessUi.wheel.step1', {
                  f0: result.draw.floats[0].toFixed(10),
                  f1: result.draw.floats[1].toFixed(10),
                })}
              </li>
              <li>{t('fairnessUi.wheel.step2', { point: result.draw.point, total: result.draw.total })}</li>
              <li>
                {t('fairnessUi.wheel.step3', {
                  prize: result.draw.prize + 1,
                  segment: result.draw.segment,
                })}
              </li>
            </ol>
            <p className="fv-hint pg-mono fv-break">SHA-256: {result.draw.serverSeedHash}</p>
          </section>
        )}
      </div>
    </div>
  );
}
