import { ConfigProvider, type ThemeConfig } from 'antd';
import { AdminPage } from '../../features/admin/components/admin-page';
import { palette } from '../theme';

/** Ant Design's faint text, as the house's faint ivory (--mf-ivory-faint), which keeps 4.5:1 on its panels. */
const FAINT_TEXT = 'rgba(244, 238, 227, 0.56)';

/**
 * The seed of the danger colour: the dark algorithm dims a seed before it colours text, so the
 * seed is the house's danger (--mf-danger) lifted enough for Delete, Reject and Refund to keep
 * 4.5:1 on a raised panel and under a hover.
 */
const DANGER_SEED = '#eb9a8c';

/**
 * The admin's dense screens lean on Ant Design's faint tokens (placeholders, descriptions, danger
 * links, the focus ring), which the dark algorithm derives too dim to read or to see: here they keep
 * text at 4.5:1 and the focus ring at 3:1 on the night panels.
 */
const adminTheme: ThemeConfig = {
  token: {
    colorTextPlaceholder: FAINT_TEXT,
    colorTextTertiary: FAINT_TEXT,
    colorTextDescription: FAINT_TEXT,
    colorError: DANGER_SEED,
    colorPrimaryBorder: palette.gold,
    lineWidthFocus: 2,
  },
};

export function AdminRoute() {
  return (
    <ConfigProvider theme={adminTheme}>
      <AdminPage />
    </ConfigProvider>
  );
}
