import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Checkbox, Input, Radio, Space, type ImageUploadItem } from 'antd-mobile';
import { Money, NamedTabs, PageHeader, toastFail, toastSuccess } from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import { EVIDENCE_METHODS, newRequestId, parseMoney, type EvidenceMethod } from '@marketplace/shared/contracts';
import { useGetBlockchainInfoQuery, useSubmitRechargeMutation } from '../../wallet/api';
import { copyText } from '../../wallet/copy-text';
import '../../wallet/wallet.css';

const isEvidenceMethod = (value: string | null): value is EvidenceMethod =>
  (EVIDENCE_METHODS as readonly string[]).includes(value ?? '');

/**
 * `/walletTopUp`: bank, on-chain or manual top-up. The shopper pays to the channel's address, says
 * where they paid from and uploads the evidence; an operator approves it (status "auditing" until then).
 */
export default function EvidenceTopUpScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const method: EvidenceMethod = isEvidenceMethod(params.get('method'))
    ? (params.get('method') as EvidenceMethod)
    : 'onChain';
  const { data } = useGetBlockchainInfoQuery();
  const channels = useMemo(() => (data?.channels ?? []).filter((c) => c.method === method), [data, method]);
  const [channelId, setChannelId] = useState<number | null>(null);
  const channel = channels.find((c) => c.id === channelId) ?? (channels.length === 1 ? channels[0] : undefined);
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [evidence, setEvidence] = useState<ImageUploadItem[]>([]);
  const [accepted, setAccepted] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [submitRecharge, { isLoading }] = useSubmitRechargeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoney(amount);
    const evidenceId = typeof evidence[0]?.key === 'string' ? evidence[0].key : null;
    // The order of checks and the words of requirements §6.1.
    if (!address.trim()) return toastFail({ key: 'errors:err.wallet.fillAddress' });
    if (cents === null || cents <= 0) return toastFail({ key: 'errors:err.wallet.fillAmount' });
    if (!channel) return toastFail({ key: 'errors:err.wallet.chooseNetwork' });
    if (!evidenceId) return toastFail({ key: 'errors:err.wallet.uploadEvidence' });
    if (!accepted) return toastFail({ key: 'errors:err.wallet.acceptNotes' });
    const result = await submitRecharge({
      method,
      network: channel.id,
      address: address.trim(),
      amount: cents,
      evidence: evidenceId,
      acceptNotes: true,
      requestId,
    });
    if (!('data' in result) || !result.data) return;
    setRequestId(newRequestId());
    toastSuccess(result.data.msg || { key: 'errors:ok.wallet.recharge' });
    navigate('/topUpRecord', { replace: true });
  };

  // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.manual.title
  // i18n-keys: evidence.from.bank, evidence.from.onChain, evidence.from.manual
  return (
    <div>
      <PageHeader title={t('title.walletTopUp')} />
      <NamedTabs
        label={t('topUp.chooseMethod')}
        // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.manual.title
        tabs={EVIDENCE_METHODS.map((m) => ({ key: m, title: t(`topUp.methods.${m}.title`) }))}
        activeKey={method}
        onChange={(key) => {
          setChannelId(null);
          setParams({ method: key }, { replace: true });
        }}
      >
        <form className="wallet-form" aria-label={t(`topUp.methods.${method}.title`)} onSubmit={(e) => void submit(e)}>
          <Radio.Group value={channel?.id ?? null} onChange={(value) => setChannelId(Number(value))}>
            <fieldset className="wallet-choices">
              <legend>{t('evidence.network')}</legend>
              <Space wrap>
                {channels.map((c) => (
                  <Radio key={c.id} value={c.id}>
                    {c.name}
                  </Radio>
                ))}
              </Space>
            </fieldset>
          </Radio.Group>
          {channel && (
            <section className="wallet-field" aria-label={t('evidence.payTo')}>
              <span>{t('evidence.payTo')}</span>
              <div className="wallet-address">
                <code>{channel.address}</code>
                <Button size="small" onClick={() => void copyText(channel.address)}>
                  {t('copy.button')}
                </Button>
              </div>
              {channel.detail && <p className="wallet-hint">{channel.detail}</p>}
              <p className="wallet-hint">
                {t('evidence.minimum')} <Money cents={channel.minAmount} />
              </p>
            </section>
          )}
          <ul className="wallet-notes" aria-label={t('evidence.notesTitle')}>
            <li>{t('evidence.notes.sameNetwork')}</li>
            <li>{t('evidence.notes.unsupported')}</li>
            <li>{t('evidence.notes.review')}</li>
          </ul>
          <div className="wallet-field">
            <label htmlFor="top-up-amount">{t('evidence.amount')}</label>
            <Input id="top-up-amount" inputMode="decimal" placeholder="0.00" value={amount} onChange={setAmount} />
          </div>
          <div className="wallet-field">
            <label htmlFor="top-up-address">{t(`evidence.from.${method}`)}</label>
            <Input id="top-up-address" value={address} onChange={setAddress} maxLength={128} />
          </div>
          <div className="wallet-field">
            <span>{t('evidence.proof')}</span>
            <ImageUploadField label={t('evidence.proof')} value={evidence} onChange={setEvidence} maxCount={1} />
          </div>
          <Checkbox checked={accepted} onChange={setAccepted}>
            {t('evidence.accept')}
          </Checkbox>
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('evidence.submit')}
          </Button>
        </form>
      </NamedTabs>
    </div>
  );
}
