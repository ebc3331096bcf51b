import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Checkbox, Form, Input, Radio, Space, type ImageUploadItem } from 'antd-mobile';
import { NamedTabs, outcomeOf, PageHeader, textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import {
  EVIDENCE_METHODS,
  evidenceRechargeBody,
  newRequestId,
  parseMoney,
  type EvidenceMethod,
} from '@marketplace/shared/contracts';
import { useGetBlockchainInfoQuery, useGetUserInfoQuery, useSubmitRechargeMutation } from '../../wallet';
import { DepositDetails } from './deposit-details';
import '../../wallet/wallet.css';

/** The form's fields as antd-mobile holds them (untouched ones are undefined). */
interface EvidenceValues {
  amount?: string;
  address?: string;
  evidence?: ImageUploadItem[];
  acceptNotes?: boolean;
}

/** The order of checks and the words of requirements §6.1 (the schema lists the channel first). */
const CHECK_ORDER = ['address', 'amount', 'network', 'evidence', 'acceptNotes'];

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
  const { data: user } = useGetUserInfoQuery();
  const channels = useMemo(() => (data?.channels ?? []).filter((c) => c.method === method), [data, method]);
  const [channelId, setChannelId] = useState<number | null>(null);
  const channel = channels.find((c) => c.id === channelId) ?? (channels.length === 1 ? channels[0] : undefined);
  const [form] = Form.useForm<EvidenceValues>();
  const { problemOf, report, formProps } = useSchemaForm(form);
  const [requestId, setRequestId] = useState(newRequestId);
  const [submitRecharge, { isLoading }] = useSubmitRechargeMutation();

  const submit = async (values: EvidenceValues) => {
    const evidenceId = values.evidence?.[0]?.key;
    const body = {
      method,
      network: channel?.id,
      address: textOf(values.address),
      amount: parseMoney(textOf(values.amount)) ?? Number.NaN,
      evidence: typeof evidenceId === 'string' ? evidenceId : undefined,
      acceptNotes: values.acceptNotes === true,
      requestId,
    };
    const problem = problemOf(evidenceRechargeBody, body, { order: CHECK_ORDER });
    if (problem) return report(problem);
    const outcome = outcomeOf(await submitRecharge(evidenceRechargeBody.parse(body)));
    if (!outcome.ok) return;
    setRequestId(newRequestId());
    toastSuccess(outcome.data.msg || { key: 'errors:ok.wallet.recharge' });
    navigate('/topUpRecord', { replace: true });
  };

  // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.manual.title
  // i18n-keys: evidence.from.bank, evidence.from.onChain, evidence.from.manual
  // i18n-keys: evidence.channel.bank, evidence.channel.manual
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
        <Form
          {...formProps}
          className="wallet-form"
          aria-label={t(`topUp.methods.${method}.title`)}
          initialValues={{ evidence: [], acceptNotes: false }}
          onFinish={(values) => void submit(values)}
        >
          <Radio.Group value={channel?.id ?? null} onChange={(value) => setChannelId(Number(value))}>
            <fieldset className="wallet-choices">
              {/* A bank transfer names its bank; only on-chain deposits have networks (requirements §6.1). */}
              <legend>{method === 'onChain' ? t('evidence.network') : t(`evidence.channel.${method}`)}</legend>
              <Space wrap>
                {channels.map((c) => (
                  <Radio key={c.id} value={c.id}>
                    {c.name}
                  </Radio>
                ))}
              </Space>
            </fieldset>
          </Radio.Group>
          {channel && <DepositDetails method={method} channel={channel} reference={user?.account ?? ''} />}
          <ul className="wallet-notes" aria-label={t('evidence.notesTitle')}>
            {method === 'onChain' && <li>{t('evidence.notes.sameNetwork')}</li>}
            {method === 'onChain' && <li>{t('evidence.notes.unsupported')}</li>}
            <li>{t('evidence.notes.review')}</li>
          </ul>
          <div className="wallet-field">
            <label htmlFor="top-up-amount">{t('evidence.amount')}</label>
            <Form.Item name="amount" noStyle>
              <Input id="top-up-amount" inputMode="decimal" placeholder="0.00" />
            </Form.Item>
          </div>
          <div className="wallet-field">
            <label htmlFor="top-up-address">{t(`evidence.from.${method}`)}</label>
            <Form.Item name="address" noStyle>
              <Input id="top-up-address" maxLength={128} />
            </Form.Item>
          </div>
          <div className="wallet-field">
            <span>{t('evidence.proof')}</span>
            <Form.Item name="evidence" noStyle>
              <ImageUploadField label={t('evidence.proof')} maxCount={1} />
            </Form.Item>
          </div>
          <Form.Item name="acceptNotes" valuePropName="checked" noStyle>
            <Checkbox>{t('evidence.accept')}</Checkbox>
          </Form.Item>
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('evidence.submit')}
          </Button>
        </Form>
      </NamedTabs>
    </div>
  );
}
