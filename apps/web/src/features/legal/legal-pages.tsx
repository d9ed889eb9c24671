import { PageFrame } from '../../ui';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';

/** Renders a list of translated sections: `{prefix}.{key}.title` and `.text`. */
function Sections({ prefix, keys }: { prefix: string; keys: readonly string[] }) {
  const { t } = useTranslation();
  const siteName = useAppStore((state) => state.license?.siteName) ?? 'Nebula';
  return (
    <article className="pg-prose pg-card">
      {keys.map((key) => (
        <section key={key}>
          <h2>{t(`${prefix}.${key}.title`)}</h2>
          <p>{t(`${prefix}.${key}.text`, { siteName })}</p>
        </section>
      ))}
    </article>
  );
}

export const TERMS_SECTIONS = [
  'acceptance',
  'age',
  'countries',
  'account',
  'bonuses',
  'withdrawals',
  'liability',
  'responsible',
  'changes',
] as const;
export const PRIVACY_SECTIONS = [
  'collect',
  'use',
  'retention',
  'sharing',
  'security',
  'rights',
  'cookies',
] as const;

export function TermsPage() {
  const { t } = useTranslation();
  const title = t('footer.termsOfService');
  return (
    <PageFrame
      title={title}
      subtitle={t('app.legal.updated')}
      breadcrumbs={[{ label: title }]}
      width="narrow"
    >
      <Sections prefix="app.legal.terms" keys={TERMS_SECTIONS} />
    </PageFrame>
  );
}

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const title = t('footer.privacyPolicy');
  return (
    <PageFrame
      title={title}
      subtitle={t('app.legal.updated')}
      breadcrumbs={[{ label: title }]}
      width="narrow"
    >
      <Sections prefix="app.legal.privacy" keys={PRIVACY_SECTIONS} />
    </PageFrame>
  );
}
