import { Money, selectUserInfo, toastSuccess, useAppSelector } from '@marketplace/shared';
import { PaymentCodePopup } from '@marketplace/shared/payment';
import {
  newRequestId,
  paymentFailureOf,
  type VipLevelInfo,
  type VipUpgradeResult,
} from '@marketplace/shared/contracts';
import { Button, Dialog, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { useGetUserInfoQuery, useReloadUserInfo } from '../../profile';
import { useGetVipInfoQuery, useUpgradeVipMutation } from '../api';
import { useVipLevelName } from '../hooks/use-vip-level-name';
import './vip.css';

/** Where a payment code is set. */
const PAYMENT_CODE_PATH = '/changePayPwd';

/**
 * `/vip`: the shopper's level and the levels on sale. A level above the current one is bought from
 * the balance with the payment code, under the same rules as paying an order: with no code set the
 * shopper is led to settings; a wrong code shows the server's message and the attempts left.
 */
export const VipScreen = () => {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const sessionUser = useAppSelector(selectUserInfo);
  const { data: userInfo } = useGetUserInfoQuery();
  const user = userInfo ?? sessionUser;
  const { data: vip, isLoading } = useGetVipInfoQuery();
  const [upgradeVip, { isLoading: paying }] = useUpgradeVipMutation();
  const reloadUserInfo = useReloadUserInfo();
  const [buying, setBuying] = useState<VipLevelInfo | null>(null);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [upgraded, setUpgraded] = useState<VipUpgradeResult | null>(null);

  const current = vip?.current ?? 0;
  const nameOf = useVipLevelName(vip);

  const close = () => {
    setBuying(null);
    setAttemptsLeft(null);
  };

  const askToSetCode = () => {
    void Dialog.confirm({
      'aria-label': t('errors:err.paymentCodeNotSet'),
      content: t('errors:err.paymentCodeNotSet'),
      confirmText: t('vip.goToSettings'),
      cancelText: t('common:cancel'),
      onConfirm: () => navigate(PAYMENT_CODE_PATH),
    });
  };

  const startUpgrade = (level: VipLevelInfo) => {
    if (user && !user.hasPaymentCode) return askToSetCode();
    setAttemptsLeft(null);
    setBuying(level);
  };

  const pay = async (payPassword: string) => {
    if (!buying) return;
    const result = await upgradeVip({ level: buying.level, payPassword, requestId });
    if (result.data) {
      setRequestId(newRequestId());
      close();
      setUpgraded(result.data.data);
      toastSuccess(result.data.msg || { key: 'errors:ok.community.vipUpgrade' });
      await reloadUserInfo();
      return;
    }
    // The base query has toasted the server's message ("Pay Fail", the lock); this decides what next.
    const failure = paymentFailureOf(result.error && 'data' in result.error ? result.error.data?.data : null);
    if (failure?.reason === 'WRONG_PAYMENT_CODE') setAttemptsLeft(failure.attemptsLeft);
    else if (failure?.reason === 'PAYMENT_LOCKED') close();
    else if (failure?.reason === 'PAYMENT_CODE_NOT_SET') {
      close();
      askToSetCode();
    }
  };

  return (
    <AccountPage title={t('title.vip')}>
      <section className="vip-current" aria-labelledby="vip-current-heading">
        <div>
          <h2 id="vip-current-heading">{t('vip.current')}</h2>
          <p>{isLoading ? '…' : nameOf(current)}</p>
        </div>
        {user && (
          <div>
            <h2>{t('profile.balance')}</h2>
            <p>
              <Money cents={upgraded?.balance ?? user.balance} />
            </p>
          </div>
        )}
      </section>
      {upgraded && (
        <section className="vip-result" role="status" aria-labelledby="vip-result-heading">
          <h2 id="vip-result-heading">{t('vip.upgraded', { name: nameOf(upgraded.level) })}</h2>
          <p>
            {t('vip.paid')} <Money cents={upgraded.priceCents} /> · {t('vip.newBalance')}{' '}
            <Money cents={upgraded.balance} />
          </p>
        </section>
      )}
      {isLoading ? (
        <div className="profile-loading" role="status" aria-label={t('common:loading')}>
          <SpinLoading />
        </div>
      ) : (
        <ul className="vip-levels" aria-label={t('vip.levels')}>
          {(vip?.levels ?? []).map((level) => (
            <li key={level.level}>
              <article className="vip-level" aria-labelledby={`vip-level-${level.level}`}>
                <div className="vip-level__head">
                  <h3 className="vip-level__name" id={`vip-level-${level.level}`}>
                    {level.name}
                  </h3>
                  <span className="vip-level__price">
                    <Money cents={level.priceCents} />
                  </span>
                </div>
                {level.benefits.length > 0 && (
                  <ul className="vip-level__benefits" aria-label={t('vip.benefits', { name: level.name })}>
                    {level.benefits.map((benefit) => (
                      <li key={benefit}>{benefit}</li>
                    ))}
                  </ul>
                )}
                {level.level > current && !level.owned ? (
                  <Button block color="primary" onClick={() => startUpgrade(level)}>
                    {t('vip.upgrade', { name: level.name })}
                  </Button>
                ) : (
                  // i18n-keys: vip.isCurrent, vip.included
                  <p className="vip-level__owned">{t(level.level === current ? 'vip.isCurrent' : 'vip.included')}</p>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <PaymentCodePopup
        open={buying !== null}
        title={t('vip.payTitle')}
        summary={
          <>
            {buying?.name} · {t('vip.price')} <Money cents={buying?.priceCents ?? 0} />
          </>
        }
        codeLabel={t('vip.paymentCode')}
        placeholder={t('vip.paymentCodePlaceholder')}
        payLabel={t('vip.pay')}
        attemptsLeftText={attemptsLeft === null ? null : t('vip.attemptsLeft', { count: attemptsLeft })}
        busy={paying}
        onPay={(code) => void pay(code)}
        onClose={close}
      />
    </AccountPage>
  );
};
