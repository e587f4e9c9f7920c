import { Card, Empty, List, Skeleton, Typography } from 'antd';
import { FolderOpenOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { UPLOAD_PREFIX } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { apiErrorText, useCallQuery } from '../../../api/hooks';
import './viewer.css';

/** Shared albums only (spec §6 Viewer); each opens its file list. A failure shows the empty state with why. */
export function VodCard() {
  const { t } = useTranslation('albums', { keyPrefix: 'viewer' });
  const albums = useCallQuery('listalbum', {}, { silent: true });
  const shared = (albums.data ?? []).filter((a) => a.share);

  let body: ReactNode;
  if (albums.isLoading) body = <Skeleton active />;
  else if (albums.isError) body = <Empty description={apiErrorText(albums.error)} data-testid="vod-empty" />;
  else if (shared.length === 0) body = <Empty description={t('vod.empty')} data-testid="vod-empty" />;
  else {
    body = (
      <List
        grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 3, xl: 4, xxl: 5 }}
        dataSource={shared}
        renderItem={(album) => (
          <List.Item>
            <Link to={`/main/files?album=${album.id}`} data-testid="vod-album">
              <Card
                hoverable
                size="small"
                cover={
                  album.path ? (
                    <img className="rc-album-cover" src={`${UPLOAD_PREFIX}${album.path.replace(/^\/+/, '')}`} alt="" />
                  ) : (
                    <div className="rc-album-cover rc-album-cover-empty">
                      <FolderOpenOutlined />
                    </div>
                  )
                }
              >
                <Card.Meta
                  title={album.name}
                  description={
                    <>
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="rc-album-description">
                        {album.description || '\u00a0'}
                      </Typography.Paragraph>
                      <span>{t('vod.count', { count: album.count })}</span>
                    </>
                  }
                />
              </Card>
            </Link>
          </List.Item>
        )}
      />
    );
  }

  return (
    <Card
      className="rc-viewer-card"
      title={
        <span>
          <PlaySquareOutlined /> {t('vod.title')}
        </span>
      }
      data-testid="vod-card"
    >
      {body}
    </Card>
  );
}
