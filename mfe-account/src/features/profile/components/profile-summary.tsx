import { Money } from '@marketplace/shared';
import type { UserInfo } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';

/** "User name" is the family name then the given name (requirements §3.2), or the account when both are blank. */
export const userNameOf = (user: Pick<UserInfo, 'familyName' | 'givenName' | 'account'>): string =>
  [user.familyName, user.givenName].filter(Boolean).join(' ') || user.account;

export const ProfileSummary = ({ user }: { user: UserInfo }) => {
  const { t } = useTranslation('account');
  return (
    <section className="profile-summary" aria-label={t('profile.summary')}>
      <div className="profile-summary__avatar" aria-hidden>
        {userNameOf(user).slice(0, 1).toUpperCase()}
      </div>
      <dl className="profile-summary__facts">
        <div>
          <dt>{t('profile.userName')}</dt>
          <dd>{userNameOf(user)}</dd>
        </div>
        <div>
          <dt>{t('field.account')}</dt>
          <dd>{user.account}</dd>
        </div>
        <div>
          <dt>{t('profile.balance')}</dt>
          <dd>
            <Money cents={user.balance} />
          </dd>
        </div>
      </dl>
    </section>
  );
};
