import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A list of the wallet's other pages: each row a link to `to`, named by the wallet text `key`. */
export function LinkList({ links }: { links: readonly (readonly [to: string, key: string])[] }) {
  const { t } = useTranslation('wallet');
  return (
    <List>
      {links.map(([to, key]) => (
        <List.Item key={to} arrow>
          <Link className="wallet-top-up__link" to={to}>
            {t(key)}
          </Link>
        </List.Item>
      ))}
    </List>
  );
}
