import { useEffect, useMemo } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth';
import { MENU_GROUPS, MENU_PAGES, pageOfLocation } from '../console-pages';
import { useLocalState } from '../use-local-state';
import { useNarrow } from '../use-narrow';
import { useWebConfig } from '../webconfig';
import { MENU_ICONS } from './menu-icons';

export const MENU_OPEN_KEY = 'roomcast.menu.open';
export const MENU_SELECTED_KEY = 'roomcast.menu.selected';
const MENU_COLLAPSED_KEY = 'roomcast.menu.collapsed';

/** The settings-mode menu (spec §2): groups and items the user's functions allow; open/selected keys kept locally. */
export function SideMenu() {
  const { t } = useTranslation('menu');
  const { can } = useAuth();
  const config = useWebConfig();
  const narrow = useNarrow();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [openKeys, setOpenKeys] = useLocalState<string[]>(MENU_OPEN_KEY, []);
  const [selectedKeys, setSelectedKeys] = useLocalState<string[]>(MENU_SELECTED_KEY, []);
  const [collapsedWide, setCollapsedWide] = useLocalState<boolean>(MENU_COLLAPSED_KEY, false);
  // Narrow screens always start with the icon-only menu so the page keeps its width.
  const collapsed = narrow || collapsedWide;

  const items = useMemo<MenuProps['items']>(
    () =>
      MENU_GROUPS.flatMap((group) => {
        const children = MENU_PAGES.filter((p) => p.group === group.key && can(...p.requires) && !p.hiddenWhen?.(config)).map((p) => ({
          key: p.path,
          icon: MENU_ICONS[p.icon],
          label: t(`items.${p.id}`),
          'data-testid': `menu-${p.id}`,
        }));
        return children.length ? [{ key: group.key, icon: MENU_ICONS[group.icon], label: t(`groups.${group.key}`), children }] : [];
      }),
    [can, config, t],
  );

  // The selection follows the address (links, back button), and is remembered for the next visit.
  const current = pageOfLocation(pathname);
  const currentKey = current ? (current.menuPath ?? current.path) : undefined;
  const currentGroup = current?.group;
  useEffect(() => {
    if (currentKey) setSelectedKeys((keys) => (keys[0] === currentKey ? keys : [currentKey]));
  }, [currentKey, setSelectedKeys]);
  // Opening a screen by its address unfolds its group once; folding it again afterwards is the user's choice.
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup, setOpenKeys]);

  return (
    <Layout.Sider
      className="rc-sider"
      width={228}
      collapsedWidth={64}
      collapsible
      collapsed={collapsed}
      onCollapse={(value) => setCollapsedWide(value)}
      theme="light"
      trigger={narrow ? null : undefined}
    >
      <Menu
        mode="inline"
        items={items}
        selectedKeys={currentKey ? [currentKey] : selectedKeys}
        // antd keeps inline open keys while collapsed; only pass them in the expanded menu.
        {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
        onClick={({ key }) => navigate(`/console/${key}`)}
        aria-label={t('label')}
      />
    </Layout.Sider>
  );
}
