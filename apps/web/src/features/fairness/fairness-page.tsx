import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame, Tabs } from '../../ui';
import { parseCrashLink } from './crash-link';
import { BonusWheelTab, parseWheelLink } from './bonus-wheel-tab';
import { CrashTab } from './crash-tab';
import { HowItWorks } from './how-it-works';
import { parseVerifyQuery } from './parse-verify';
import { VerifyTool } from './verify-tool';
import './fairness-texts';
import './fairness.css';
import { useTranslation } from '../../lib/i18n';

type FairnessTab = 'verify' | 'crash' | 'wheel' | 'how';

/**
 * /fairness (spec 1 and 2): verifies any bet from `?verify={game}-{serverSeed}-{clientSeed}-{nonce}`
 * (plus the optional `&params=` and `&edge=` of parse-verify.ts) and any crash round from
 * `?verify=crash-{round}` (crash-link.ts) and any bonus wheel spin (`?wheel=1&...`, bonus-wheel-tab.tsx)
 * in the browser, and explains the algorithm.
 */
export function FairnessPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const searchKey = search.toString();
  // A new link (e.g. from a bet overview while on this page) loads a fresh form.
  const query = useMemo(() => parseVerifyQuery(new URLSearchParams(searchKey)), [searchKey]);
  const crash = useMemo(() => parseCrashLink(new URLSearchParams(searchKey)), [searchKey]);
  const wheel = useMemo(() => parseWheelLink(new URLSearchParams(searchKey)), [searchKey]);
  const linked: FairnessTab | null = crash ? 'crash' : wheel ? 'wheel' : query.verify ? 'verify' : null;
  const [tab, setTab] = useState<FairnessTab>(linked ?? 'verify');
  // A new link opens the tab that verifies it (adjusting state while rendering, not in an effect).
  const [shownKey, setShownKey] = useState(searchKey);
  if (shownKey !== searchKey) {
    setShownKey(searchKey);
    if (linked) setTab(linked);
  }
  // The crash tab loads its lists from the server: mounted on first use, then kept.
  const [crashOpened, setCrashOpened] = useState(tab === 'crash');
  if (tab === 'crash' && !crashOpened) setCrashOpened(true);
  const title = t('nav.fairness');

  return (
    <PageFrame title={title} subtitle={t('fairnessUi.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack fv-page">
        <Tabs
          variant="underline"
          tabs={[
            { id: 'verify', label: t('fairnessUi.tabs.verify') },
            { id: 'crash', label: t('fairnessUi.tabs.crash') },
            { id: 'wheel', label: t('fairnessUi.tabs.wheel') },
            { id: 'how', label: t('fairnessUi.tabs.how') },
          ]}
          value={tab}
          onChange={setTab}
          aria-label={title}
        />
        {/* All stay mounted so the forms keep their edits while the player reads how it works. */}
        <div hidden={tab !== 'verify'}>
          <VerifyTool key={searchKey} query={query} />
        </div>
        <div hidden={tab !== 'crash'}>{crashOpened && <CrashTab key={searchKey} link={crash} />}</div>
        <div hidden={tab !== 'wheel'}>
          <BonusWheelTab key={searchKey} link={wheel} />
        </div>
        <div hidden={tab !== 'how'}>
          <HowItWorks />
        </div>
      </div>
    </PageFrame>
  );
}
