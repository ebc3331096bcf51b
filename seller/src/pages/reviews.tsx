import { useCallback, useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Rate, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';

interface Review {
  id: number;
  author: string;
  product: string | null;
  content: string;
  productScore: number;
  createdAt: string;
  reply: string | null;
}

/** The shop's reviews, newest first; each may be answered once, and the answer shows under it for shoppers. */
export default function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: Review[]; total: number } | null>(null);
  const [answering, setAnswering] = useState<Review | null>(null);
  const [form] = Form.useForm<{ reply: string }>();
  const load = useCallback(() => {
    void api.get<{ list: Review[]; total: number }>('/api/seller/reviews', { page, pageSize: 20 }).then(setData);
  }, [api, page]);
  useEffect(load, [load]);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('nav.reviews')}
      </Typography.Title>
      <Table<Review>
        rowKey="id"
        loading={!data}
        dataSource={data?.list ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, total: data?.total ?? 0, pageSize: 20, onChange: setPage }}
        columns={[
          { title: t('reviews.product'), dataIndex: 'product' },
          { title: t('reviews.author'), dataIndex: 'author' },
          {
            title: t('reviews.score'),
            dataIndex: 'productScore',
            render: (score: number) => <Rate disabled value={score} aria-label={t('reviews.scoreOf', { score })} />,
          },
          { title: t('reviews.content'), dataIndex: 'content' },
          {
            title: t('reviews.date'),
            dataIndex: 'createdAt',
            render: (value: string) => new Date(value).toLocaleDateString(i18n.language),
          },
          {
            title: t('reviews.reply'),
            key: 'reply',
            render: (_v, row) =>
              row.reply ?? (
                <Button
                  onClick={() => setAnswering(row)}
                  aria-label={t('reviews.answerOne', { author: row.author, id: row.id })}
                >
                  {t('reviews.answer')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={answering !== null}
        title={t('reviews.answerTitle')}
        okText={t('reviews.publish')}
        cancelText={t('common.cancel')}
        onCancel={() => setAnswering(null)}
        destroyOnHidden
        onOk={async () => {
          const { reply } = await form.validateFields();
          try {
            await api.post('/api/seller/review/reply', { id: answering!.id, reply: reply.trim() });
            void message.success(t('reviews.published'));
            setAnswering(null);
          } catch (failure) {
            void message.error((failure as Error).message);
          } finally {
            load();
          }
        }}
      >
        <Typography.Paragraph>{answering?.content}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            label={t('reviews.yourAnswer')}
            name="reply"
            extra={t('reviews.once')}
            rules={[{ required: true, whitespace: true, max: 1000, message: t('reviews.replyLength') }]}
          >
            <Input.TextArea rows={4} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
