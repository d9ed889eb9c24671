/**
 * Back office, payments, Chains tab: a currency's switch (issue G8 item 7; permission `wallet`).
 * Off: the players' currency list leaves it out and new bets, tips and claims in it are refused
 * (`unknown_currency`); balances stay. Audited as `currencies.update`; the tab's query refreshes.
 */
import type { AdminChains, adminCurrencyUpdateEndpoint } from '@nebula/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import './admin-games.css';

const updateRef = endpointRef<typeof adminCurrencyUpdateEndpoint>('POST', '/api/admin/currencies/update');
const CHAINS_KEY = ['admin', 'payments', 'chains'] as const;

export function CurrencySwitch({ currency }: { currency: AdminChains['currencies'][number] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api(updateRef, { currency: currency.id, enabled }),
    onSuccess: (answer) => {
      queryClient.setQueryData<AdminChains>(CHAINS_KEY, (old) =>
        old
          ? {
              ...old,
              currencies: old.currencies.map((c) =>
                c.id === answer.currency.id ? { ...c, enabled: answer.currency.enabled } : c,
              ),
            }
          : old,
      );
      toast.success(
        t('adminPayments.chains.currencySaved', {
          name: currency.id.toUpperCase(),
          state: t(
            answer.currency.enabled ? 'adminPayments.chains.currencyOn' : 'adminPayments.chains.currencyOff',
          ).toLowerCase(),
        }),
      );
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('errors.generic')),
  });
  const on = toggle.isPending ? !currency.enabled : currency.enabled;
  const name = currency.id.toUpperCase();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t(on ? 'adminPayments.chains.switchOff' : 'adminPayments.chains.switchOn', { name })}
      title={t('adminPayments.chains.currencyHint')}
      className={clsx('ag-switch', on && 'is-on')}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!currency.enabled)}
      data-testid="currency-switch"
    >
      <span className="ag-switch__track" aria-hidden="true">
        <span className="ag-switch__thumb" />
      </span>
      <span className="ag-switch__label">
        {t(on ? 'adminPayments.chains.currencyOn' : 'adminPayments.chains.currencyOff')}
      </span>
    </button>
  );
}
