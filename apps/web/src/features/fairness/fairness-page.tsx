import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame, Tabs } from '../../ui';
import { HowItWorks } from './how-it-works';
import { parseVerifyQuery } from './parse-verify';
import { VerifyTool } from './verify-tool';
import './fairness-texts';
import './fairness.css';

/**
 * /fairness (spec 1 and 2): verifies any bet from `?verify={game}-{serverSeed}-{clientSeed}-{nonce}`
 * (plus the optional `&params=` and `&edge=` of parse-verify.ts) in the browser, and explains the
 * algorithm.
 */
export function FairnessPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<'verify' | 'how'>('verify');
  const searchKey = search.toString();
  // A new link (e.g. from a bet overview while on this page) loads a fresh form.
  const query = useMemo(() => parseVerifyQuery(new URLSearchParams(searchKey)), [searchKey]);
  const title = t('nav.fairness');

  return (
    <PageFrame title={title} subtitle={t('fairnessUi.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack fv-page">
        <Tabs
          variant="underline"
          tabs={[
            { id: 'verify', label: t('fairnessUi.tabs.verify') },
            { id: 'how', label: t('fairnessUi.tabs.how') },
          ]}
          value={tab}
          onChange={setTab}
          aria-label={title}
        />
        {/* Both stay mounted so the form keeps its edits while the player reads how it works. */}
        <div hidden={tab !== 'verify'}>
          <VerifyTool key={searchKey} query={query} />
        </div>
        <div hidden={tab !== 'how'}>
          <HowItWorks />
        </div>
      </div>
    </PageFrame>
  );
}
