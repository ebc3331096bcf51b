import { toastFail } from '@marketplace/shared';
import { isSafeChannelUrl, type ServiceChannel } from '@marketplace/shared/contracts';
import { List, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { useListServiceChannelsQuery } from '../api';
import './service.css';

const ChannelRow = ({ channel }: { channel: ServiceChannel }) => {
  const { t } = useTranslation('account');
  if (channel.enabled && isSafeChannelUrl(channel.url)) {
    // i18n-keys: services.kind.email, services.kind.whatsapp, services.kind.telegram, services.kind.phone, services.kind.web
    return (
      <List.Item arrow description={t(`services.kind.${channel.kind}`)}>
        <a className="service-channel-link" href={channel.url} target="_blank" rel="noopener noreferrer">
          {channel.name}
        </a>
      </List.Item>
    );
  }
  // i18n-keys: services.kind.email, services.kind.whatsapp, services.kind.telegram, services.kind.phone, services.kind.web
  return (
    <List.Item
      description={t(`services.kind.${channel.kind}`)}
      extra={<span className="service-channels__status">{t('services.notYetOpen')}</span>}
      arrow={false}
    >
      <button
        type="button"
        className="service-channel-button account-plain-button"
        onClick={() => toastFail({ key: 'account:services.notYetOpen' })}
      >
        {channel.name}
      </button>
    </List.Item>
  );
};

/** `/services`: the in-app conversation and the external channels; a closed channel is "Not Yet Open". */
export const ServicesScreen = () => {
  const { t } = useTranslation(['account', 'common']);
  const { data: channels, isLoading } = useListServiceChannelsQuery();
  return (
    <AccountPage title={t('title.services')}>
      <List header={t('services.inApp')}>
        <List.Item arrow description={t('services.chatHint')}>
          <Link to="/service" className="service-channel-link">
            {t('services.chat')}
          </Link>
        </List.Item>
      </List>
      <List header={t('services.external')}>
        {isLoading && (
          <List.Item>
            <span role="status" aria-label={t('common:loading')}>
              <SpinLoading />
            </span>
          </List.Item>
        )}
        {(channels ?? []).map((channel) => (
          <ChannelRow key={channel.id} channel={channel} />
        ))}
      </List>
    </AccountPage>
  );
};
