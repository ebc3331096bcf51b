import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { RECHARGE_METHODS } from '@marketplace/shared/contracts';
import { TOP_UP_METHOD_ICONS, TOP_UP_METHOD_ROUTES } from '../top-up-methods';
import './top-up-screen.css';

interface TopUpMethodListProps {
  header: string;
  /** Each method with its icon and a line on how it works (the top-up screen), else the names alone. */
  detailed?: boolean;
}

/** The four ways to add to the balance, each a link to its form. */
export function TopUpMethodList({ header, detailed = false }: TopUpMethodListProps) {
  const { t } = useTranslation('wallet');
  return (
    <List header={header}>
      {RECHARGE_METHODS.map((method) => {
        const Icon = TOP_UP_METHOD_ICONS[method];
        return (
          // i18n-keys: topUp.methods.bank.text, topUp.methods.onChain.text, topUp.methods.card.text, topUp.methods.manual.text
          // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.card.title, topUp.methods.manual.title
          <List.Item
            key={method}
            prefix={detailed && <Icon aria-hidden="true" className="wallet-top-up__icon" />}
            description={detailed && t(`topUp.methods.${method}.text`)}
            arrow
          >
            <Link className="wallet-top-up__link" to={TOP_UP_METHOD_ROUTES[method]}>
              {t(`topUp.methods.${method}.title`)}
            </Link>
          </List.Item>
        );
      })}
    </List>
  );
}
