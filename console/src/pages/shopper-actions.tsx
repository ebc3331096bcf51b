import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { DecisionDialog } from './decision-dialog';

/** Dollars typed by the operator as signed integer cents. */
const centsOf = (dollars: number) => Math.round(dollars * 100);

/** Freeze, unfreeze or clear a payment-code lock: a button, then a dialog that asks the reason. */
export function ShopperReasonAction({
  account,
  kind,
  onDone,
}: {
  account: string;
  kind: 'freeze' | 'unfreeze' | 'unlock';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useSession();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  // i18n-keys: shoppers.freeze, shoppers.unfreeze, shoppers.unlock, shoppers.freezeDone, shoppers.unfreezeDone, shoppers.unlockDone
  const submit = async () => {
    const { reason } = await form.validateFields();
    setError(null);
    try {
      if (kind === 'unlock') await api.post('/api/admin/shopper/payment_unlock', { account, reason: reason.trim() });
      else await api.post('/api/admin/shopper/frozen', { account, frozen: kind === 'freeze', reason: reason.trim() });
      void message.success(t(`shoppers.${kind}Done`));
      setOpen(false);
      onDone();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <>
      <Button danger={kind === 'freeze'} onClick={() => setOpen(true)}>
        {t(`shoppers.${kind}`)}
      </Button>
      <Modal
        open={open}
        title={`${t(`shoppers.${kind}`)}: ${account}`}
        okText={t(`shoppers.${kind}`)}
        okButtonProps={{ danger: kind === 'freeze' }}
        cancelText={t('common.cancel')}
        onCancel={() => setOpen(false)}
        onOk={submit}
        destroyOnHidden
      >
        {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            label={t('decision.reason')}
            name="reason"
            rules={[{ required: true, whitespace: true, max: 500, message: t('shoppers.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Finance: credit or debit the balance with a reason, after a confirmation restating shopper and amount. */
export function AdjustBalance({ account, onDone }: { account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ amount: number; reason: string } | null>(null);
  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('shoppers.adjust')}</h3>} style={{ marginTop: 24 }}>
      {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="inline"
        name="adjust-balance"
        onFinish={({ amount, reason }) => setPending({ amount: centsOf(amount), reason: reason.trim() })}
      >
        <Form.Item
          label={t('shoppers.amount')}
          name="amount"
          extra={t('shoppers.amountHelp')}
          rules={[
            {
              required: true,
              validator: (_rule, value: number | null) =>
                typeof value === 'number' && centsOf(value) !== 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('shoppers.amountRequired'))),
            },
          ]}
        >
          <InputNumber step={0.01} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label={t('decision.reason')}
          name="reason"
          rules={[{ required: true, whitespace: true, max: 500, message: t('shoppers.reasonRequired') }]}
        >
          <Input style={{ width: 320 }} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('shoppers.apply')}
        </Button>
      </Form>
      <DecisionDialog
        open={pending !== null}
        agree
        title={t('shoppers.confirmAdjust', { account })}
        okText={t('shoppers.apply')}
        facts={
          pending && {
            shopper: account,
            amount: pending.amount,
            method: t(pending.amount > 0 ? 'shoppers.credit' : 'shoppers.debit', { reason: pending.reason }),
            destination: t('shoppers.balanceOf', { account }),
          }
        }
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          setError(null);
          try {
            await api.post('/api/admin/balance/adjust', { account, ...pending });
            void message.success(t('shoppers.adjusted'));
            form.resetFields();
            onDone();
          } catch (failure) {
            setError((failure as Error).message);
          } finally {
            setPending(null);
          }
        }}
      />
    </Card>
  );
}
