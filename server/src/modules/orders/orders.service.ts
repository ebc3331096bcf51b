import type { Page } from '@marketplace/shared/contracts';
import type { OrdersRepository } from './orders.repository';
import type { OrderListQuery, OrderSummary } from './orders.schemas';

export const createOrdersService = ({ orders }: { orders: OrdersRepository }) => ({
  /** Only the caller's own orders: ownership is part of the query, not a check afterwards. */
  async listOrders(userId: number, query: OrderListQuery): Promise<Page<OrderSummary>> {
    const status = query.status === 'all' ? null : Number(query.status);
    const { rows, total } = await orders.listForUser(userId, status, (query.page - 1) * query.pageSize, query.pageSize);
    return {
      list: rows.map((row) => ({
        id: row.id,
        orderNo: row.orderNo,
        shopName: row.shopName,
        status: row.status,
        total: row.totalCents,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  },
});

export type OrdersService = ReturnType<typeof createOrdersService>;
