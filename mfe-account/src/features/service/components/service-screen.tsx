import { toastFail, formatDateTime } from '@marketplace/shared';
import { MAX_SERVICE_MESSAGE_LENGTH, serviceMessageBody } from '@marketplace/shared/contracts';
import { Button, TextArea } from 'antd-mobile';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { useListServiceMessagesQuery, useSendServiceMessageMutation } from '../api';
import './service.css';

/** New answers show up while the conversation is open. */
const POLL_MS = 15_000;

/** `/service`: the shopper's conversation with the platform's customer service. */
export const ServiceScreen = () => {
  const { t, i18n } = useTranslation('account');
  const { data: messages, isLoading } = useListServiceMessagesQuery(undefined, {
    pollingInterval: POLL_MS,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  const [sendMessage, { isLoading: sending }] = useSendServiceMessageMutation();
  const [draft, setDraft] = useState('');
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = serviceMessageBody.safeParse({ body: draft });
    if (!parsed.success) {
      toastFail({ key: `errors:${parsed.error.issues[0]?.message ?? 'err.support.messageEmpty'}` });
      return;
    }
    const result = await sendMessage(parsed.data);
    if (!result.error) setDraft('');
  };

  return (
    <AccountPage title={t('title.service')}>
      <p className="account-note">{t('service.intro')}</p>
      <Link className="service-other-ways" to="/services">
        {t('service.otherChannels')}
      </Link>
      {!isLoading && messages?.length === 0 && <p className="service-empty">{t('service.empty')}</p>}
      <ol className="service-thread" role="log" aria-label={t('service.conversation')}>
        {(messages ?? []).map((message) => (
          <li
            key={message.id}
            className={message.fromOperator ? 'service-message service-message--operator' : 'service-message'}
          >
            <span className="service-message__from">
              {message.fromOperator ? t('service.fromOperator') : t('service.fromMe')}
            </span>
            <p className="service-message__body">{message.body}</p>
            <time className="service-message__time" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt, i18n.language)}
            </time>
          </li>
        ))}
        <li ref={end} aria-hidden className="service-thread__end" />
      </ol>
      <form className="service-compose" onSubmit={(event) => void submit(event)}>
        <label htmlFor="service-message" className="service-compose__label">
          {t('service.message')}
        </label>
        <TextArea
          id="service-message"
          placeholder={t('service.placeholder')}
          value={draft}
          onChange={setDraft}
          maxLength={MAX_SERVICE_MESSAGE_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
        <Button className="service-compose__send" type="submit" color="primary" loading={sending} disabled={sending}>
          {t('service.send')}
        </Button>
      </form>
    </AccountPage>
  );
};
