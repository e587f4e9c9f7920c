import { Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { actionColumn } from '../../components/action-column';
import { coverUrl, type Album } from './album-form';

interface Props {
  albums: Album[];
  loading: boolean;
  /** The album whose share switch is being saved. */
  sharing?: number;
  onShare: (album: Album, share: boolean) => void;
  onEdit: (album: Album) => void;
  onRemove: (album: Album) => Promise<unknown>;
}

/** The albums with cover, name, description, count and share switch; the default album cannot be deleted. */
export function AlbumTable({ albums, loading, sharing, onShare, onEdit, onRemove }: Props) {
  const { t } = useTranslation('albums');
  const columns: TableColumnsType<Album> = [
    {
      title: t('cover'),
      key: 'cover',
      width: 112,
      render: (_: unknown, album) =>
        album.path ? (
          <img className="rc-album-thumb" src={coverUrl(album.path)} alt={t('coverOf', { name: album.name })} />
        ) : (
          <span className="rc-album-thumb rc-album-thumb-empty" role="img" aria-label={t('noCover')}>
            <FolderOpenOutlined />
          </span>
        ),
    },
    {
      title: t('name'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, album) => (
        <>
          <Typography.Text strong>{name}</Typography.Text>
          {album.isdefault && (
            <Tag className="rc-album-default" color="blue">
              {t('default')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('description'),
      dataIndex: 'description',
      render: (text: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} className="rc-album-text">
          {text}
        </Typography.Paragraph>
      ),
    },
    { title: t('count'), dataIndex: 'count', width: 110, align: 'right', sorter: (a, b) => a.count - b.count },
    { title: t('createtime'), dataIndex: 'createtime', width: 180, sorter: (a, b) => a.createtime.localeCompare(b.createtime) },
    {
      title: t('share'),
      key: 'share',
      width: 90,
      render: (_: unknown, album) => (
        <Switch
          checked={album.share}
          loading={sharing === album.id}
          aria-label={t('shareOf', { name: album.name })}
          onChange={(share) => onShare(album, share)}
        />
      ),
    },
    actionColumn<Album>({
      title: t('operation'),
      width: 180,
      editText: t('edit'),
      removeText: t('delete'),
      cancelText: t('cancel'),
      confirm: (album) => t('confirmDelete', { name: album.name }),
      rowName: (album) => album.name,
      onEdit,
      onRemove,
      canRemove: (album) => !album.isdefault,
    }),
  ];
  return (
    <Table<Album>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={albums}
      loading={loading}
      pagination={{ defaultPageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('empty') }}
    />
  );
}
