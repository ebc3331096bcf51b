import { useState } from 'react';
import { Badge, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { createdColumn, QueueScreen, useServerQueue } from './queue-kit';

interface Application {
  id: number;
  account: string;
  shopName: string;
  contact: string;
  note: string;
  createdAt: string;
  approvedAt: string | null;
  shopId: number | null;
}

/** The contact when it reads as an e-mail address: the invitation's first guess. */
const emailOf = (contact: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.trim()) ? contact.trim() : '');

/** Approving one application: the e-mail address the seller centre's invitation goes to. */
function ApproveDialog({
  row,
  close,
  approve,
}: {
  row: Application | null;
  close: () => void;
  approve: (row: Application, email: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  return (
    <Modal
      open={row !== null}
      title={row ? t('merchants.approveTitle', { shop: row.shopName }) : ''}
      okText={t('merchants.approve')}
      cancelText={t('common.cancel')}
      onCancel={close}
      destroyOnHidden
      onOk={async () => {
        const { email } = await form.validateFields();
        if (row) await approve(row, email.trim());
        close();
      }}
    >
      <p>{t('merchants.approveHint')}</p>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ email: row ? emailOf(row.contact) : '' }}>
        <Form.Item
          label={t('merchants.email')}
          name="email"
          rules={[{ required: true, type: 'email', message: t('merchants.emailInvalid') }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Support: merchant applications, newest first; approving one opens the seller centre to its applicant. */
export default function MerchantsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { queue, decide } = useServerQueue<Application>('/api/admin/merchant_applications');
  const [approving, setApproving] = useState<Application | null>(null);
  return (
    <>
      <QueueScreen<Application>
        id="merchants"
        title={t('nav.merchants')}
        queue={queue}
        columns={[
          { title: t('common.account'), dataIndex: 'account' },
          { title: t('merchants.shop'), dataIndex: 'shopName' },
          { title: t('merchants.contact'), dataIndex: 'contact' },
          { title: t('merchants.note'), dataIndex: 'note' },
          createdColumn(t('common.created'), i18n.language),
          {
            title: t('common.status'),
            key: 'status',
            render: (_v, row) => (
              <Badge
                status={row.approvedAt ? 'success' : 'warning'}
                text={row.approvedAt ? t('merchants.approved') : t('merchants.pending')}
              />
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v, row) =>
              !row.approvedAt && (
                <Button
                  aria-label={t('merchants.approveOne', { shop: row.shopName, id: row.id })}
                  onClick={() => setApproving(row)}
                >
                  {t('merchants.approve')}
                </Button>
              ),
          },
        ]}
      />
      <ApproveDialog
        row={approving}
        close={() => setApproving(null)}
        approve={(row, email) =>
          decide(() => api.post('/api/admin/merchant_application/approve', { id: row.id, email }), t('merchants.done'))
        }
      />
    </>
  );
}
