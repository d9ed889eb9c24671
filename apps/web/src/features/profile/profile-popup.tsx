import { useTranslation } from 'react-i18next';
import { openModal, useModal } from '../../ui';
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

export const PROFILE_POPUP_ID = 'profile-popup';

function PopupTitle() {
  const { t } = useTranslation();
  return <>{t('profileUi.popupTitle')}</>;
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
