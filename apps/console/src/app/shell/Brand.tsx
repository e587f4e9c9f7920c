import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '../webconfig';
import { currentLanguage } from '../i18n';
import { ProductMark } from '../../components/ProductMark';

/** Logo from webconfig head.image, else the product wordmark; then the optional title text (head.showtext). */
export function Brand({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('shell');
  const config = useWebConfig();
  const product = config.site.title || t('productName');
  const headtext = config.head.message.headtext;
  const title = config.head.showtext ? (headtext[currentLanguage()] ?? headtext.en_US ?? '') : '';
  return (
    <div className="rc-brand">
      <Link to="/main" className="rc-brand-logo" aria-label={product}>
        {config.head.image ? <img src={config.head.image} alt={product} /> : <Wordmark text={product} showText={!narrow} />}
      </Link>
      {title && title !== product && !narrow && (
        <span className="rc-brand-title" data-testid="header-title">
          {title}
        </span>
      )}
    </div>
  );
}

function Wordmark({ text, showText }: { text: string; showText: boolean }) {
  return (
    <span className="rc-wordmark">
      <ProductMark />
      {showText && <span>{text}</span>}
    </span>
  );
}
