import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EyeOff } from 'lucide-react';
import { toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { endpoints, storeMe, type MeView } from './profile-api';
import { SettingsCard, Switch } from './fields';
import { useTranslation } from '../../lib/i18n';

type PrivacyKey = 'private_profile' | 'private_bets';

export function PrivacySettings({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PrivacyKey | null>(null);
  // Shown optimistically while the call runs.
  const [optimistic, setOptimistic] = useState<Partial<Record<PrivacyKey, boolean>>>({});

  async function change(key: PrivacyKey, value: boolean) {
    setPending(key);
    setOptimistic({ [key]: value });
    try {
      const { user } = await api(endpoints.privacy, { [key]: value });
      storeMe(user);
      void queryClient.invalidateQueries({ queryKey: ['profile', 'user'] });
      toast.success(t('profileUi.privacy.saved'), { id: 'profile-privacy' });
    } catch (caught) {
      toast.error(isApiError(caught) ? caught.message : t('errors.generic'));
    } finally {
      setOptimistic({});
      setPending(null);
    }
  }

  const value = (key: PrivacyKey) => optimistic[key] ?? !!me[key];
  return (
    <SettingsCard
      icon={<EyeOff size={18} />}
      title={t('profileUi.privacy.title')}
      description={t('profileUi.privacy.text')}
      testId="settings-privacy"
    >
      <div className="profile-switches">
        <Switch
          checked={value('private_profile')}
          disabled={pending !== null}
          onChange={(next) => void change('private_profile', next)}
          label={t('profileUi.privacy.profile')}
          description={t('profileUi.privacy.profileText')}
          testId="privacy-profile"
        />
        <Switch
          checked={value('private_bets')}
          disabled={pending !== null}
          onChange={(next) => void change('private_bets', next)}
          label={t('profileUi.privacy.bets')}
          description={t('profileUi.privacy.betsText')}
          testId="privacy-bets"
        />
      </div>
    </SettingsCard>
  );
}
