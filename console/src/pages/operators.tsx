import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession, type Role } from '../session';
import { RefreshButton, usePaged } from './queue-kit';

interface OperatorRow {
  id: number;
  name: string;
  roles: Role[];
  enrolled: boolean;
  disabledAt: string | null;
}

const ROLES: Role[] = ['finance', 'support', 'release', 'admin'];

/** Admin: operator accounts; a new one gets a one-time set-up code to hand over. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const { api } = useSession();
  const [form] = Form.useForm<{ name: string; roles: Role[] }>();
  const [created, setCreated] = useState<{ name: string; setupCode: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = usePaged<OperatorRow>(async () => {
    const rows = await api.get<OperatorRow[]>('/api/admin/operators');
    return { list: rows, total: rows.length };
  }, []);

  return (
    <section aria-labelledby="operators-title">
      <Typography.Title level={2} id="operators-title">
        {t('nav.operators')}
      </Typography.Title>
      <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('operators.add')}</h3>} style={{ marginBottom: 24 }}>
        {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
        {created && (
          <Alert
            type="success"
            role="status"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('operators.created', { name: created.name })}
            description={
              <>
                {t('operators.setupCode')}{' '}
                <Typography.Text code copyable data-testid="setup-code">
                  {created.setupCode}
                </Typography.Text>
              </>
            }
          />
        )}
        <Form
          form={form}
          layout="inline"
          name="add-operator"
          onFinish={async (values) => {
            setError(null);
            try {
              const answer = await api.post<{ setupCode: string; operator: { name: string } }>(
                '/api/admin/operator',
                values,
              );
              setCreated({ name: answer.operator.name, setupCode: answer.setupCode });
              form.resetFields();
              list.reload();
            } catch (failure) {
              setError((failure as Error).message);
            }
          }}
        >
          <Form.Item
            label={t('signIn.name')}
            name="name"
            rules={[{ required: true, message: t('signIn.nameRequired') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('operators.roles')}
            name="roles"
            // A validator, not `required`: antd would put aria-required on the checkbox group's <div> (axe).
            rules={[
              {
                validator: (_rule, value?: Role[]) =>
                  value?.length ? Promise.resolve() : Promise.reject(new Error(t('operators.rolesRequired'))),
              },
            ]}
          >
            {/* i18n-keys: role.finance, role.support, role.release, role.admin */}
            <Checkbox.Group options={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('operators.create')}
          </Button>
        </Form>
      </Card>
      <Table<OperatorRow>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data.list}
        title={() => <RefreshButton onClick={list.reload} />}
        columns={[
          { title: t('signIn.name'), dataIndex: 'name' },
          {
            title: t('operators.roles'),
            dataIndex: 'roles',
            render: (roles: Role[]) => roles.map((role) => <Tag key={role}>{t(`role.${role}`)}</Tag>),
          },
          {
            title: t('common.status'),
            key: 'state',
            render: (_v, row) =>
              row.disabledAt
                ? t('operators.disabled')
                : row.enrolled
                  ? t('operators.enrolled')
                  : t('operators.waiting'),
          },
        ]}
      />
    </section>
  );
}
