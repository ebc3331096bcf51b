import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Card, Checkbox, Form, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession, type Role } from '../session';

interface Member {
  id: number;
  email: string;
  roles: Role[];
  enrolled: boolean;
  disabledAt: string | null;
  activeSessions: number;
}

const STAFF_ROLES = ['listings', 'orders', 'finance'] as const;

/** The owner's staff page: invite someone by e-mail with roles, change roles, switch an account off. */
export default function StaffPage() {
  const { t } = useTranslation();
  const { api, me } = useSession();
  const { message } = App.useApp();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [form] = Form.useForm<{ email: string; roles: Role[] }>();
  const load = useCallback(() => {
    void api.get<Member[]>('/api/seller/staff').then(setMembers);
  }, [api]);
  useEffect(load, [load]);
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch (failure) {
      void message.error((failure as Error).message);
    } finally {
      load();
    }
  };
  // i18n-keys: role.owner, role.listings, role.orders, role.finance
  const roleName = (role: Role) => t(`role.${role}`);
  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: roleName(role) }));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('nav.staff')}
      </Typography.Title>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('staff.invite')}</h2>}>
        <Form
          form={form}
          layout="vertical"
          name="invite-staff"
          onFinish={(values) =>
            act(async () => {
              await api.post('/api/seller/staff/invite', values);
              form.resetFields();
            }, t('staff.invited'))
          }
        >
          <Form.Item
            label={t('staff.email')}
            name="email"
            rules={[{ required: true, type: 'email', message: t('staff.emailRequired') }]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('staff.roles')}
            name="roles"
            // A validator, not `required`: antd would put aria-required on the group's div, which axe refuses.
            rules={[
              {
                validator: (_rule, value?: Role[]) =>
                  value?.length ? Promise.resolve() : Promise.reject(new Error(t('staff.rolesRequired'))),
              },
            ]}
          >
            <Checkbox.Group options={roleOptions} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('staff.send')}
          </Button>
        </Form>
      </Card>
      <Table<Member>
        rowKey="id"
        loading={!members}
        dataSource={members ?? []}
        scroll={{ x: true }}
        pagination={false}
        columns={[
          { title: t('staff.email'), dataIndex: 'email' },
          {
            title: t('staff.roles'),
            key: 'roles',
            render: (_v, row) =>
              row.id === me?.id || row.roles.includes('owner') ? (
                row.roles.map(roleName).join(', ')
              ) : (
                <Checkbox.Group
                  aria-label={t('staff.rolesOf', { email: row.email })}
                  options={roleOptions}
                  value={row.roles}
                  onChange={(roles) =>
                    roles.length > 0 &&
                    void act(() => api.post('/api/seller/staff/roles', { id: row.id, roles }), t('staff.saved'))
                  }
                />
              ),
          },
          {
            title: t('staff.status'),
            key: 'status',
            render: (_v, row) => (
              <Badge
                status={row.disabledAt ? 'default' : row.enrolled ? 'success' : 'warning'}
                text={
                  row.disabledAt ? t('staff.disabled') : row.enrolled ? t('staff.active') : t('staff.invitedStatus')
                }
              />
            ),
          },
          { title: t('staff.sessions'), dataIndex: 'activeSessions' },
          {
            title: t('staff.actions'),
            key: 'actions',
            // i18n-keys: staff.enableOne, staff.disableOne, staff.enable, staff.disable
            render: (_v, row) =>
              row.id !== me?.id && (
                <Button
                  danger={!row.disabledAt}
                  aria-label={t(row.disabledAt ? 'staff.enableOne' : 'staff.disableOne', { email: row.email })}
                  onClick={() =>
                    void act(
                      () => api.post('/api/seller/staff/disabled', { id: row.id, disabled: !row.disabledAt }),
                      t('staff.saved'),
                    )
                  }
                >
                  {t(row.disabledAt ? 'staff.enable' : 'staff.disable')}
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
