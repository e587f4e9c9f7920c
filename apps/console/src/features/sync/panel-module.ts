import type { ReactNode } from 'react';
import type { PanelDecl } from '../../components/settings/settings-form';
import type { SettingsEdit } from '../../components/settings/use-settings-edit';

/**
 * One part of the Third-party screen: its panels on the one SettingsPanel, and what it adds to them (a card
 * title with an icon, content below the fields such as Test connection and its queue), by panel title.
 */
export interface PanelModule {
  panels: PanelDecl[];
  titles?: Record<string, ReactNode>;
  below?: Record<string, ReactNode | ((form: SettingsEdit) => ReactNode)>;
}
