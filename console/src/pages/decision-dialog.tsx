import { useState } from 'react';
import { Descriptions, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { money } from '../queues';

/** What a money decision restates before it is made: who, how much, how and where to. */
export interface DecisionFacts {
  shopper: string;
  /** Integer cents. */
  amount: number;
  method: string;
  destination: string;
}

/** The refusal reasons an operator picks from; `other` takes the reason from the text alone. */
const REFUSAL_REASONS = [
  'notReceived',
  'evidenceUnclear',
  'amountMismatch',
  'payoutInvalid',
  'policy',
  'fraud',
  'other',
] as const;
type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The reason the server records and the shopper sees: the chosen reason, then what the operator added. */
const reasonText = (chosen: string, details: string) => [chosen, details.trim()].filter(Boolean).join(': ');

/**
 * The confirmation every money decision opens (requirements §10): the shopper, the amount, the method and
 * the destination restated; a refusal also takes a reason from the list or typed (one of them required),
 * which the audit keeps with the decision. `onConfirm` makes the decision; the dialog closes after it.
 */
export function DecisionDialog({
  open,
  agree,
  title,
  okText,
  facts,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  agree: boolean;
  title: string;
  okText: string;
  facts: DecisionFacts | null;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ preset?: RefusalReason; details?: string }>();
  const [busy, setBusy] = useState(false);
  const preset = Form.useWatch('preset', form);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: !agree, loading: busy }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      destroyOnHidden
      onOk={async () => {
        // A missing reason is shown under its field; the dialog stays open and nothing is sent.
        const values = agree ? {} : await form.validateFields().catch(() => null);
        if (!values) return;
        const chosen = values.preset && values.preset !== 'other' ? t(`refusal.${values.preset}`) : '';
        setBusy(true);
        try {
          await onConfirm(agree ? '' : reasonText(chosen, values.details ?? ''));
        } finally {
          setBusy(false);
        }
      }}
    >
      {facts && (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'shopper', label: t('confirm.shopper'), children: facts.shopper },
            {
              key: 'amount',
              label: t('common.amount'),
              children: <Typography.Text strong>{money(facts.amount, i18n.language)}</Typography.Text>,
            },
            { key: 'method', label: t('confirm.method'), children: facts.method },
            { key: 'destination', label: t('confirm.destination'), children: facts.destination },
          ]}
        />
      )}
      {!agree && (
        <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
          <Form.Item name="preset" label={t('confirm.reasonList')}>
            <Radio.Group aria-label={t('confirm.reasonList')}>
              <Space direction="vertical">
                {REFUSAL_REASONS.map((key) => (
                  <Radio key={key} value={key}>
                    {t(`refusal.${key}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={t('confirm.details')}
            name="details"
            extra={t('confirm.detailsHelp')}
            dependencies={['preset']}
            rules={[
              { max: 400, message: t('decision.reasonRequired') },
              {
                validator: async (_rule, value: string | undefined) => {
                  const chosen = form.getFieldValue('preset') as RefusalReason | undefined;
                  if ((!chosen || chosen === 'other') && !value?.trim()) throw new Error(t('decision.reasonRequired'));
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={400} aria-required={!preset || preset === 'other'} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
