/**
 * /error/se: where a player on a time-out or self-exclusion lands (spec 1 section 2.1, issue G5
 * item 2). It says which it is, since when and until when (a countdown on the server's clock, or no
 * end for an indefinite exclusion), that it cannot be shortened, and that the balance can still be
 * withdrawn (the wallet's Withdraw tab); then the help organisations. A guest, or a read that fails,
 * gets the general notice.
 */
import { useEffect, useState } from 'react';
import {
  ArrowUpRight,
  CalendarClock,
  Coffee,
  LifeBuoy,
  Lock,
  LogOut,
  Mail,
  MessageCircle,
  ShieldOff,
  Wallet,
} from 'lucide-react';
import clsx from 'clsx';
import type { Protection } from '@nebula/contracts';
import { Button, PageFrame, Skeleton } from '../../ui';
import { api } from '../../lib/api';
import { events } from '../../lib/events';
import { isSignedIn, useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { HelpList } from './history-card';
import { meEndpoint, useHelpOrganisations, useProtection } from './protection-api';
import { spanText, useDateTime, useServerNow } from './use-server-clock';
import './protection-texts';
import './protection.css';
import './protection-lists.css';
import './session-and-block.css';

export function BlockPage({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const signedIn = isSignedIn(user);
  const { data, isPending, isError } = useProtection();
  const help = useHelpOrganisations();
  const block = data?.record.block ?? null;
  const exclusion = block?.type === 'self_exclusion';
  const title = block
    ? exclusion
      ? t('protectionUi.block.exclusionTitle')
      : t('protectionUi.block.timeOutTitle')
    : t('selfExclusion.heading');
  const pageTitle =
    block && !exclusion ? t('protectionUi.block.timeOutPage') : t('protectionUi.block.exclusionPage');

  return (
    <PageFrame title={pageTitle} breadcrumbs={[{ label: pageTitle }]} width="narrow">
      <div className="rg se" data-testid="block-page" data-block={block?.type ?? 'none'}>
        <section className={clsx('se-hero', exclusion && 'se-hero--exclusion')}>
          <div className="se-hero__icon" aria-hidden="true">
            {block && !exclusion ? <Coffee size={30} /> : <ShieldOff size={30} />}
          </div>
          <h1 className="se-hero__title">{title}</h1>
          <p className="se-hero__text">
            {block
              ? exclusion
                ? t('protectionUi.block.exclusionText')
                : t('protectionUi.block.timeOutText')
              : t('selfExclusion.text')}
          </p>
          {signedIn && isPending && <Skeleton height={88} radius={12} className="se-when-skeleton" />}
          {data && block && <BlockTimes record={data.record} receivedAt={data.receivedAt} />}
          {signedIn && (isError || (data && !block)) && <FallbackWhen />}
        </section>

        {signedIn && (
          <section className="pg-card rg-card se-withdraw" data-testid="block-withdraw">
            <div className="se-withdraw__text">
              <span className="pg-card__icon" aria-hidden="true">
                <Wallet size={18} />
              </span>
              <div>
                <h2 className="pg-card__title">{t('protectionUi.block.withdrawTitle')}</h2>
                <p className="pg-card__meta">{t('protectionUi.block.withdrawText')}</p>
              </div>
            </div>
            <Button
              icon={<ArrowUpRight size={16} />}
              onClick={() => events.emit('open-wallet', { tab: 'withdraw' })}
              data-testid="block-withdraw-open"
            >
              {t('protectionUi.block.withdraw')}
            </Button>
          </section>
        )}

        <section className="pg-card rg-card rg-card--help">
          <header className="rg-card__head">
            <span className="pg-card__icon" aria-hidden="true">
              <LifeBuoy size={18} />
            </span>
            <div>
              <h2 className="pg-card__title">{t('protectionUi.help.title')}</h2>
              <p className="pg-card__meta">{t('protectionUi.help.text')}</p>
            </div>
          </header>
          <HelpList organisations={help.data?.organisations} loading={help.isPending} />
        </section>

        <div className="error-page__actions se-actions">
          <ContactSupport email={help.data?.supportEmail ?? null} />
          {signedIn && (
            <Button
              variant="secondary"
              icon={<LogOut size={16} />}
              onClick={onLogout}
              data-testid="block-logout"
            >
              {t('selfExclusion.logout')}
            </Button>
          )}
        </div>
      </div>
    </PageFrame>
  );
}

/** The block's start and end, with a countdown; at the end the stored user is read again. */
function BlockTimes({ record, receivedAt }: { record: Protection; receivedAt: number }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const now = useServerNow(record.serverTime, receivedAt, 30_000);
  const block = record.block!;
  const until = block.until === null ? null : Date.parse(block.until);
  const over = until !== null && now >= until;
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    if (!over) return;
    // The block is over: the stored user follows, and the guard lets the player go again.
    void api(meEndpoint, {})
      .then(({ user }) => {
        useAppStore.getState().updateUser(user);
        setEnded(!user.self_excluded);
      })
      .catch(() => undefined);
  }, [over]);

  return (
    <div className="se-when" data-testid="block-times">
      <div className="se-when__item">
        <span className="se-when__label">{t('protectionUi.block.started')}</span>
        <span className="se-when__value tabular">{dateTime(block.since)}</span>
      </div>
      <div className="se-when__item se-when__item--end">
        <span className="se-when__label">{t('protectionUi.block.ends')}</span>
        {until === null ? (
          <span className="se-when__value" data-testid="block-ends">
            {t('protectionUi.block.indefinite')}
          </span>
        ) : (
          <>
            <span className="se-when__value tabular" data-testid="block-ends">
              {dateTime(until)}
            </span>
            {!over && (
              <span className="se-when__in">
                <CalendarClock size={13} aria-hidden="true" />
                {t('protectionUi.block.endsIn', { time: spanText(t, now, until) })}
              </span>
            )}
          </>
        )}
      </div>
      <p className="se-when__note">
        <Lock size={13} aria-hidden="true" />
        {ended
          ? t('protectionUi.block.over')
          : block.liftedAt
            ? t('protectionUi.block.lifted')
            : until === null
              ? t('protectionUi.block.indefiniteText')
              : t('protectionUi.block.cannotShorten')}
      </p>
    </div>
  );
}

/** Without the record's block (a read failed, or an older exclusion): the general lines. */
function FallbackWhen() {
  const { t } = useTranslation();
  return (
    <p className="se-when__note">
      <Lock size={13} aria-hidden="true" />
      {t('selfExclusion.help')}
    </p>
  );
}

/**
 * Contact support: the operator's support e-mail when it has one (setting `legal.operator`), else the
 * live support, which is the chat (open during a block).
 */
function ContactSupport({ email }: { email: string | null }) {
  const { t } = useTranslation();
  if (email)
    return (
      <a href={`mailto:${email}`} className="ui-btn ui-btn--ghost ui-btn--md" data-testid="block-support">
        <span className="ui-btn__content">
          <Mail size={16} aria-hidden="true" />
          <span className="ui-btn__label">{t('selfExclusion.contactSupport')}</span>
        </span>
      </a>
    );
  return (
    <Button
      variant="ghost"
      icon={<MessageCircle size={16} />}
      onClick={() => events.emit('open-chat')}
      data-testid="block-support"
    >
      {t('selfExclusion.contactSupport')}
    </Button>
  );
}
