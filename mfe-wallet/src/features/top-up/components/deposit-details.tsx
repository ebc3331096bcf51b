import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { Money } from '@marketplace/shared';
import type { DepositChannel, EvidenceMethod } from '@marketplace/shared/contracts';
import { copyText } from '../../wallet';

/** One value the shopper pays with, under its name, with a button that copies it. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  return (
    <div className="wallet-field">
      <span id={id}>{label}</span>
      <div className="wallet-address">
        <code aria-labelledby={id}>{value}</code>
        <Button
          className="wallet-copy"
          size="small"
          aria-label={t('copy.named', { what: label })}
          onClick={() => void copyText(value)}
        >
          {t('copy.short')}
        </Button>
      </div>
    </div>
  );
}

interface DepositDetailsProps {
  method: EvidenceMethod;
  channel: DepositChannel;
  /** What the shopper quotes with a bank transfer so an operator can match it to the account. */
  reference: string;
}

/**
 * Where to pay, in the words of the method (requirements §6.1): a bank transfer names the beneficiary, the
 * account number and the reference to quote; an on-chain deposit the address on the chosen network; a
 * manual payment the payee.
 */
export function DepositDetails({ method, channel, reference }: DepositDetailsProps) {
  const { t } = useTranslation('wallet');
  const minimum = (
    <p className="wallet-hint">
      {t('evidence.minimum')} <Money cents={channel.minAmount} />
    </p>
  );
  if (method === 'bank') {
    return (
      <section className="wallet-deposit" aria-label={t('evidence.bank.title')}>
        <CopyRow label={t('evidence.bank.beneficiary')} value={channel.detail} />
        <CopyRow label={t('evidence.bank.accountNumber')} value={channel.address} />
        <CopyRow label={t('evidence.bank.reference')} value={reference} />
        <p className="wallet-hint">{t('evidence.bank.referenceHint')}</p>
        {minimum}
      </section>
    );
  }
  if (method === 'manual') {
    return (
      <section className="wallet-deposit" aria-label={t('evidence.manual.payee')}>
        <CopyRow label={t('evidence.manual.payee')} value={channel.address} />
        {channel.detail && <p className="wallet-hint">{channel.detail}</p>}
        {minimum}
      </section>
    );
  }
  return (
    <section className="wallet-field" aria-label={t('evidence.payTo')}>
      <span>{t('evidence.payTo')}</span>
      <div className="wallet-address">
        <code>{channel.address}</code>
        <Button className="wallet-copy" size="small" onClick={() => void copyText(channel.address)}>
          {t('copy.button')}
        </Button>
      </div>
      {channel.detail && <p className="wallet-hint">{channel.detail}</p>}
      {minimum}
    </section>
  );
}
