/**
 * The Rakeback dialog (spec 2 sections 2, 4, 8 and 9): the player's rate (their VIP level's percent of
 * the house edge), what can be collected per currency, and Claim: disabled while the request is pending,
 * the spec's texts on success ('Available cashback is claimed successfully') and on the 4-hour cooldown
 * ('You can collect cashback after 4 hours'); the list reloads after a success. A guest gets the sign-in
 * dialog instead (spec 3 section 6).
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, Info, Percent } from 'lucide-react';
import type { RakebackEntry } from '@nebula/contracts';
import { RakebackErrorCode } from '@nebula/contracts/constants';
import { api, isApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { formatMoneyText } from '../../lib/money-format';
import { requestLogin } from '../../lib/request-login';
import { isSignedIn, useAppStore } from '../../lib/store';
import { Button, CurrencyIcon, openModal, toast } from '../../ui';
import { rakebackCalls, useRakeback, useRakebackProgramme } from './rakeback-api';
import './rakeback-texts';
import './rakeback.css';

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(`rakebackUi.${key}`, vars);

/** "3 h 12 min" / "12 min" until `iso` (at least a minute). */
export function untilText(iso: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((new Date(iso).getTime() - now) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('inHours', { h, m }) : t('inMinutes', { m });
}

const positive = (value: string) => /[1-9]/.test(value);

function Row({ entry }: { entry: RakebackEntry }) {
  const currency = useAppStore((state) => state.currencies[entry.id]);
  const decimals = currency?.decimals ?? 8;
  return (
    <li className="rakeback-row" data-testid={`rakeback-${entry.id}`}>
      <span className="rakeback-row__currency">
        {currency && <CurrencyIcon currency={currency} size={22} />}
        <span>{currency?.name ?? entry.id.toUpperCase()}</span>
      </span>
      <span className={positive(entry.value) ? 'rakeback-row__value num' : 'rakeback-row__value num is-zero'}>
        {formatMoneyText(entry.value, decimals)} <small>{entry.id.toUpperCase()}</small>
      </span>
    </li>
  );
}

function RakebackBody() {
  const queryClient = useQueryClient();
  const list = useRakeback();
  const programme = useRakebackProgramme();
  const [pending, setPending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  // The countdowns move twice a minute.
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);

  const entries = list.data?.rakeback ?? [];
  const claimable = entries.some((e) => positive(e.value));
  const info = programme.data;
  const next = info?.nextClaimAt && new Date(info.nextClaimAt).getTime() > now ? info.nextClaimAt : null;

  const claim = async () => {
    setPending(true);
    try {
      const res = await api(rakebackCalls.claim, {});
      toast.success(res.message === t('claimed') ? t('claimed') : res.message, { id: 'rakeback' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['rakeback'] }),
        queryClient.invalidateQueries({ queryKey: ['rakebackProgramme'] }),
      ]);
    } catch (error) {
      if (isApiError(error) && error.code === RakebackErrorCode.Cooldown)
        toast.error(t('cooldown'), { id: 'rakeback' });
      else
        toast.error(isApiError(error) && error.status < 500 ? error.message : t('failed'), {
          id: 'rakeback',
        });
      void queryClient.invalidateQueries({ queryKey: ['rakebackProgramme'] });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="rakeback" data-testid="rakeback-dialog">
      <section className="rakeback-rate">
        <span className="rakeback-rate__icon" aria-hidden="true">
          <Percent size={22} />
        </span>
        <div className="rakeback-rate__copy">
          <span className="rakeback-rate__label">{t('rate')}</span>
          <strong className="rakeback-rate__value" data-testid="rakeback-percent">
            {info ? t('rateValue', { percent: info.percent }) : '…'}
          </strong>
        </div>
        {info && <span className="rakeback-rate__level">{t('level', { level: info.level })}</span>}
      </section>

      <section className="rakeback-available">
        <h3 className="rakeback-available__title">{t('available')}</h3>
        {entries.length === 0 ? (
          <p className="rakeback-empty">{list.isPending ? '…' : t('none')}</p>
        ) : (
          <ul className="rakeback-list">
            {entries.map((entry) => (
              <Row key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        <Button
          variant="primary"
          fullWidth
          loading={pending}
          disabled={pending || !claimable}
          onClick={() => void claim()}
          data-testid="rakeback-claim"
        >
          {t('claim')}
        </Button>
        <p className="rakeback-next" data-testid="rakeback-next">
          <Clock size={14} aria-hidden="true" />
          {next ? t('nextClaim', { time: untilText(next, now) }) : t('readyNow')}
        </p>
      </section>

      <section className="rakeback-how">
        <h3>
          <Info size={14} aria-hidden="true" /> {t('how')}
        </h3>
        <p>{t('howText')}</p>
        {info && <p>{t('settles', { time: untilText(info.settlesAt, now) })}</p>}
        {info && info.levels.length > 0 && (
          <details className="rakeback-levels">
            <summary>{t('levels')}</summary>
            <ul data-testid="rakeback-levels">
              {info.levels.map((l) => (
                <li key={l.level} className={l.level === info.level ? 'is-current' : undefined}>
                  <span>{l.name}</span>
                  <span className="num">{l.percent}%</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
    </div>
  );
}

/** Opens the Rakeback dialog (the sign-in dialog for a guest). */
export function openRakeback(): void {
  if (!isSignedIn(useAppStore.getState().user)) {
    requestLogin('auth');
    return;
  }
  openModal({ id: 'rakeback', title: t('title'), size: 'sm', content: () => <RakebackBody /> });
}
