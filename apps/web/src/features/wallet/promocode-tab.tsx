/**
 * The wallet's Promocode tab (spec 3 sections 2, 5, 7-8; spec 1 section 7): a free-text code, activated
 * with `POST /api/promocode/activate`; success shows the toast 'Promocode activated!' (with what was
 * credited), then the user data (balances, bonus money) refresh. A refusal shows the server's text (codes
 * 1-9, e.g. 'You cannot activate your own promocode!', and the low-balance rule). Below: the public codes
 * (`listPublic`), one click fills the field.
 */
import { useState, type FormEvent } from 'react';
import type { PromocodeActivation, PublicPromocode } from '@nebula/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Gift, Ticket } from 'lucide-react';
import clsx from 'clsx';
import { Button, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { promocodeApi, refreshAfterActivation } from '../../lib/promocodes';

type Translate = ReturnType<typeof useTranslation>['t'];

/** What an activation gave, in words: money, a bonus with its wagering, or wheel tickets. */
function activationText(t: Translate, bonus: PromocodeActivation['bonus']): string {
  const currency = bonus.currency.toUpperCase();
  if (bonus.type === 'tickets') return t('walletUi.promocode.tickets', { count: bonus.tickets ?? 0 });
  if (bonus.type === 'bonus')
    return t('walletUi.promocode.bonus', { value: bonus.value, currency, wagering: bonus.wagering ?? '0' });
  return t('walletUi.promocode.real', { value: bonus.value, currency });
}

function PublicCodes({ onUse }: { onUse: (code: string) => void }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['promocodes', 'public'],
    queryFn: ({ signal }) => api(promocodeApi.listPublic, {}, { signal }),
    staleTime: 30_000,
  });
  if (!list.data || list.data.length === 0) return null;
  return (
    <section className="promo-public" aria-labelledby="promo-public-title">
      <h3 id="promo-public-title" className="promo-public__title">
        {t('walletUi.promocode.public')}
      </h3>
      <ul className="promo-public__list" data-testid="promo-public">
        {list.data.map((code: PublicPromocode) => (
          <li key={code._id} className="promo-public__item">
            <div className="promo-public__body">
              <span className="promo-public__code">{code.code}</span>
              <span className="promo-public__text">{code.description}</span>
              <span className="promo-public__tags">
                <span
                  className={clsx('pg-tag', code.type === 'real' ? 'promo-tag--real' : 'promo-tag--bonus')}
                >
                  {code.type === 'tickets'
                    ? t('walletUi.promocode.typeTickets', { count: code.tickets ?? 0 })
                    : code.type === 'bonus'
                      ? t('walletUi.promocode.typeBonus', { multiplier: code.multiplier })
                      : t('walletUi.promocode.typeReal')}
                </span>
                {code.type !== 'tickets' && (
                  <span className="pg-tag">
                    {code.value} {code.currency.toUpperCase()}
                  </span>
                )}
                {code.vipLevel > 0 && (
                  <span className="pg-tag">{t('walletUi.promocode.vip', { level: code.vipLevel })}</span>
                )}
                {code.usesLeft !== null && (
                  <span className="pg-tag">{t('walletUi.promocode.usesLeft', { count: code.usesLeft })}</span>
                )}
              </span>
            </div>
            <Button size="sm" variant="secondary" onClick={() => onUse(code.code)}>
              {t('walletUi.promocode.use')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PromocodeTab() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<PromocodeActivation['bonus'] | null>(null);
  const activate = useMutation({
    mutationFn: (typed: string) => api(promocodeApi.activate, { code: typed }),
    onSuccess: ({ bonus }) => {
      toast.success(`${t('walletUi.promocode.activated')} ${activationText(t, bonus)}`);
      setDone(bonus);
      setCode('');
      refreshAfterActivation();
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : t('errors.generic')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || activate.isPending) return;
    setError(null);
    setDone(null);
    activate.mutate(typed);
  };

  return (
    <div className="wallet-tab promo-tab" data-testid="promocode-tab">
      <div className="promo-hero">
        <span className="promo-hero__icon" aria-hidden="true">
          <Gift size={26} />
        </span>
        <div>
          <h3 className="promo-hero__title">{t('walletUi.promocode.title')}</h3>
          <p className="promo-hero__text">{t('walletUi.promocode.text')}</p>
        </div>
      </div>
      <form className="wallet-field" onSubmit={submit} noValidate>
        <label className="wallet-field__label" htmlFor="promocode-input">
          {t('walletUi.promocode.label')}
        </label>
        <div className="promo-form">
          <span className="promo-form__icon" aria-hidden="true">
            <Ticket size={16} />
          </span>
          <input
            id="promocode-input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            className="promo-form__input"
            placeholder={t('walletUi.promocode.placeholder')}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'promocode-error' : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
            data-testid="promocode-input"
          />
          <Button
            type="submit"
            loading={activate.isPending}
            disabled={code.trim() === ''}
            data-testid="promocode-activate"
          >
            {t('walletUi.promocode.activate')}
          </Button>
        </div>
        {error && (
          <p className="wallet-error" id="promocode-error" role="alert" data-testid="promocode-error">
            {error}
          </p>
        )}
      </form>
      {done && (
        <p className="promo-done" role="status" data-testid="promocode-done">
          <CheckCircle2 size={18} aria-hidden="true" />
          <span>
            <strong>{done.code}</strong> · {activationText(t, done)}
          </span>
        </p>
      )}
      <p className="wallet-hint">{t('walletUi.promocode.rules')}</p>
      <PublicCodes
        onUse={(value) => {
          setCode(value);
          setError(null);
          document.getElementById('promocode-input')?.focus();
        }}
      />
    </div>
  );
}
