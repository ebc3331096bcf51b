import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Empty, Form, Input, List, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../queues';
import { useSession } from '../session';
import { RefreshButton, useDecision, useWholeQueue } from './queue-kit';

interface Thread {
  userId: number;
  account: string;
  lastMessage: string;
  lastAt: string;
  unanswered: number;
}
interface Message {
  id: number;
  fromOperator: boolean;
  body: string;
  createdAt: string;
}

/** Support: customer-service threads, unanswered first; read one and reply. */
export default function ServicePage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [current, setCurrent] = useState<Thread | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [form] = Form.useForm<{ body: string }>();
  const threads = useWholeQueue<Thread>('/api/admin/service_threads');
  const [messagesTick, setMessagesTick] = useState(0);
  const reply = useDecision(() => {
    threads.reload();
    setMessagesTick((n) => n + 1);
  });
  useEffect(() => {
    if (!current) return undefined;
    let live = true;
    api.get<Message[]>('/api/admin/service_messages', { userId: current.userId }).then(
      (list) => live && setMessages(list),
      () => live && setMessages([]),
    );
    return () => {
      live = false;
    };
  }, [api, current, messagesTick]);

  return (
    <section aria-labelledby="service-title">
      <Typography.Title level={2} id="service-title">
        {t('nav.service')}
      </Typography.Title>
      {threads.error && (
        <Alert type="error" role="alert" showIcon message={threads.error} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        <Col span={9}>
          <Card
            title={t('common.total', { count: threads.data.total })}
            extra={<RefreshButton onClick={threads.reload} />}
          >
            <List<Thread>
              loading={threads.loading}
              dataSource={threads.data.list}
              pagination={threads.data.total > 10 ? { pageSize: 10 } : false}
              renderItem={(thread) => (
                <List.Item>
                  <Button
                    type={current?.userId === thread.userId ? 'primary' : 'text'}
                    block
                    style={{ height: 'auto', textAlign: 'start', whiteSpace: 'normal' }}
                    onClick={() => setCurrent(thread)}
                    aria-label={t('service.openThread', { account: thread.account, count: thread.unanswered })}
                  >
                    <Badge count={thread.unanswered} offset={[12, 0]}>
                      <strong>{thread.account}</strong>
                    </Badge>
                    <div>{thread.lastMessage}</div>
                  </Button>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col span={15}>
          {current ? (
            <Card title={t('service.threadWith', { account: current.account })}>
              <List<Message>
                dataSource={messages}
                renderItem={(message) => (
                  <List.Item style={{ justifyContent: message.fromOperator ? 'flex-end' : 'flex-start' }}>
                    <div>
                      <Typography.Text type="secondary">
                        {message.fromOperator ? t('service.operator') : current.account} ·{' '}
                        {dateTime(message.createdAt, i18n.language)}
                      </Typography.Text>
                      <div style={{ whiteSpace: 'pre-wrap' }}>{message.body}</div>
                    </div>
                  </List.Item>
                )}
              />
              <Form
                form={form}
                layout="vertical"
                onFinish={async ({ body }) => {
                  const sent = await reply(
                    () => api.post('/api/admin/service_reply', { userId: current.userId, body: body.trim() }),
                    t('service.sent'),
                  );
                  if (sent) form.resetFields();
                }}
              >
                <Form.Item
                  label={t('service.reply')}
                  name="body"
                  rules={[{ required: true, whitespace: true, max: 1000, message: t('service.replyRequired') }]}
                >
                  <Input.TextArea rows={3} maxLength={1000} />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  {t('service.send')}
                </Button>
              </Form>
            </Card>
          ) : (
            <Empty description={t('service.pick')} />
          )}
        </Col>
      </Row>
    </section>
  );
}
