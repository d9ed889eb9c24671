import { Gift } from 'lucide-react';
import { Button, openModal, useModal } from '../../ui';
import { events } from '../../lib/events';
import { isSignedIn, useAppStore } from '../../lib/store';
import {
  AdminCog,
  ProfileCard,
  ProfileCardSkeleton,
  ProfilePageLink,
  ProfileStateMessage,
} from './profile-card';
import { useProfile } from './profile-api';
import './profile-texts';
import './profile.css';
import { useTranslation } from '../../lib/i18n';

export const PROFILE_POPUP_ID = 'profile-popup';

function PopupTitle() {
  const { t } = useTranslation();
  return <>{t('profileUi.popupTitle')}</>;
}

/** Opens the tip modal for this player (the tips feature listens to `chat:command`). */
function TipButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const { close } = useModal();
  const me = useAppStore((state) => state.user);
  const channel = useAppStore((state) => state.channel);
  if (!isSignedIn(me) || me._id === id) return null;
  return (
    <Button
      variant="secondary"
      fullWidth
      onClick={() => {
        close();
        events.emit('chat:command', { name: 'tip', args: [name], channel });
      }}
      data-testid="profile-tip"
      icon={<Gift size={16} aria-hidden="true" />}
    >
      {t('profileUi.tip')}
    </Button>
  );
}

/** The user profile popup (spec 2 popups): summary, a link to the profile page, the staff cog. */
export function ProfilePopup({ id }: { id: string }) {
  const { close } = useModal();
  const { data, isPending, isError, refetch } = useProfile(id);
  return (
    <div className="profile-popup" data-testid="profile-popup">
      {isPending ? (
        <ProfileCardSkeleton compact />
      ) : isError || !data ? (
        <ProfileStateMessage status="error" onRetry={() => void refetch()} />
      ) : data.status === 'ok' && data.data ? (
        <>
          <ProfileCard
            compact
            data={data.data}
            actions={
              <>
                <ProfilePageLink id={data.data._id} onNavigate={close} />
                <AdminCog id={data.data._id} />
              </>
            }
          />
          <TipButton id={data.data._id} name={data.data.name} />
        </>
      ) : (
        <ProfileStateMessage status={data.status === 'ok' ? 'error' : data.status} />
      )}
    </div>
  );
}

export function openProfilePopup(id: string): void {
  openModal({
    id: PROFILE_POPUP_ID,
    size: 'sm',
    title: <PopupTitle />,
    ariaLabel: 'Profile',
    content: <ProfilePopup id={id} />,
  });
}
